import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../contracts/common';
import type { Database } from '../db/client';

/** What a request hears while the database cannot be reached (ADR 016): try again shortly. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again shortly.';
/** Seconds a client should wait before retrying a 503 (a PostgreSQL restart takes a few seconds). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Error codes that mean "the database is not there", not "the query was wrong": socket errors of the driver,
 * PostgreSQL's shutdown and start-up refusals (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now), its connection-exception class (08…) and too many connections (53300).
 */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** Messages of node-postgres and PGlite for a lost or closed connection (they carry no code). */
const CONNECTION_ERROR_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable|PGlite is closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|is not currently accepting connections/i;

/**
 * True when `error`, or any error it wraps (Drizzle wraps the driver's error in `cause`; a failed connect
 * to several addresses is an AggregateError), says the database could not be reached.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (current instanceof DatabaseUnavailableError) return true;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.test(message)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** Thrown where a request cannot go on without the database (e.g. the actor's permissions did not load). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ error: DATABASE_UNAVAILABLE_MESSAGE, requestId: request.id } satisfies ApiError);
}

const PROBE_TIMEOUT_MS = 2_000;
const PROBE_MEMO_MS = 1_000;
/** A failure this soon after the database was last found unreachable counts as part of that outage. */
const OUTAGE_TAIL_MS = 5_000;

/**
 * Answers "does the database answer right now?" for errors that do not say why they happened (better-auth
 * turns a failed query into its own 500). One probe at a time, its answer reused for a second, so a burst of
 * failing requests during an outage costs the database one `select 1`.
 */
export class DatabaseProbe {
  private last: { at: number; reachable: Promise<boolean> } | undefined;
  private lastUnreachableAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly database: Pick<Database, 'ping'>,
    private readonly now: () => number = Date.now,
  ) {}

  isReachable(): Promise<boolean> {
    const at = this.now();
    if (this.last && at - this.last.at < PROBE_MEMO_MS) return this.last.reachable;
    let timer: NodeJS.Timeout | undefined;
    const reachable = Promise.race([
      this.database.ping().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      }),
    ])
      .catch(() => false)
      .then((answer) => {
        if (!answer) this.lastUnreachableAt = this.now();
        return answer;
      })
      .finally(() => clearTimeout(timer));
    this.last = { at, reachable };
    return reachable;
  }

  /** An error said the database is lost (a refused or cut connection): the outage has a known moment. */
  noteUnreachable(): void {
    this.lastUnreachableAt = this.now();
  }

  /**
   * Whether a failure that does not say why it happened belongs to an outage: the database does not answer
   * now, or did not a moment ago (a query that failed while it restarted, probed once it was back).
   */
  async isOutage(): Promise<boolean> {
    if (!(await this.isReachable())) return true;
    return this.now() - this.lastUnreachableAt < OUTAGE_TAIL_MS;
  }
}
