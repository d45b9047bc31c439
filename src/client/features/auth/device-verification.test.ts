import { describe, expect, it } from 'vitest';
import { cleanCode } from './device-verification';

describe('the verification code field', () => {
  it.each([
    ['123456', '123456'],
    ['12 34 56', '123456'],
    ['abc12x3', '123'],
    ['1234567890', '123456'],
    ['', ''],
  ])('keeps only digits, at most 6: %j → %j', (typed, kept) => {
    expect(cleanCode(typed)).toBe(kept);
  });
});
