import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CRM_MESSAGE_TEXTS,
  type CrmDelivery,
  type CrmMessageDraft,
  type CrmMessagePreview,
  type crmMessageSentSchema,
} from '../../../contracts/crm-messages';
import { CRM_TASK_STATES, isSettled } from '../../../domain/crm';
import {
  type CrmMergeSource,
  checkCrmMessageTemplate,
  type MergeResult,
  renderCrmMessage,
} from '../../../domain/crm-messages';
import type { Db } from '../../db/client';
import { crmActivity, crmTasks } from '../../db/schema/crm';
import { crmMessages } from '../../db/schema/crm-messages';
import { mailQueue } from '../../db/schema/mail';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { crmMessageMail } from '../../mail/templates';
import { loadEventContext, loadSchoolData } from './crm-facts';

type Deps = Pick<FeatureContext, 'db' | 'clock' | 'mailQueue'>;

/** The activity action a message leaves in each school's history (the copy: subject and text as sent). */
export const CRM_MESSAGE_ACTION = 'message';

export interface SchoolRecipient {
  id: string;
  name: string;
  /** The teacher in charge's address, or null: the school is skipped. */
  email: string | null;
  source: CrmMergeSource;
}

const OPEN_STATES = CRM_TASK_STATES.filter((state) => !isSettled(state));

/** What each school's message is filled in from, in the order asked; a school that does not exist is a 404. */
export async function loadRecipients(
  db: Db,
  now: Date,
  schoolIds: readonly string[],
): Promise<SchoolRecipient[]> {
  const ids = [...new Set(schoolIds)];
  const context = await loadEventContext(db, now);
  const [data, openTasks] = await Promise.all([
    loadSchoolData(db, ids, context),
    db
      .select({ schoolId: crmTasks.schoolId, title: crmTasks.title })
      .from(crmTasks)
      .where(and(inArray(crmTasks.schoolId, ids), inArray(crmTasks.state, OPEN_STATES)))
      .orderBy(crmTasks.dueDate, crmTasks.id),
  ]);
  return ids.map((id) => {
    const school = data.get(id);
    if (!school) throw new HttpError(404, CRM_MESSAGE_TEXTS.schoolNotFound);
    const live = school.registrations.filter((row) => row.paymentStatus !== 'cancelled');
    const owedCents = live
      .filter((row) => row.paymentStatus !== 'paid')
      .reduce((total, row) => total + row.amountCents, 0);
    const email = school.teacherEmail?.trim() || null;
    return {
      id,
      name: school.name,
      email,
      source: {
        teacherName: school.teacherName,
        schoolName: school.name,
        owedCents,
        teams: school.teams.map((team) => team.name),
        openTasks: openTasks.filter((task) => task.schoolId === id).map((task) => task.title),
      },
    };
  });
}

/** The 400 a refused template gets (ADR 027): the unknown fields named, or the stray braces quoted. */
function refusalOf(result: Exclude<MergeResult, { ok: true }>): HttpError {
  return result.reason === 'unknown_merge_field'
    ? new HttpError(400, CRM_MESSAGE_TEXTS.unknownMergeFields(result.unknown), result.reason)
    : new HttpError(400, CRM_MESSAGE_TEXTS.strayMergeBraces(result.excerpts), result.reason);
}

/**
 * Every recipient's message filled in, or a 400 before anything is sent: a field that is not a merge field, or
 * double braces outside one (nothing goes out with `{{` or `}}` in it).
 */
function renderAll(draft: CrmMessageDraft, recipients: readonly SchoolRecipient[]) {
  // A refused template is refused even when no school could receive it.
  const refusal = checkCrmMessageTemplate(draft);
  if (refusal) throw refusalOf(refusal);
  const reachable = recipients.filter((school) => school.email !== null);
  const rendered = reachable.map((school) => {
    const result = renderCrmMessage(draft, school.source);
    if (!result.ok) throw refusalOf(result);
    return { school, to: school.email!, subject: result.subject, body: result.body };
  });
  const skipped = recipients
    .filter((school) => school.email === null)
    .map((school) => ({ id: school.id, name: school.name }));
  return { rendered, skipped };
}

export async function previewMessage(deps: Deps, draft: CrmMessageDraft): Promise<CrmMessagePreview> {
  const recipients = await loadRecipients(deps.db, deps.clock.now(), draft.schoolIds);
  const { rendered, skipped } = renderAll(draft, recipients);
  const first = rendered[0];
  return {
    recipients: rendered.length,
    skipped,
    first: first
      ? { schoolName: first.school.name, to: first.to, subject: first.subject, body: first.body }
      : null,
  };
}

/**
 * Sends a message: stored (`crm_messages`), copied into each school's history (`crm_activity` 'message' with the
 * subject and the text as that school got it) and queued, one mail per school, all in one transaction.
 */
export async function sendMessage(
  deps: Deps,
  actorId: string,
  draft: CrmMessageDraft,
): Promise<z.infer<typeof crmMessageSentSchema>> {
  const now = deps.clock.now();
  const recipients = await loadRecipients(deps.db, now, draft.schoolIds);
  const { rendered, skipped } = renderAll(draft, recipients);
  if (rendered.length === 0) throw new HttpError(400, CRM_MESSAGE_TEXTS.noRecipients);
  const messageId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(crmMessages)
      .values({
        subject: draft.subject,
        body: draft.body,
        schoolIds: recipients.map((school) => school.id),
        sentBy: actorId,
        sentAt: now,
      })
      .returning({ id: crmMessages.id });
    const id = row!.id;
    await tx.insert(crmActivity).values(
      rendered.map((mail) => ({
        schoolId: mail.school.id,
        taskId: null,
        actorId,
        action: CRM_MESSAGE_ACTION,
        toValue: mail.subject,
        reason: `To ${mail.to}: ${mail.body}`.slice(0, 4_000),
        createdAt: now,
      })),
    );
    await deps.mailQueue.enqueue(
      rendered.map((mail) => crmMessageMail({ to: mail.to, subject: mail.subject, body: mail.body })),
      null,
      now.getTime(),
      { crmMessageId: id, tx },
    );
    return id;
  });
  deps.mailQueue.kick();
  return {
    message: CRM_MESSAGE_TEXTS.sent(rendered.length),
    delivery: await readDelivery(deps.db, messageId),
    skipped,
    sentAt: now.toISOString(),
  };
}

/** A message's mails by state: queued (waiting or being tried), sent, failed. */
export async function readDelivery(db: Db, messageId: number): Promise<CrmDelivery> {
  const [message] = await db
    .select({ id: crmMessages.id })
    .from(crmMessages)
    .where(eq(crmMessages.id, messageId));
  if (!message) throw new HttpError(404, CRM_MESSAGE_TEXTS.notFound);
  const rows = await db
    .select({ status: mailQueue.status, n: count() })
    .from(mailQueue)
    .where(eq(mailQueue.crmMessageId, messageId))
    .groupBy(mailQueue.status);
  const delivery: CrmDelivery = { messageId, total: 0, queued: 0, sent: 0, failed: 0 };
  for (const { status, n } of rows) {
    delivery.total += n;
    if (status === 'sent') delivery.sent += n;
    else if (status === 'failed') delivery.failed += n;
    else delivery.queued += n;
  }
  return delivery;
}
