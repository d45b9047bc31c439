/**
 * The application's one clock (ADR 019). Every feature reads time through it, so a test that sets the time
 * sets it everywhere: rate windows, audit rows, closing dates, the public snapshot's countdown.
 */
export interface Clock {
  /** The current time. */
  now(): Date;
  /** The current time in milliseconds since the epoch. */
  millis(): number;
}

/** A clock reading `millis` (Date.now by default). */
export function createClock(millis: () => number = Date.now): Clock {
  return { now: () => new Date(millis()), millis };
}
