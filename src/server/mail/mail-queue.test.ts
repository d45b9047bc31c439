import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseTargets,
  silentLogger,
  type TestDatabase,
} from '../../../tests/support/server/test-database';
import { mailOutbox, mailQueue } from '../db/schema/mail';
import { MAIL_MAX_ATTEMPTS, MailQueue } from './mail-queue';
import { createOutboxMailer, type Mailer, type MailMessage } from './mailer';

describe.each(databaseTargets)('the mail queue on %s', (target) => {
  let test: TestDatabase;
  let paused: boolean;
  let now: number;
  let outbox: Mailer;

  beforeEach(async () => {
    test = await createTestDatabase(target);
    paused = false;
    now = Date.parse('2026-11-27T10:00:00Z');
    outbox = createOutboxMailer(test.database.db, silentLogger);
  });
  afterEach(async () => test.drop());

  const queueWith = (transport: Mailer) =>
    new MailQueue({
      db: test.database.db,
      transport,
      isPaused: () => paused,
      now: () => now,
      logger: silentLogger,
    });
  const mail = (to: string): MailMessage => ({ to, subject: 'Round 4', text: 'Round 4 is delayed' });
  const delivered = async () =>
    (await test.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).map((row) => row.recipient);
  const statuses = async () =>
    (await test.database.db.select().from(mailQueue).orderBy(mailQueue.id)).map((row) => row.status);

  it('sends at once while mail flows, and records it', async () => {
    await queueWith(outbox).send(mail('a@example.org'));
    expect(await delivered()).toEqual(['a@example.org']);
    expect(await statuses()).toEqual(['sent']);
  });

  it('keeps mail while paused and sends each exactly once when it resumes, even with two workers', async () => {
    const first = queueWith(outbox);
    const second = queueWith(outbox);
    paused = true;
    await first.send(mail('a@example.org'));
    await first.enqueue([mail('b@example.org'), mail('c@example.org')], null);
    expect(await delivered()).toEqual([]);
    expect(await first.deliverDue()).toBe(0);

    paused = false;
    const [one, two] = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(one + two).toBe(3);
    expect((await delivered()).sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    expect(await statuses()).toEqual(['sent', 'sent', 'sent']);
  });

  it('retries a failed delivery later and gives up after the last attempt', async () => {
    let failures = 0;
    const flaky: Mailer = {
      send: async () => {
        failures += 1;
        throw new Error('SMTP 451 try again later');
      },
    };
    const queue = queueWith(flaky);
    // Queuing starts a delivery run of its own: the first attempt. Wait for it, or a run started here could find
    // the mail claimed by it and return before it has failed (as it did once on a busy machine).
    await queue.enqueue([mail('a@example.org')]);
    await queue.tick();
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(failures).toBe(attempt);
      // Not due again until its wait has passed.
      expect(await queue.deliverDue()).toBe(0);
      expect(failures).toBe(attempt);
      now += 60 * 60_000;
      // The next attempt, failing again (none after the last).
      expect(await queue.deliverDue()).toBe(0);
    }
    const [row] = await test.database.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.recipient, 'a@example.org'));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      lastError: 'SMTP 451 try again later',
    });
    expect(await queue.deliverDue()).toBe(0);
    expect(failures).toBe(MAIL_MAX_ATTEMPTS);
  });

  it('still tells the caller when a direct send fails, and marks it failed', async () => {
    const broken: Mailer = {
      send: async () => {
        throw new Error('connection refused');
      },
    };
    await expect(queueWith(broken).send(mail('a@example.org'))).rejects.toThrow('connection refused');
    expect(await statuses()).toEqual(['failed']);
  });

  it('sends a queued mail only from its start time on', async () => {
    const queue = queueWith(outbox);
    await queue.enqueue([mail('later@example.org')], null, now + 30 * 60_000);
    expect(await queue.deliverDue()).toBe(0);
    now += 30 * 60_000;
    expect(await queue.deliverDue()).toBe(1);
    expect(await delivered()).toEqual(['later@example.org']);
  });
});
