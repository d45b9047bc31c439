import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from './form';

/** The server installs the wording for every schema (app.ts); a form's check passes it per parse. */
describe('a form check', () => {
  it("a form's check in the browser says the same, without the server's global setting", () => {
    const schema = z.object({ email: z.email(), school: z.string().min(1, 'Enter the school name') });
    expect(validate(schema, { email: 'nobody', school: '' }).errors).toEqual({
      email: 'Enter a valid e-mail address.',
      school: 'Enter the school name',
    });
  });
});
