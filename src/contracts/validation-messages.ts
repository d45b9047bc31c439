import { z } from 'zod';
import { countOf } from '../domain/plural';

/**
 * What a refused field says when its schema names no message of its own (issue #35: "validation messages are
 * worded for people"). Zod's own wording ("Too small: expected string to have >=1 characters", "Invalid UUID")
 * is written for developers; staff and teachers see these sentences instead, on the server's 400 answers and
 * in the browser's forms alike. A schema's own message (`z.string().min(1, 'Enter the school name')`) still
 * wins: this map only fills the gaps. Returns undefined for what it has no better words for (zod's default).
 */
export function humanValidationMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      return expectedWords[issue.expected] ?? 'This value is not valid.';
    case 'invalid_format':
      return formatWords[issue.format] ?? 'This value is not in the expected format.';
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        return minimum <= 1
          ? 'This field cannot be empty.'
          : `Enter at least ${countOf(minimum, 'character')}.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${minimum}.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false ? `Enter a number above ${minimum}.` : `Enter ${minimum} or more.`;
      }
      return undefined;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return `Enter at most ${countOf(maximum, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${maximum}.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false ? `Enter a number below ${maximum}.` : `Enter ${maximum} or less.`;
      }
      return undefined;
    }
    case 'invalid_value':
      return 'Choose one of the options offered.';
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'Enter a whole number.' : `Enter a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Unrecognized ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
}

const expectedWords: Partial<Record<string, string>> = {
  string: 'Enter text here.',
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  boolean: 'Choose yes or no.',
  date: 'Enter a valid date.',
  array: 'This should be a list.',
  object: 'This should be a set of fields.',
};

const formatWords: Partial<Record<string, string>> = {
  uuid: 'This link or id is not valid: check that it was copied whole.',
  guid: 'This link or id is not valid: check that it was copied whole.',
  email: 'Enter a valid e-mail address.',
  url: 'Enter a full web address, starting with https://.',
  datetime: 'Enter a valid date and time.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
  regex: 'This value is not in the expected format.',
};

/** Installs the wording above for every schema of this process (the server's app, the browser's entry). */
export function installHumanValidationMessages(): void {
  z.config({ customError: humanValidationMessage });
}
