import type { FastifyInstance } from 'fastify';
import {
  LIVE_CATCH_UP_EVENT_NAME,
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT_NAME,
  LIVE_SINCE_PARAM,
  type LiveReconnectEvent,
} from '../../contracts/live';
import type { Feature } from '../feature-context';
import type { Drain } from '../http/drain';
import type { ChangeFeed } from './change-feed';

const HEARTBEAT_MS = 25_000;
/** Streams told to reconnect spread their reconnections over this window, so not all arrive at once. */
export const RECONNECT_WITHIN_MS = 3_000;

/**
 * GET /api/live: a server-sent events stream of change events. Browsers reconnect by themselves; the
 * heartbeat keeps proxies and phones from dropping an idle stream. When the server shuts down, each stream
 * gets a last `reconnect` event and ends (ADR 016).
 */
export const liveFeature: Feature = {
  name: 'live',
  register: (app, { feed, drain }) => registerLiveRoutes(app, feed, drain),
};

export function registerLiveRoutes(app: FastifyInstance, feed: ChangeFeed, drain?: Drain): void {
  const open = new Set<(farewell?: boolean) => void>();
  const endAll = (farewell: boolean) => {
    for (const end of [...open]) end(farewell);
  };
  drain?.onStart(() => endAll(true));
  app.addHook('preClose', async () => endAll(true));

  app.get(
    '/api/live',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Server-sent events: one `change` event per burst of changes to public data',
        tags: ['live'],
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      reply.hijack();
      const response = reply.raw;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = String(value);
      }
      response.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      response.write(`retry: 3000\n: connected\n\n`);
      // A page drawn on the server from data read at `since` (ADR 023): a change heard since then reached the
      // page before its stream was open, so it is told at once to catch up.
      const since = Number(new URLSearchParams(request.url.split('?')[1] ?? '').get(LIVE_SINCE_PARAM));
      if (Number.isFinite(since) && since > 0 && feed.lastChangeAt > since) {
        response.write(`event: ${LIVE_CATCH_UP_EVENT_NAME}\ndata: {}\n\n`);
      }
      const unsubscribe = feed.subscribe((event) => {
        response.write(`event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
      }, 'stream');
      const heartbeat = setInterval(() => response.write(': ping\n\n'), HEARTBEAT_MS);
      const end = (farewell = false) => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (response.writableEnded) return;
        if (farewell) {
          const data: LiveReconnectEvent = { withinMs: RECONNECT_WITHIN_MS };
          response.write(`event: ${LIVE_RECONNECT_EVENT_NAME}\ndata: ${JSON.stringify(data)}\n\n`);
          // The connection goes too: the next stream must be a new connection (another process, or the
          // restarted one), not a request on this one, which would get the draining 503.
          response.end(() => request.raw.socket?.end());
          return;
        }
        response.end();
      };
      open.add(end);
      request.raw.on('close', () => end());
    },
  );
}
