import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sendRefusal } from './errors';

/** What a request hears from a server that is shutting down (ADR 016). */
export const DRAINING_MESSAGE = 'The server is restarting. Please try again in a moment.';
export const DRAINING_RETRY_AFTER_SECONDS = 2;
/** A connection idle this long while draining is closed; one busier than that is answered first. */
export const DRAIN_LINGER_MS = 500;

/**
 * The shutdown state of one server process. Once `start()` is called, every new request (also on an open
 * keep-alive connection) is answered 503 with `Connection: close` and Retry-After, requests already running
 * finish, and `onStart` listeners (the live-update streams) say goodbye.
 */
export class Drain {
  private draining = false;
  private readonly listeners = new Set<() => void>();
  private active = 0;
  private lastRequestAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /** Requests that have arrived and not yet been answered (streams included). */
  get inFlight(): number {
    return this.active;
  }

  /** Milliseconds since the last request arrived. */
  get quietForMs(): number {
    return this.now() - this.lastRequestAt;
  }

  onStart(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.draining) return;
    this.draining = true;
    for (const listener of [...this.listeners]) listener();
  }

  /** Counts a request from its arrival until its response has been sent or its connection dropped. */
  track(response: { once(event: 'close', listener: () => void): unknown }): void {
    this.active++;
    this.lastRequestAt = this.now();
    response.once('close', () => {
      this.active--;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's shutdown state: `main.ts` starts it on SIGTERM. */
    drain: Drain;
  }
}

/** The first hook of every request: while draining, 503 + `Connection: close`; otherwise nothing. */
export function registerDrain(app: FastifyInstance, drain: Drain): void {
  app.decorate('drain', drain);
  app.server.on('request', (_request, response) => drain.track(response));
  app.addHook('onRequest', async (request, reply) => {
    if (!drain.isDraining) return;
    reply.header('connection', 'close').header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS));
    return sendRefusal(reply, 503, { error: DRAINING_MESSAGE, requestId: request.id });
  });
  // A request that was already running when the drain began is answered normally, on a closing connection.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (drain.isDraining) reply.header('connection', 'close');
    return payload;
  });
}

export interface ShutdownOptions {
  /** The longest wait for running requests before the remaining connections are cut. */
  timeoutMs: number;
  lingerMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/**
 * Drains and closes the app (ADR 016): stops accepting connections (a proxy retries a refused connection on
 * another process, whatever the method), answers requests arriving on open connections with 503, lets
 * running requests finish, waits until no request has arrived for `lingerMs`, then closes the app (its idle
 * connections and onClose hooks). Resolves true when everything finished within `timeoutMs`.
 */
export async function drainAndClose(
  app: FastifyInstance,
  drain: Drain,
  options: ShutdownOptions,
): Promise<boolean> {
  const lingerMs = options.lingerMs ?? DRAIN_LINGER_MS;
  const deadline = Date.now() + options.timeoutMs;
  drain.start();
  // net.Server's own close stops listening without http.Server's closeIdleConnections(): an idle keep-alive
  // connection may carry a request at this very moment, and it should get an answer, not a reset.
  if (app.server.listening) NetServer.prototype.close.call(app.server);
  while (Date.now() < deadline && (drain.inFlight > 0 || drain.quietForMs < lingerMs)) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const finished = drain.inFlight === 0;
  if (!finished) {
    options.log?.('shutdown: requests still running at the time-out; closing their connections', {
      inFlight: drain.inFlight,
    });
    app.server.closeAllConnections();
  }
  await app.close();
  return finished;
}
