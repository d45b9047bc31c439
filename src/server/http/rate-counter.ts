import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema/shared-state';
import { addressKey } from './client-address';
import { HttpError } from './errors';

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export type Reservation = { ok: true; count: number } | { ok: false; retryAfterSeconds: number };

/** Expired rows are deleted at most this often per process (any process may do it; the rows are shared). */
const PURGE_EVERY_MS = 60_000;

/**
 * Fixed-window attempt counters in PostgreSQL, shared by every server process (ADR 010, "Since").
 *
 * `reserve` takes one attempt atomically — a single upsert that increments only while the count is below the
 * limit — so a burst of concurrent requests, on one process or many, gets exactly `limit` reservations and
 * the rest are refused without being counted. A window starts with the first attempt after the previous
 * one ended. `release` gives one attempt back (e.g. when it turned out not to count).
 */
export class RateCounter {
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async reserve(scope: string, key: string, limit: RateLimit): Promise<Reservation> {
    const now = this.now();
    const nowDate = new Date(now);
    const windowEnd = new Date(now + limit.windowMs);
    await this.purgeNowAndThen(now);
    const expired = lte(rateCounters.expiresAt, nowDate);
    const [row] = await this.db
      .insert(rateCounters)
      .values({ scope, key, count: 1, expiresAt: windowEnd })
      .onConflictDoUpdate({
        target: [rateCounters.scope, rateCounters.key],
        set: {
          count: sql`case when ${expired} then 1 else ${rateCounters.count} + 1 end`,
          expiresAt: sql`case when ${expired} then ${windowEnd.toISOString()}::timestamptz else ${rateCounters.expiresAt} end`,
        },
        setWhere: or(expired, lt(rateCounters.count, limit.limit)),
      })
      .returning({ count: rateCounters.count });
    if (row) return { ok: true, count: row.count };
    const [current] = await this.db
      .select({ expiresAt: rateCounters.expiresAt })
      .from(rateCounters)
      .where(and(eq(rateCounters.scope, scope), eq(rateCounters.key, key)));
    const remainingMs = (current?.expiresAt.getTime() ?? now) - now;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
  }

  /** Gives one reserved attempt back, within the window it was taken in. */
  async release(scope: string, key: string): Promise<void> {
    await this.db
      .update(rateCounters)
      .set({ count: sql`greatest(${rateCounters.count} - 1, 0)` })
      .where(
        and(
          eq(rateCounters.scope, scope),
          eq(rateCounters.key, key),
          lt(sql`${new Date(this.now()).toISOString()}::timestamptz`, rateCounters.expiresAt),
        ),
      );
  }

  private async purgeNowAndThen(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS && now >= this.lastPurge) return;
    this.lastPurge = now;
    await this.db.delete(rateCounters).where(lte(rateCounters.expiresAt, new Date(now)));
  }
}

/**
 * Reserves one attempt for `key`, or refuses with 429, the given message and Retry-After (seconds until the key's
 * window ends): the one way a route says "too many".
 */
export async function reserveOrRefuse(
  counter: RateCounter,
  reply: Pick<FastifyReply, 'header'>,
  attempt: { scope: string; key: string; limit: RateLimit; message: string },
): Promise<void> {
  const reservation = await counter.reserve(attempt.scope, attempt.key, attempt.limit);
  if (reservation.ok) return;
  reply.header('retry-after', String(reservation.retryAfterSeconds));
  throw new HttpError(429, attempt.message);
}

/**
 * A per-address limit for a route: reserves one attempt for the client's address (an IPv6 client's /64,
 * `addressKey`), or refuses with 429, the given message and Retry-After.
 */
export function perAddressLimit(counter: RateCounter, scope: string, limit: RateLimit, message: string) {
  return (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
    reserveOrRefuse(counter, reply, { scope, key: addressKey(request.ip), limit, message });
}
