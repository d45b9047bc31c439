/** Pure helpers of the registration settings form (euro amounts and the closing date's local input). */

/** "60", "60.5", "60,50", "€60.00" → 6000; null when it is not an amount in euro with at most 2 decimals. */
export function euroToCents(text: string): number | null {
  const compact = text.trim().replace(/^€\s*/, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(compact)) return null;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 6000 → "60.00", for the input. */
export function centsToEuroInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant → the value of a datetime-local input, in this device's time zone. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (this device's time zone) → an ISO instant; '' → null; invalid → undefined. */
export function localInputToIso(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
