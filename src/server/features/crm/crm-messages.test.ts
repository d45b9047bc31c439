import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, openRegistration, register } from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_AUTH_SECRET,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets, silentLogger } from '../../../../tests/support/server/test-database';
import { crmSchoolSchema } from '../../../contracts/crm';
import {
  CRM_MESSAGE_TEXTS,
  crmDeliverySchema,
  crmMessagePreviewSchema,
  crmMessageSentSchema,
  crmUnsubscribeStateSchema,
} from '../../../contracts/crm-messages';
import { DEFAULT_TEAM_PRICE_CENTS } from '../../../contracts/settings';
import { formatEuro } from '../../../domain/registration';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { SafeControl } from '../../core/safe-control/safe-control.state';
import { crmTasks } from '../../db/schema/crm';
import { crmMessages } from '../../db/schema/crm-messages';
import { mailQueue } from '../../db/schema/mail';
import { registrations } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { MailQueue } from '../../mail/mail-queue';
import { createOutboxMailer } from '../../mail/mailer';
import { CrmReminders, CrmUnsubscribeTokens } from './crm-reminders';

const TEACHER = 'teacher@school.example';

describe.each(databaseTargets)('CRM messages and reminders on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let superadmin: string;
  let player: string;
  let schoolId: string;
  let quietSchoolId: string;
  let clock = Date.parse('2025-11-01T09:00:00Z');
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, { now: () => clock, registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
    await openRegistration(db());
    const { registration } = await register(t.app, { registrantName: 'Ms Byrne', registrantEmail: TEACHER });
    [{ schoolId }] = (await db()
      .select({ schoolId: registrations.schoolId })
      .from(registrations)
      .where(eq(registrations.id, registration.id))) as [{ schoolId: string }];
    const [quiet] = await db()
      .insert(schools)
      .values({ name: 'No Address School', teacherName: 'Mr Nobody' })
      .returning({ id: schools.id });
    quietSchoolId = quiet!.id;
    await get(`/api/crm/schools/${schoolId}`); // creates its tasks
  });
  afterAll(async () => t?.close());

  const get = async (url: string, cookie = admin) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const call = (method: 'POST' | 'PUT', url: string, payload?: object, cookie = admin) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  describe('messages to schools', () => {
    const draft = (subject: string, body: string, ids = [schoolId, quietSchoolId]) => ({
      schoolIds: ids,
      subject,
      body,
    });

    it('previews the first recipient’s copy, counts recipients and lists the schools skipped', async () => {
      const response = await call(
        'POST',
        '/api/crm/messages/preview',
        draft('Fees for {{school_name}}', 'Dear {{teacher_name}},\nYou owe {{amount_owed}} for {{teams}}.'),
      );
      expect(response.statusCode).toBe(200);
      const preview = crmMessagePreviewSchema.parse(response.json());
      expect(preview.recipients).toBe(1);
      expect(preview.skipped).toEqual([{ id: quietSchoolId, name: 'No Address School' }]);
      expect(preview.first).toEqual({
        schoolName: 'Example Community School',
        to: TEACHER,
        subject: 'Fees for Example Community School',
        body: `Dear Ms Byrne,\nYou owe ${formatEuro(2 * DEFAULT_TEAM_PRICE_CENTS)} for Example A, Example B.`,
      });
    });

    it('refuses an unknown merge field before anything is stored or queued', async () => {
      const before = (await db().select().from(mailQueue)).length;
      for (const url of ['/api/crm/messages/preview', '/api/crm/messages']) {
        const response = await call('POST', url, draft('Hi {{teacher}}', 'Owed: {{amount_owed}}'));
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toContain('{{teacher}}');
      }
      expect(await db().select().from(crmMessages)).toEqual([]);
      expect((await db().select().from(mailQueue)).length).toBe(before);
      // Only schools without an address: nobody to send to.
      const none = await call('POST', '/api/crm/messages', draft('Hi', 'Hello', [quietSchoolId]));
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toBe(CRM_MESSAGE_TEXTS.noRecipients);
      const unknownSchool = await call(
        'POST',
        '/api/crm/messages/preview',
        draft('Hi', 'Hello', ['00000000-0000-4000-8000-000000000000']),
      );
      expect(unknownSchool.statusCode).toBe(404);
      expect((await call('POST', '/api/crm/messages', draft('Hi', 'Hello'), player)).statusCode).toBe(403);
    });

    it('queues one mail per school, counts the delivery and keeps a copy in the school’s history', async () => {
      const response = await call(
        'POST',
        '/api/crm/messages',
        draft('Open tasks at {{school_name}}', 'Dear {{teacher_name}}, still open: {{open_tasks}}'),
      );
      expect(response.statusCode).toBe(201);
      const sent = crmMessageSentSchema.parse(response.json());
      expect(sent.message).toBe(CRM_MESSAGE_TEXTS.sent(1));
      expect(sent.skipped.map((school) => school.id)).toEqual([quietSchoolId]);
      expect(sent.delivery.total).toBe(1);
      const delivered = await eventually(async () => {
        const delivery = crmDeliverySchema.parse(
          await get(`/api/crm/messages/${sent.delivery.messageId}/delivery`),
        );
        return delivery.sent === 1 ? delivery : undefined;
      });
      expect(delivered).toMatchObject({ total: 1, queued: 0, sent: 1, failed: 0 });
      const [mail] = (await mailsTo(db(), TEACHER)).filter((row) => row.subject.startsWith('Open tasks'));
      expect(mail?.subject).toBe('Open tasks at Example Community School');
      expect(mail?.text).toMatch(/^Dear Ms Byrne, still open: .*Fee paid/);
      const school = crmSchoolSchema.parse(await get(`/api/crm/schools/${schoolId}`));
      const copy = school.activity.find((row) => row.action === 'message');
      expect(copy).toMatchObject({ to: 'Open tasks at Example Community School', actorName: 'Demo Admin' });
      expect(copy?.reason).toContain(`To ${TEACHER}: Dear Ms Byrne`);
      const [stored] = await db().select().from(crmMessages);
      expect(stored?.schoolIds.sort()).toEqual([schoolId, quietSchoolId].sort());
      expect((await t.app.inject(`/api/crm/messages/999999/delivery`)).statusCode).toBe(401);
    });
  });

  describe('the reminder timing', () => {
    it('reads 3 days by default, changes within 0–30 and refuses anything else', async () => {
      expect(await get('/api/crm/reminders')).toEqual({ days: 3 });
      expect((await call('PUT', '/api/crm/reminders', { days: 31 })).statusCode).toBe(400);
      expect((await call('PUT', '/api/crm/reminders', { days: 2.5 })).statusCode).toBe(400);
      expect((await call('PUT', '/api/crm/reminders', { days: 5 })).json()).toEqual({ days: 5 });
      expect(await get('/api/crm/reminders')).toEqual({ days: 5 });
      expect((await call('PUT', '/api/crm/reminders', { days: 3 })).statusCode).toBe(200);
    });
  });

  describe('reminder e-mails (the clock moved day by day)', () => {
    const tokens = new CrmUnsubscribeTokens(TEST_AUTH_SECRET);
    let safeControl: SafeControl;
    let reminders: CrmReminders;
    let queue: MailQueue;
    let taskA: { id: number; title: string };
    let taskB: { id: number; title: string };
    const reminderMails = async () =>
      (await mailsTo(db(), TEACHER)).filter((row) => row.subject.startsWith('Reminder:')).reverse();
    /** Another process on the same database: its own switches, queue and reminders, following the clock. */
    const run = async () => {
      await safeControl.reload();
      const queued = await reminders.runDaily();
      await queue.deliverDue();
      // The app's own worker may hold a row meanwhile: wait for it, so a clock moved by days next does not make
      // its claim look abandoned (taken again after five minutes) and the row sent twice.
      await eventually(async () => {
        const busy = await db()
          .select({ id: mailQueue.id })
          .from(mailQueue)
          .where(inArray(mailQueue.status, ['sending', 'queued']));
        return busy.length === 0 ? true : undefined;
      });
      return queued;
    };
    const mailSwitch = async (on: boolean) => {
      const response = await call(
        'PUT',
        '/api/admin/safe-control/mail_paused',
        on ? { on, reason: 'Provider outage', banner: '', endsAt: null } : { on, reason: 'Back' },
        superadmin,
      );
      expect(response.statusCode).toBe(200);
    };

    beforeAll(async () => {
      const clockOf = createClock(() => clock);
      safeControl = new SafeControl(t.database, new Audit(clockOf), clockOf, silentLogger);
      queue = new MailQueue({
        db: db(),
        transport: createOutboxMailer(db(), silentLogger),
        isPaused: () => safeControl.isOn('mail_paused'),
        now: () => clock,
        logger: silentLogger,
      });
      reminders = new CrmReminders({
        db: db(),
        clock: clockOf,
        mailQueue: queue,
        isBlocked: () => safeControl.isOn('read_only') || safeControl.isOn('mail_paused'),
        tokens,
        publicUrl: TEST_PUBLIC_URL,
        logger: silentLogger,
      });
      const tasks = await db()
        .select({ id: crmTasks.id, title: crmTasks.title })
        .from(crmTasks)
        // Two tasks no automatic rule moves: a sync the test's own changes set off (a switch is a settings
        // change) must not tick them behind its back.
        .where(
          and(eq(crmTasks.schoolId, schoolId), inArray(crmTasks.kind, ['photo_permission', 'medical_notes'])),
        )
        .orderBy(crmTasks.id);
      [taskA, taskB] = tasks as [typeof taskA, typeof taskB];
      // Every other task of the school settled; A due in two days, B in nine.
      await db()
        .update(crmTasks)
        .set({ state: 'not_applicable' })
        .where(and(eq(crmTasks.schoolId, schoolId), ne(crmTasks.id, taskA.id), ne(crmTasks.id, taskB.id)));
      await db()
        .update(crmTasks)
        .set({ state: 'not_started', dueDate: '2025-11-03' })
        .where(eq(crmTasks.id, taskA.id));
      await db()
        .update(crmTasks)
        .set({ state: 'waiting_on_school', dueDate: '2025-11-10' })
        .where(eq(crmTasks.id, taskB.id));
    });

    it('waits while mail is paused, then reminds once per task and due date, one mail per school a day', async () => {
      await mailSwitch(true);
      expect(await run()).toBeNull();
      expect(await reminderMails()).toEqual([]);

      await mailSwitch(false);
      expect(await run()).toBe(1);
      let mails = await reminderMails();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(CRM_MESSAGE_TEXTS.reminderSubject('Example Community School'));
      expect(mails[0]!.text).toContain(`- ${taskA.title} (due 2025-11-03)`);
      expect(mails[0]!.text).not.toContain(taskB.title);
      expect(mails[0]!.text).toContain(`${TEST_PUBLIC_URL}/crm-unsubscribe/`);
      expect(await run()).toBeNull(); // the day is claimed

      clock += 24 * 3_600_000; // 2 November: A was reminded of, B is still 8 days away
      expect(await run()).toBe(0);
      clock += 24 * 3_600_000; // 3 November: A moved to the 5th is a new due date
      await db().update(crmTasks).set({ dueDate: '2025-11-05' }).where(eq(crmTasks.id, taskA.id));
      expect(await run()).toBe(1);
      mails = await reminderMails();
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text).toContain(`- ${taskA.title} (due 2025-11-05)`);
      const school = crmSchoolSchema.parse(await get(`/api/crm/schools/${schoolId}`));
      expect(school.activity.filter((row) => row.action === 'reminder')).toHaveLength(2);
    });

    it('honours the unsubscribe link, which cannot be forged, while staff messages still go', async () => {
      const [mail] = await reminderMails();
      const token = /\/crm-unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      const state = crmUnsubscribeStateSchema.parse(
        (await t.app.inject(`/api/crm/unsubscribe/${token}`)).json(),
      );
      expect(state).toEqual({ address: 't•••@school.example', isUnsubscribed: false });

      const flipped = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
      const otherKey = new CrmUnsubscribeTokens('another-secret-that-is-at-least-32-chars').seal(TEACHER);
      for (const forged of [
        flipped,
        otherKey,
        token.slice(0, -2),
        'bm90LWEtdG9rZW4',
        Buffer.from(TEACHER).toString('base64url'),
      ]) {
        const response = await call('POST', `/api/crm/unsubscribe/${forged}`, undefined, '');
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe(CRM_MESSAGE_TEXTS.unsubscribeInvalid);
      }
      const done = await call('POST', `/api/crm/unsubscribe/${token}`, undefined, '');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ address: 't•••@school.example', isUnsubscribed: true });
      // Twice is harmless.
      expect((await call('POST', `/api/crm/unsubscribe/${token}`, undefined, '')).statusCode).toBe(200);

      clock = Date.parse('2025-11-08T09:00:00Z'); // B (due the 10th) is within three days now
      expect(await run()).toBe(0);
      expect(await reminderMails()).toHaveLength(2);

      const sent = await call('POST', '/api/crm/messages', {
        schoolIds: [schoolId],
        subject: 'Staff note',
        body: 'Hello {{teacher_name}}',
      });
      expect(sent.statusCode).toBe(201);
      const queued = await db()
        .select({ recipient: mailQueue.recipient })
        .from(mailQueue)
        .where(inArray(mailQueue.crmMessageId, [crmMessageSentSchema.parse(sent.json()).delivery.messageId]));
      expect(queued).toEqual([{ recipient: TEACHER }]);
    });
  });
});
