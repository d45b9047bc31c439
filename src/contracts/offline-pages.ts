/**
 * What a public page says offline (ADR 033), apart from the outbox's texts (client-actions.ts) so the public
 * pages' code does not carry the staff pages' messages.
 */
export const OFFLINE_PAGE_MESSAGES = {
  offlineCopy: 'You are offline: this is the last copy saved on this device.',
  /** "last updated 14:32": when the copy was fetched, local time. */
  lastUpdated: (time: string) => `last updated ${time}`,
} as const;

/**
 * The staff pages used in the hall that open again when reloaded without the network (ADR 032): the service worker
 * keeps their HTML like the public pages' (network first), and their data comes from the tab's kept copy.
 */
export const OFFLINE_STAFF_PAGE_PATHS = [
  '/admin/checkin-desk',
  '/admin/checkin-overview',
  '/admin/match-results',
  '/mss-nfc-access',
] as const;
