/** The visitor's cookie choice, stored with the date it was made (docs/requirements.md §1, §4). */
export const COOKIE_CONSENT_KEY = 'cookie-consent';
/** After this many months the banner asks again. */
export const CONSENT_VALID_MONTHS = 6;

export type ConsentChoice = 'accepted' | 'declined';
export interface StoredConsent {
  choice: ConsentChoice;
  /** ISO 8601 date-time of the choice. */
  date: string;
}

function isStoredConsent(value: unknown): value is StoredConsent {
  if (typeof value !== 'object' || value === null) return false;
  const { choice, date } = value as Record<string, unknown>;
  return (
    (choice === 'accepted' || choice === 'declined') &&
    typeof date === 'string' &&
    !Number.isNaN(new Date(date).getTime())
  );
}

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The stored choice if it is well-formed and younger than six months, otherwise null (ask again). */
export function parseConsent(raw: string | null, now: Date): StoredConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isStoredConsent(value)) return null;
  const date = new Date(value.date);
  if (date.getTime() > now.getTime()) return null;
  return addMonths(date, CONSENT_VALID_MONTHS).getTime() > now.getTime() ? value : null;
}

export function readConsent(now: Date = new Date()): StoredConsent | null {
  try {
    return parseConsent(window.localStorage.getItem(COOKIE_CONSENT_KEY), now);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever the choice is made or withdrawn in this tab; returns the unsubscribe. */
export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storeConsent(choice: ConsentChoice, now: Date = new Date()): StoredConsent {
  const consent: StoredConsent = { choice, date: now.toISOString() };
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Storage blocked: the banner hides for this visit and asks again next time.
  }
  for (const listener of listeners) listener();
  return consent;
}

/** "Cookie settings" in the footer: forgets the choice, so the banner asks again (ADR 034). */
export function withdrawConsent(): void {
  try {
    window.localStorage.removeItem(COOKIE_CONSENT_KEY);
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener();
}
