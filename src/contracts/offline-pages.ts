/**
 * What a public page says offline (ADR 033), apart from the outbox's texts (client-actions.ts) so the public
 * pages' code does not carry the staff pages' messages.
 */
export const OFFLINE_PAGE_MESSAGES = {
  offlineCopy: 'You are offline: this is the last copy saved on this device.',
  /** "last updated 14:32": when the copy was fetched, local time. */
  lastUpdated: (time: string) => `last updated ${time}`,
} as const;
