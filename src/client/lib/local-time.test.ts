import { describe, expect, it } from 'vitest';
import { localInputToOffsetIso, parseLocalInput, toLocalInput, toOffsetIso } from './local-time';

describe('local date-time inputs', () => {
  it('sends the instant the device shows, with its offset, and reads it back', () => {
    const iso = localInputToOffsetIso('2025-07-15T10:30');
    expect(iso).toMatch(/^2025-07-15T10:30:00[+-]\d{2}:\d{2}$/);
    const date = new Date(iso as string);
    expect(toLocalInput(date)).toBe('2025-07-15T10:30');
    expect(localInputToOffsetIso('2025-07-15T10:30:45')).toMatch(/^2025-07-15T10:30:45[+-]/);
  });

  it('keeps the instant: the offset string and toISOString name the same moment', () => {
    const now = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(Date.parse(toOffsetIso(now))).toBe(now.getTime());
    expect(toLocalInput(now, true)).toBe(toOffsetIso(now).slice(0, 19));
  });

  it('treats an empty value as none and refuses an incomplete or impossible one', () => {
    expect(localInputToOffsetIso('')).toBeNull();
    expect(localInputToOffsetIso('2025-07-15')).toBeUndefined();
    expect(localInputToOffsetIso('2025-02-31T10:00')).toBeUndefined();
    expect(parseLocalInput('soon')).toBeNull();
  });
});
