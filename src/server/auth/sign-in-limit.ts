import { createHmac } from 'node:crypto';
import { countSecurityEventsSince } from '../audit/audit';
import type { Db } from '../db/client';

/** T01: at most 10 failed sign-ins per account in 15 minutes, wherever they come from; then a 15-minute pause. */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_WINDOW_MINUTES = 15;
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

/**
 * The account key: a keyed hash of the normalised address, so the audit log can count failures per account
 * (known or not: the answer must not reveal which) without storing addresses typed by strangers.
 */
export function accountKey(email: string, secret: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

export function recentFailures(db: Db, key: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000);
  return countSecurityEventsSince(db, { type: 'sign_in_failed', since, accountKey: key });
}
