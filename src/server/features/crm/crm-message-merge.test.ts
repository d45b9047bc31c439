import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { CRM_MESSAGE_TEXTS, crmMessagePreviewSchema } from '../../../contracts/crm-messages';
import { crmMessages } from '../../db/schema/crm-messages';
import { mailQueue } from '../../db/schema/mail';
import { schools } from '../../db/schema/schools';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/**
 * Messages to schools never go out with `{{` or `}}` left in (ADR 027, "Messages and reminders"): a template with
 * double braces outside a merge field, or naming a field that is not one, is refused with a message saying
 * which, before anything is stored or queued; braces in a school's own data are not sent as `{{`.
 */
describe('merge fields in messages to schools', () => {
  let t: TestApp;
  let admin: string;
  let schoolId: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    const [school] = await t.database.db
      .insert(schools)
      .values({ name: 'Scoil {{Bhríde}}', teacherName: 'Ms {Byrne}}', teacherEmail: 'byrne@school.example' })
      .returning({ id: schools.id });
    schoolId = school!.id;
  });
  afterAll(async () => t?.close());

  const post = (url: string, subject: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin, origin: TEST_PUBLIC_URL },
      payload: { schoolIds: [schoolId], subject, body },
    });
  const stored = async () => ({
    messages: (await t.database.db.select().from(crmMessages)).length,
    mails: (await t.database.db.select().from(mailQueue)).length,
  });

  it.each([
    ['braces around a field', 'Hello {{{{school_name}}}}', ['Hello {{…}}']],
    ['a field inside braces', '{{ {{teacher_name}} }}, you owe {{amount_owed}}', ['{{ … }}, you owe …']],
    ['a field one brace short', 'Teams: {{teams}', ['Teams: {{teams}']],
  ])(
    'refuses %s on preview and send, quoting the braces, and stores nothing',
    async (_case, body, excerpts) => {
      const before = await stored();
      for (const url of ['/api/crm/messages/preview', '/api/crm/messages']) {
        const response = await post(url, 'Fees', body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          error: CRM_MESSAGE_TEXTS.strayMergeBraces(excerpts),
          code: 'stray_merge_braces',
        });
      }
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses a field that is not a merge field, even inside braces, naming it', async () => {
    const response = await post('/api/crm/messages', 'Hi {{ {{name}} }}', 'Hello');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: CRM_MESSAGE_TEXTS.unknownMergeFields(['name']),
      code: 'unknown_merge_field',
    });
    expect(response.json().error).toBe(
      'Unknown merge field {{name}}. Use {{teacher_name}}, {{school_name}}, {{amount_owed}}, {{teams}}, {{open_tasks}}.',
    );
  });

  it('sends a well-formed message without the braces of the school’s own data', async () => {
    const preview = await post('/api/crm/messages/preview', 'For {{school_name}}', 'Dear {{{teacher_name}}}');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(crmMessagePreviewSchema.parse(preview.json()).first).toMatchObject({
      subject: 'For Scoil {Bhríde}',
      body: 'Dear {Ms {Byrne}',
    });
    const sent = await post('/api/crm/messages', 'For {{school_name}}', 'Dear {{{teacher_name}}}');
    expect(sent.statusCode, sent.body).toBe(201);
    const mails = await t.database.db.select().from(mailQueue);
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).not.toMatch(/\{\{|\}\}/);
  });
});
