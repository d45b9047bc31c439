import type { FastifyInstance } from 'fastify';
import { LIVE_EVENT_NAME } from '../../contracts/live';
import type { ChangeFeed } from './change-feed';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/live: a server-sent events stream of change events. Browsers reconnect by themselves; the
 * heartbeat keeps proxies and phones from dropping an idle stream.
 */
export function registerLiveRoutes(app: FastifyInstance, feed: ChangeFeed): void {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

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
      response.write(`retry: 3000\n: connected\n\n`);
      const unsubscribe = feed.subscribe((event) => {
        response.write(`event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => response.write(': ping\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!response.writableEnded) response.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
}
