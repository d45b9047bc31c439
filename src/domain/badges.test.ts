import { describe, expect, it } from 'vitest';
import {
  BADGE_CODE_LENGTH,
  BADGE_TOKEN_LENGTH,
  badgeCodeFrom,
  badgeTokenFrom,
  badgeUrl,
  formatBadgeCode,
  isBadgeToken,
  normalizeBadgeCode,
  readBadgeScan,
} from './badges';

const bytes = (length: number, fill: (index: number) => number) =>
  Uint8Array.from({ length }, (_, i) => fill(i));

describe('badge tokens', () => {
  it('are 26 base32 characters carrying all 128 bits', () => {
    const zeros = badgeTokenFrom(bytes(16, () => 0));
    const ones = badgeTokenFrom(bytes(16, () => 255));
    expect(zeros).toBe('a'.repeat(26));
    expect(ones).toBe(`${'7'.repeat(25)}4`); // the last character holds the remaining 3 bits
    expect(ones).toHaveLength(BADGE_TOKEN_LENGTH);
    // A change in any single bit changes the token.
    const seen = new Set<string>();
    for (let bit = 0; bit < 128; bit += 1) {
      seen.add(badgeTokenFrom(bytes(16, (i) => (i === bit >> 3 ? 1 << (bit & 7) : 0))));
    }
    expect(seen.size).toBe(128);
    expect(isBadgeToken(ones)).toBe(true);
  });

  it('refuse the wrong number of random bytes', () => {
    expect(() => badgeTokenFrom(bytes(15, () => 1))).toThrow(RangeError);
    expect(() => badgeCodeFrom(bytes(7, () => 1))).toThrow(RangeError);
  });
});

describe('badge codes', () => {
  it('are 8 characters without I, L, O or U, printed in two halves', () => {
    const all = Array.from({ length: 32 }, (_, i) => badgeCodeFrom(bytes(8, () => i))).join('');
    expect(new Set(all).size).toBe(32);
    expect(all).not.toMatch(/[ILOU]/);
    const code = badgeCodeFrom(bytes(8, (i) => i * 37));
    expect(code).toHaveLength(BADGE_CODE_LENGTH);
    expect(formatBadgeCode('ABCD2345')).toBe('ABCD-2345');
  });

  it('are read back ignoring case, spaces and hyphens, O as 0 and I or L as 1', () => {
    expect(normalizeBadgeCode('abcd-2345')).toBe('ABCD2345');
    expect(normalizeBadgeCode(' ab cd 2345 ')).toBe('ABCD2345');
    expect(normalizeBadgeCode('OIL0-1234')).toBe('01101234');
    expect(normalizeBadgeCode('ABCD-234')).toBeNull();
    expect(normalizeBadgeCode('ABCD-234U')).toBeNull();
    expect(normalizeBadgeCode('ABCD-23456')).toBeNull();
  });
});

describe('reading a scan', () => {
  const token = badgeTokenFrom(bytes(16, (i) => i * 11));

  it('takes the token from the kiosk URL, a bare token or a typed code', () => {
    expect(badgeUrl('https://chess.example/', token)).toBe(`https://chess.example/mss-nfc-access#t=${token}`);
    expect(readBadgeScan(badgeUrl('https://chess.example', token))).toEqual({ token });
    expect(readBadgeScan(`  ${token.toUpperCase()}\n`)).toEqual({ token });
    expect(readBadgeScan('abcd-2345')).toEqual({ code: 'ABCD2345' });
  });

  it('refuses anything else, including a URL with a malformed token', () => {
    expect(readBadgeScan('https://chess.example/mss-nfc-access#t=short')).toBeNull();
    expect(readBadgeScan('https://chess.example/player-lookup?name=Ann')).toBeNull();
    expect(readBadgeScan('')).toBeNull();
    expect(readBadgeScan('Judit Polgar')).toBeNull();
  });
});
