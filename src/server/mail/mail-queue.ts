import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Tx } from '../audit/audit';
import type { Db } from '../db/client';
import { mailQueue } from '../db/schema/mail';
import type { Mailer, MailMessage } from './mailer';

/** A mail is tried this many times (then marked failed); the waits between tries grow. */
export const MAIL_MAX_ATTEMPTS = 5;
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];
/** A row a process took and never finished (it died) is taken again after this long. */
const STALE_CLAIM_MS = 5 * 60_000;
const BATCH = 20;

export interface MailQueueOptions {
  db: Db;
  /** Delivers one mail: SMTP, or the outbox table when no SMTP server is configured. */
  transport: Mailer;
  /** True while outgoing mail is paused (safe-control): mail waits in the queue. */
  isPaused: () => boolean;
  now: () => number;
  logger: Logger;
}

/**
 * The site's mailer: every mail is written to `mail_queue` first. A mail sent while mail flows is delivered at
 * once and its outcome recorded (a failure still reaches the caller, as before); while mail is paused, and for
 * bulk mail (broadcasts), it waits in the queue and a worker in every process delivers it later, each row once
 * (`FOR UPDATE SKIP LOCKED`), retrying a failed delivery a few times; each process looks for due mail every few
 * seconds (the `mail-queue` job of `src/server/background-jobs.ts`, which calls `tick`).
 */
export class MailQueue implements Mailer {
  private running: Promise<number> | undefined;

  constructor(private readonly options: MailQueueOptions) {}

  async send(message: MailMessage): Promise<void> {
    const { db, isPaused, now } = this.options;
    if (isPaused()) {
      await db.insert(mailQueue).values({ ...row(message), nextAttemptAt: new Date(now()) });
      return;
    }
    const [queued] = await db
      .insert(mailQueue)
      .values({ ...row(message), status: 'sending', attempts: 1, claimedAt: new Date(now()) })
      .returning({ id: mailQueue.id });
    try {
      await this.options.transport.send(message);
    } catch (error) {
      await this.mark(queued!.id, { status: 'failed', lastError: errorText(error) });
      throw error;
    }
    await this.mark(queued!.id, { status: 'sent', sentAt: new Date(now()) });
  }

  /**
   * Queues many mails (one broadcast, one CRM message, the day's reminders) for the worker, to go from
   * `notBefore`; returns how many were queued. `crmMessageId` tags them for a delivery count; with `tx` they are
   * written in the caller's transaction (the caller kicks the queue once it commits).
   */
  async enqueue(
    messages: readonly MailMessage[],
    broadcastId: number | null = null,
    notBefore: number = this.options.now(),
    extra: { crmMessageId?: number | null; tx?: Tx } = {},
  ): Promise<number> {
    if (messages.length === 0) return 0;
    const nextAttemptAt = new Date(notBefore);
    const crmMessageId = extra.crmMessageId ?? null;
    for (let start = 0; start < messages.length; start += 500) {
      const chunk = messages.slice(start, start + 500);
      await (extra.tx ?? this.options.db)
        .insert(mailQueue)
        .values(chunk.map((message) => ({ ...row(message), broadcastId, crmMessageId, nextAttemptAt })));
    }
    if (!extra.tx) this.kick();
    return messages.length;
  }

  /** Kicks the queue; settles when the delivery run under way (this one or an earlier one) ends. */
  async tick(): Promise<void> {
    this.kick();
    await this.running;
  }

  /** Starts a delivery run unless one is running or mail is paused. */
  kick(): void {
    if (this.running || this.options.isPaused()) return;
    this.running = this.deliverDue()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'mail queue run failed; trying again shortly');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Delivers due mail in batches until none is left or mail is paused; returns how many went out. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    while (!this.options.isPaused()) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      for (const mail of batch) {
        if (await this.deliver(mail)) sent += 1;
      }
    }
    return sent;
  }

  private async claim() {
    const { db, now } = this.options;
    const at = now();
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        or(
          and(eq(mailQueue.status, 'queued'), lte(mailQueue.nextAttemptAt, new Date(at))),
          and(eq(mailQueue.status, 'sending'), lt(mailQueue.claimedAt, new Date(at - STALE_CLAIM_MS))),
        ),
      )
      .orderBy(mailQueue.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({ status: 'sending', claimedAt: new Date(at), attempts: sql`${mailQueue.attempts} + 1` })
      .where(inArray(mailQueue.id, due))
      .returning({
        id: mailQueue.id,
        to: mailQueue.recipient,
        subject: mailQueue.subject,
        text: mailQueue.text,
        html: mailQueue.html,
        attempts: mailQueue.attempts,
      });
  }

  private async deliver(mail: { id: number; attempts: number } & MailMessageRow): Promise<boolean> {
    const { now } = this.options;
    try {
      await this.options.transport.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
      });
      await this.mark(mail.id, { status: 'sent', sentAt: new Date(now()), lastError: null });
      return true;
    } catch (error) {
      const isLast = mail.attempts >= MAIL_MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[Math.min(mail.attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
      await this.mark(mail.id, {
        status: isLast ? 'failed' : 'queued',
        lastError: errorText(error),
        nextAttemptAt: new Date(now() + delay),
      });
      this.options.logger.warn(
        { to: mail.to, subject: mail.subject, attempt: mail.attempts },
        'a mail failed',
      );
      return false;
    }
  }

  private async mark(id: number, set: Partial<typeof mailQueue.$inferInsert>): Promise<void> {
    await this.options.db.update(mailQueue).set(set).where(eq(mailQueue.id, id));
  }
}

interface MailMessageRow {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

function row(message: MailMessage) {
  return { recipient: message.to, subject: message.subject, text: message.text, html: message.html ?? null };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
