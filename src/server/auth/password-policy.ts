import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * T06 (ASVS 6.2): at least 8 characters (better-auth), up to 128, no composition rules, and not one of the
 * ~49,000 most common passwords of zxcvbn's list. Compared case-insensitively: "Password1" is as guessable.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry: string) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
