import { createHmac } from 'node:crypto';
import { and, eq, gt, gte, like, or, sql } from 'drizzle-orm';
import type { Tx } from '../audit/audit';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { user } from '../db/schema/auth';
import { rateCounters } from '../db/schema/shared-state';
import { addressKey } from '../http/client-address';
import { RateCounter, type RateLimit, type Reservation } from '../http/rate-counter';
import type { Auth } from './auth';
import type { KnownDevice } from './known-device';

/**
 * The sign-in limits (ADR 015), each an attempt counter in PostgreSQL shared by every process. An attempt is
 * reserved atomically before the password is checked, so no burst gets past a limit:
 * - per address (docs/security.md T02): 3 sign-in requests per 10 s, as better-auth's own rule, whose
 *   answer (429 with X-Retry-After) it keeps; an IPv6 client counts as its /64, and a known device of the
 *   typed account has a bucket of its own instead of its address's;
 * - per account (T01): 10 failed sign-ins in 15 minutes from any addresses lock the account until 15 minutes
 *   after the first of them, whether or not the account exists (the answer must not tell);
 * - per known device (known-device.ts): a device the account has signed in from before is exempt from the
 *   account's lock, but has its own cap of 10 failures in 15 minutes.
 * Only a wrong password keeps its reservation; anything else (success, a refusal) gives it back.
 */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_WINDOW_MINUTES = 15;
export const ADDRESS_LIMIT: RateLimit = { limit: 3, windowMs: 10_000 };
export const ACCOUNT_LIMIT: RateLimit = {
  limit: SIGN_IN_FAILURE_LIMIT,
  windowMs: SIGN_IN_WINDOW_MINUTES * 60_000,
};
export const KNOWN_DEVICE_LIMIT: RateLimit = ACCOUNT_LIMIT;

export const SCOPES = {
  address: 'sign-in.address',
  account: 'sign-in.account',
  device: 'sign-in.device',
  deviceRequests: 'sign-in.device-requests',
} as const;

/** better-auth's own answer to a limited address, kept as it was. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';
/** The answer to a locked account, with the time left (the same for an address that has no account). */
export function tooManySignInAttempts(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/**
 * The account key: a keyed hash of the normalised address, so failures are counted per account (known or
 * not: the answer must not reveal which) without storing addresses typed by strangers.
 */
export function accountKey(email: string, secret: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/** A known device's failure counter key: the account's id and the device's, so staff can list and lift it. */
function deviceKey(device: KnownDevice): string {
  return `${device.userId}/${device.deviceId}`;
}
function userIdOfDeviceKey(key: string): string {
  return key.slice(0, key.lastIndexOf('/'));
}

/** What an attempt holds until its outcome is known. */
export interface SignInReservation {
  scope: string;
  key: string;
}

export class SignInLimits {
  constructor(
    private readonly db: Db,
    private readonly counter: RateCounter,
    private readonly secret: string,
  ) {}

  /** The limits every feature that checks a password shares: the database's counters, the one clock. */
  static of(context: { db: Db; clock: Clock; auth: Auth }): SignInLimits {
    const { db, clock, auth } = context;
    return new SignInLimits(db, new RateCounter(db, clock.millis), auth.options.secret);
  }

  /**
   * The known device the request carries, when it is a device of the very account typed (else null: a
   * cookie of another account, or of no account, counts for nothing).
   */
  async deviceOfAccount(email: string, device: KnownDevice | null): Promise<KnownDevice | null> {
    return device && (await this.userIdOf(email)) === device.userId ? device : null;
  }

  /**
   * One sign-in request; never given back (it limits requests, not failures). Counted per address (an IPv6
   * client's /64, `addressKey`), except a request from a known device of the typed account, which has a
   * bucket of its own with the same limit: a whole school shares one address, and a pupil filling that
   * address's bucket every window must not keep staff out on their usual device (ADR 015).
   */
  reserveRequest(ip: string, deviceOfAccount: KnownDevice | null): Promise<Reservation> {
    return deviceOfAccount
      ? this.counter.reserve(SCOPES.deviceRequests, deviceOfAccount.deviceId, ADDRESS_LIMIT)
      : this.counter.reserve(SCOPES.address, addressKey(ip), ADDRESS_LIMIT);
  }

  /**
   * Reserves an attempt at the account's password: on the device's own counter when it is a known device of
   * this very account (`deviceOfAccount`), else on the account's. Refused when the counter is full (failures
   * and attempts under way together), so at most the limit's number of passwords are ever checked in a
   * window.
   */
  async reserveAttempt(
    email: string,
    deviceOfAccount: KnownDevice | null,
  ): Promise<{ ok: true; reservation: SignInReservation } | { ok: false; retryAfterSeconds: number }> {
    const reservation = deviceOfAccount
      ? { scope: SCOPES.device, key: deviceKey(deviceOfAccount) }
      : { scope: SCOPES.account, key: accountKey(email, this.secret) };
    const outcome = await this.counter.reserve(
      reservation.scope,
      reservation.key,
      deviceOfAccount ? KNOWN_DEVICE_LIMIT : ACCOUNT_LIMIT,
    );
    return outcome.ok ? { ok: true, reservation } : outcome;
  }

  /**
   * Settles an attempt once better-auth has answered: a wrong password (401) keeps the reservation, so it
   * counts as a failure; anything else gives it back. A success does not clear the earlier failures: an
   * attacker guessing an account must not get a fresh allowance each time its owner signs in (ADR 015).
   */
  async settle(reservation: SignInReservation, outcome: 'wrong-password' | 'other'): Promise<void> {
    if (outcome === 'other') await this.counter.release(reservation.scope, reservation.key);
  }

  /**
   * Accounts locked now, for user management: the account's own lock (its unlock time and failures) and
   * how many of its known devices are locked by their own failures; `lockedUntil` is the latest of them.
   */
  async lockedAccounts(
    now: Date,
  ): Promise<{ userId: string; lockedUntil: Date; failures: number; lockedDevices: number }[]> {
    const locked = (scope: string, limit: RateLimit) =>
      this.db
        .select({ key: rateCounters.key, count: rateCounters.count, expiresAt: rateCounters.expiresAt })
        .from(rateCounters)
        .where(
          and(
            eq(rateCounters.scope, scope),
            gte(rateCounters.count, limit.limit),
            gt(rateCounters.expiresAt, now),
          ),
        );
    const [accountRows, deviceRows] = await Promise.all([
      locked(SCOPES.account, ACCOUNT_LIMIT),
      locked(SCOPES.device, KNOWN_DEVICE_LIMIT),
    ]);
    if (accountRows.length === 0 && deviceRows.length === 0) return [];
    const locks = new Map<
      string,
      { userId: string; lockedUntil: Date; failures: number; lockedDevices: number }
    >();
    const lockOf = (userId: string) => {
      const lock = locks.get(userId) ?? { userId, lockedUntil: new Date(0), failures: 0, lockedDevices: 0 };
      locks.set(userId, lock);
      return lock;
    };
    if (accountRows.length > 0) {
      // Account keys are keyed hashes of addresses: match them against the accounts' own addresses.
      const byKey = new Map(accountRows.map((row) => [row.key, row]));
      const accounts = await this.db.select({ id: user.id, email: user.email }).from(user);
      for (const account of accounts) {
        const row = byKey.get(accountKey(account.email, this.secret));
        if (!row) continue;
        const lock = lockOf(account.id);
        lock.failures = row.count;
        if (row.expiresAt > lock.lockedUntil) lock.lockedUntil = row.expiresAt;
      }
    }
    for (const row of deviceRows) {
      const lock = lockOf(userIdOfDeviceKey(row.key));
      lock.lockedDevices++;
      if (row.expiresAt > lock.lockedUntil) lock.lockedUntil = row.expiresAt;
    }
    return [...locks.values()];
  }

  /**
   * Lifts an account's lock and its known devices' locks, forgetting their failures; true when anything was
   * locked. Counters under their limit are left as they are (a refused lift changes nothing). Runs in the
   * caller's transaction, so the lift and its audit rows commit together.
   */
  async liftLock(tx: Tx, userId: string, email: string, now: Date): Promise<boolean> {
    const removed = await tx
      .delete(rateCounters)
      .where(
        and(
          gt(rateCounters.expiresAt, now),
          or(
            and(
              eq(rateCounters.scope, SCOPES.account),
              eq(rateCounters.key, accountKey(email, this.secret)),
              gte(rateCounters.count, ACCOUNT_LIMIT.limit),
            ),
            and(
              eq(rateCounters.scope, SCOPES.device),
              like(rateCounters.key, `${userId}/%`),
              gte(rateCounters.count, KNOWN_DEVICE_LIMIT.limit),
            ),
          ),
        ),
      )
      .returning({ key: rateCounters.key });
    return removed.length > 0;
  }

  private async userIdOf(email: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
    return row?.id ?? null;
  }
}
