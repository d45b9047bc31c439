/**
 * What the kiosk's offline outbox says (ADR 032): apart from KIOSK_MESSAGES, so the kiosk page's first load does
 * not carry texts that only the outbox's chunk, loaded when kiosk mode starts, shows.
 */
export const KIOSK_OUTBOX_MESSAGES = {
  /** A kept scan that turned out to be a school badge: left in the outbox's list for staff, who finish at the desk. */
  schoolBadgeKept: (school: string) =>
    `A school badge of ${school} was scanned offline: check its pupils in or out at the desk.`,
  /** How a kept scan is named in the outbox's list (a refused one stays there for staff to read). */
  queuedScan: (action: 'check-in' | 'sign-out', badge: string) =>
    `${action === 'check-in' ? 'Check-in' : 'Sign-out'} with badge ${badge}`,
} as const;
