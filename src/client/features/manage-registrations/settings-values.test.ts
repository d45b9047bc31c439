import { describe, expect, it } from 'vitest';
import { centsToEuroInput, euroToCents, isoToLocalInput, localInputToIso } from './settings-values';

describe('registration settings values', () => {
  it('reads euro amounts as cents, with a comma or a point, and refuses anything else', () => {
    expect(euroToCents('60')).toBe(6000);
    expect(euroToCents('60.5')).toBe(6050);
    expect(euroToCents(' 45,05 ')).toBe(4505);
    expect(euroToCents('€60.00')).toBe(6000);
    expect(euroToCents('60.123')).toBeNull();
    expect(euroToCents('-5')).toBeNull();
    expect(euroToCents('sixty')).toBeNull();
    expect(euroToCents('')).toBeNull();
    expect(centsToEuroInput(6050)).toBe('60.50');
    expect(centsToEuroInput(5)).toBe('0.05');
  });

  it('round-trips the closing date through the local date-time input', () => {
    const iso = '2025-12-01T18:30:00.000Z';
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('not a date')).toBeUndefined();
    expect(isoToLocalInput(null)).toBe('');
  });
});
