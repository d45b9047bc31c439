import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { CRM_MESSAGE_TEXTS, CRM_REMINDER_SETTING_KEY } from '../../../contracts/crm-messages';
import { CRM_TASK_STATES, isSettled } from '../../../domain/crm';
import { addDays, reminderKey, tasksToRemind } from '../../../domain/crm-messages';
import { eventDayOf } from '../../../domain/event-day';
import type { Clock } from '../../clock';
import { INTERNAL_SETTING_KEYS } from '../../core/settings/settings.registry';
import { claimSettingDay, readSettingValue } from '../../core/settings/settings.service';
import type { Db } from '../../db/client';
import { crmActivity, crmTasks } from '../../db/schema/crm';
import { crmRemindersSent, crmUnsubscribes } from '../../db/schema/crm-messages';
import { schools } from '../../db/schema/schools';
import type { MailQueue } from '../../mail/mail-queue';
import { crmReminderMail } from '../../mail/templates';

/** The activity action a reminder leaves in the school's history. */
export const CRM_REMINDER_ACTION = 'reminder';
/** The Europe/Dublin day the reminders were last claimed for: one process per day sends them. */
export const CRM_REMINDER_DAY_KEY = INTERNAL_SETTING_KEYS.crmRemindersLastDay;

/**
 * Unsubscribe links for reminders: the address sealed with AES-256-GCM under a key derived from the site's auth
 * secret with its own label (like the registration tokens, so no other token passes as one). Opaque (the
 * address is not readable from the link, which ends up in mail logs and browser history) and unforgeable (the
 * GCM tag); nothing is stored until someone unsubscribes. A link never expires: an old reminder's link works.
 */
export class CrmUnsubscribeTokens {
  private readonly key: Buffer;

  constructor(siteSecret: string) {
    this.key = createHmac('sha256', siteSecret).update('crm-unsubscribe-v1').digest();
  }

  seal(email: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(email.trim().toLowerCase(), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The address a token was sealed for, or null for anything else (altered, truncated, another key). */
  open(token: string): string | null {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 12 + 16 + 3) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const email = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return email.includes('@') ? email : null;
    } catch {
      return null;
    }
  }
}

/** `teacher@school.example` → `t•••@school.example`: enough to recognise one's own address, no more. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
}

export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: crmUnsubscribes.email })
    .from(crmUnsubscribes)
    .where(eq(crmUnsubscribes.email, email.toLowerCase()));
  return row !== undefined;
}

export async function unsubscribe(db: Db, email: string, now: Date): Promise<void> {
  await db
    .insert(crmUnsubscribes)
    .values({ email: email.toLowerCase(), createdAt: now })
    .onConflictDoNothing();
}

export async function readReminderDays(db: Db): Promise<number> {
  return readSettingValue(db, CRM_REMINDER_SETTING_KEY);
}

/** Claims `day` for the reminders: exactly one of any number of processes asking at once gets it (as the daily backup's claim). */
export function claimReminderDay(db: Db, day: string): Promise<boolean> {
  return claimSettingDay(db, CRM_REMINDER_DAY_KEY, day);
}

export interface CrmRemindersOptions {
  db: Db;
  clock: Clock;
  mailQueue: MailQueue;
  /** True while reminders must not go: the site is read-only or outgoing mail is paused. */
  isBlocked: () => boolean;
  tokens: CrmUnsubscribeTokens;
  publicUrl: string;
  logger: Logger;
}

const OPEN_STATES = CRM_TASK_STATES.filter((state) => !isSettled(state));

/**
 * The daily reminder e-mails (ADR 027): every process calls `runDaily` now and then; the first to claim the day
 * (Europe/Dublin) sends each school's teacher one mail listing its open tasks due within the configured days,
 * through the mail queue. Each task is reminded of once per due date (`crm_reminders_sent`); an address that
 * unsubscribed gets none. While the site is read-only or mail is paused nothing is claimed, so the first check
 * after the switch goes off sends the day's reminders.
 */
export class CrmReminders {
  constructor(private readonly options: CrmRemindersOptions) {}

  /** Sends today's reminders unless blocked or already claimed today; the number of mails queued, or null. */
  async runDaily(): Promise<number | null> {
    const { db, clock, isBlocked } = this.options;
    if (isBlocked()) return null;
    const days = await readReminderDays(db);
    if (days === 0) return null;
    const today = eventDayOf(clock.now());
    if (!(await claimReminderDay(db, today))) return null;
    return this.sendDue(today, days);
  }

  /** Queues the reminders due on `today` (one mail per school); returns how many mails were queued. */
  async sendDue(today: string, days: number): Promise<number> {
    const { db, clock, mailQueue, tokens, publicUrl } = this.options;
    const rows = await db
      .select({
        id: crmTasks.id,
        state: crmTasks.state,
        dueDate: crmTasks.dueDate,
        title: crmTasks.title,
        schoolId: crmTasks.schoolId,
        schoolName: schools.name,
        teacherName: schools.teacherName,
        teacherEmail: schools.teacherEmail,
      })
      .from(crmTasks)
      .innerJoin(schools, eq(schools.id, crmTasks.schoolId))
      .where(
        and(
          inArray(crmTasks.state, OPEN_STATES),
          isNotNull(crmTasks.dueDate),
          gte(crmTasks.dueDate, today),
          lte(crmTasks.dueDate, addDays(today, days)),
        ),
      )
      .orderBy(crmTasks.dueDate, crmTasks.id);
    if (rows.length === 0) return 0;
    const [sentRows, unsubscribed] = await Promise.all([
      db
        .select({ taskId: crmRemindersSent.taskId, dueDate: crmRemindersSent.dueDate })
        .from(crmRemindersSent)
        .where(
          inArray(
            crmRemindersSent.taskId,
            rows.map((row) => row.id),
          ),
        ),
      db.select({ email: crmUnsubscribes.email }).from(crmUnsubscribes),
    ]);
    const sent = new Set(sentRows.map((row) => reminderKey(row.taskId, row.dueDate)));
    const stopped = new Set(unsubscribed.map((row) => row.email));
    const due = tasksToRemind(rows, today, days, sent);
    const bySchool = new Map<string, typeof due>();
    for (const task of due) bySchool.set(task.schoolId, [...(bySchool.get(task.schoolId) ?? []), task]);
    const now = clock.now();
    let queued = 0;
    for (const tasks of bySchool.values()) {
      const school = tasks[0]!;
      const to = school.teacherEmail?.trim();
      if (!to || stopped.has(to.toLowerCase())) continue;
      queued += await db.transaction(async (tx) => {
        // The rows decide: a task another process reminded of meanwhile is left out of this mail.
        const claimed = await tx
          .insert(crmRemindersSent)
          .values(
            tasks.map((task) => ({
              taskId: task.id,
              dueDate: task.dueDate!,
              schoolId: task.schoolId,
              recipient: to,
              sentAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ taskId: crmRemindersSent.taskId });
        const ids = new Set(claimed.map((row) => row.taskId));
        const listed = tasks.filter((task) => ids.has(task.id));
        if (listed.length === 0) return 0;
        await tx.insert(crmActivity).values({
          schoolId: school.schoolId,
          taskId: null,
          actorId: null,
          action: CRM_REMINDER_ACTION,
          toValue: to,
          reason: listed.map((task) => `${task.title} (due ${task.dueDate})`).join(', '),
          createdAt: now,
        });
        const mail = crmReminderMail({
          to,
          subject: CRM_MESSAGE_TEXTS.reminderSubject(school.schoolName),
          teacherName: school.teacherName,
          schoolName: school.schoolName,
          tasks: listed.map((task) => ({ title: task.title, dueDate: task.dueDate! })),
          unsubscribeUrl: `${publicUrl}/crm-unsubscribe/${tokens.seal(to)}`,
        });
        return mailQueue.enqueue([mail], null, now.getTime(), { tx });
      });
    }
    if (queued > 0) mailQueue.kick();
    return queued;
  }
}
