import type { FastifyInstance } from 'fastify';

const MINUTE_MS = 60_000;
const WINDOW_MINUTES = 60;

/**
 * Requests this process answered in the last hour, and how many failed on our side (5xx), counted per minute in a
 * ring of 60 slots: constant memory and a few operations per request.
 */
export class RequestStats {
  private readonly minutes = new Array<number>(WINDOW_MINUTES).fill(-1);
  private readonly requests = new Array<number>(WINDOW_MINUTES).fill(0);
  private readonly errors = new Array<number>(WINDOW_MINUTES).fill(0);

  constructor(private readonly now: () => number) {}

  record(statusCode: number): void {
    const minute = Math.floor(this.now() / MINUTE_MS);
    const slot = minute % WINDOW_MINUTES;
    if (this.minutes[slot] !== minute) {
      this.minutes[slot] = minute;
      this.requests[slot] = 0;
      this.errors[slot] = 0;
    }
    this.requests[slot] = (this.requests[slot] ?? 0) + 1;
    if (statusCode >= 500) this.errors[slot] = (this.errors[slot] ?? 0) + 1;
  }

  lastHour(): { requests: number; errors: number } {
    const current = Math.floor(this.now() / MINUTE_MS);
    let requests = 0;
    let errors = 0;
    for (let slot = 0; slot < WINDOW_MINUTES; slot++) {
      const minute = this.minutes[slot] ?? -1;
      if (minute > current - WINDOW_MINUTES && minute <= current) {
        requests += this.requests[slot] ?? 0;
        errors += this.errors[slot] ?? 0;
      }
    }
    return { requests, errors };
  }
}

export function registerRequestStats(app: FastifyInstance, stats: RequestStats): void {
  app.addHook('onResponse', (_request, reply, done) => {
    stats.record(reply.statusCode);
    done();
  });
}
