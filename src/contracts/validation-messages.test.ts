import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RICH_TEXT_LIMITS, richTextInput } from './rich-text';
import { installHumanValidationMessages } from './validation-messages';

/** The server installs the wording for every schema (app.ts); a form's check passes it per parse (lib/form.ts). */
describe('validation messages worded for people', () => {
  beforeAll(() => installHumanValidationMessages());
  const said = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('replaces zod wording for the common refusals', () => {
    expect(said(z.object({ id: z.uuid() }), { id: 'not-an-id' })).toBe(
      'This link or id is not valid: check that it was copied whole.',
    );
    expect(said(z.object({ name: z.string() }), {})).toBe('This field is required.');
    expect(said(z.string().min(1), '')).toBe('This field cannot be empty.');
    expect(said(z.string().min(3), 'ab')).toBe('Enter at least 3 characters.');
    expect(said(z.string().max(1), 'ab')).toBe('Enter at most 1 character.');
    expect(said(z.number().int(), 2.5)).toBe('Enter a whole number.');
    expect(said(z.number().min(1), 0)).toBe('Enter 1 or more.');
    expect(said(z.number(), 'three')).toBe('Enter a number.');
    expect(said(z.email(), 'nobody')).toBe('Enter a valid e-mail address.');
    expect(said(z.enum(['a', 'b']), 'c')).toBe('Choose one of the options offered.');
    expect(said(z.object({}).strict(), { extra: 1 })).toBe('Unrecognized field: extra.');
  });

  it("keeps a schema's own message", () => {
    expect(said(z.string().min(1, 'Enter the school name'), '')).toBe('Enter the school name');
  });

  it('keeps a message the schema writes only when it refuses (rich text over its HTML cap)', () => {
    const html = `<p>${'x'.repeat(RICH_TEXT_LIMITS.announcement.html)}</p>`;
    expect(said(richTextInput('announcement'), html)).toBe(
      'An announcement carries too much formatting to store (over 20,000 characters of HTML). Paste it as plain text or shorten it.',
    );
    expect(said(richTextInput('announcement'), '<p>Round 3 starts at 14:00</p>')).toBeUndefined();
  });
});
