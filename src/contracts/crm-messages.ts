import { z } from 'zod';
import { CRM_MERGE_FIELDS, CRM_REMINDER_DAYS_DEFAULT, CRM_REMINDER_DAYS_MAX } from '../domain/crm-messages';
import { countOf } from '../domain/plural';
import { isoDateTime } from './common';

/**
 * Messages to schools and reminder e-mails (the CRM, issue #15; ADR 027 "Messages and reminders"). API under
 * /api/crm/messages and /api/crm/reminders (`crm`), and the public /api/crm/unsubscribe/:token. The merge rule is
 * src/domain/crm-messages.ts.
 */
const KNOWN_MERGE_FIELDS = CRM_MERGE_FIELDS.map((name) => `{{${name}}}`).join(', ');

export const CRM_MESSAGE_TEXTS = {
  previewFailed: 'Failed to preview the message',
  sendFailed: 'Failed to send the message',
  sent: (count: number) => `Message queued for ${countOf(count, 'school')}`,
  noRecipients: 'None of these schools has a teacher e-mail address',
  notFound: 'Message not found',
  schoolNotFound: 'School not found',
  subjectRequired: 'Give the message a subject',
  bodyRequired: 'Write the message',
  schoolsRequired: 'Choose at least one school',
  reminderSaved: 'Reminder timing saved',
  reminderFailed: 'Failed to save the reminder timing',
  reminderDays: `Choose 0 (off) to ${CRM_REMINDER_DAYS_MAX} days`,
  unsubscribed: 'You will get no more task reminders at this address.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Copy the whole link from the e-mail.',
  unsubscribeFailed: 'Failed to unsubscribe; try again in a moment',
  reminderSubject: (schoolName: string) => `Reminder: tasks due soon for ${schoolName}`,
  /** A template naming fields that are not merge fields: refused, listing them and the fields there are. */
  unknownMergeFields: (unknown: readonly string[]) =>
    `Unknown merge field${unknown.length === 1 ? '' : 's'} ${unknown.map((name) => `{{${name}}}`).join(', ')}. Use ${KNOWN_MERGE_FIELDS}.`,
  /** Double braces outside any merge field (`{{{{school_name}}}}`, `{{ {{teacher_name}} }}`): refused, quoted. */
  strayMergeBraces: (excerpts: readonly string[]) =>
    `Double braces that are not a merge field: ${excerpts
      .slice(0, 3)
      .map((excerpt) => `“${excerpt}”`)
      .join(
        ', ',
      )}. Write each merge field once with two braces on each side, such as {{school_name}}, and remove the other braces.`,
} as const;

export const CRM_MESSAGE_SUBJECT_MAX = 200;
export const CRM_MESSAGE_BODY_MAX = 10_000;
export const CRM_MESSAGE_SCHOOLS_MAX = 500;

/** POST /api/crm/messages/preview and POST /api/crm/messages: the message and the schools it goes to. */
export const crmMessageDraftSchema = z
  .object({
    schoolIds: z.array(z.uuid()).min(1, CRM_MESSAGE_TEXTS.schoolsRequired).max(CRM_MESSAGE_SCHOOLS_MAX),
    subject: z.string().trim().min(1, CRM_MESSAGE_TEXTS.subjectRequired).max(CRM_MESSAGE_SUBJECT_MAX),
    body: z.string().trim().min(1, CRM_MESSAGE_TEXTS.bodyRequired).max(CRM_MESSAGE_BODY_MAX),
  })
  .strict();
export type CrmMessageDraft = z.infer<typeof crmMessageDraftSchema>;

/** A school the message cannot reach (no teacher e-mail address on record). */
export const crmSkippedSchoolSchema = z.object({ id: z.string(), name: z.string() });

/** The preview: the message as the first recipient gets it, how many get it, and who is skipped. */
export const crmMessagePreviewSchema = z.object({
  recipients: z.number().int().nonnegative(),
  skipped: z.array(crmSkippedSchoolSchema),
  first: z
    .object({ schoolName: z.string(), to: z.string(), subject: z.string(), body: z.string() })
    .nullable(),
});
export type CrmMessagePreview = z.infer<typeof crmMessagePreviewSchema>;

/** A message's mails as the queue holds them: queued (waiting or being tried), sent, failed. */
export const crmDeliverySchema = z.object({
  messageId: z.number().int(),
  total: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type CrmDelivery = z.infer<typeof crmDeliverySchema>;

/** POST /api/crm/messages: the message is stored, copied into each school's history and queued. */
export const crmMessageSentSchema = z.object({
  message: z.string(),
  delivery: crmDeliverySchema,
  skipped: z.array(crmSkippedSchoolSchema),
  sentAt: isoDateTime,
});

export const crmMessageParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET/PUT /api/crm/reminders: days before a due date the teacher is reminded (0: off). */
export const crmReminderDaysSchema = z
  .number({ error: CRM_MESSAGE_TEXTS.reminderDays })
  .int(CRM_MESSAGE_TEXTS.reminderDays)
  .min(0, CRM_MESSAGE_TEXTS.reminderDays)
  .max(CRM_REMINDER_DAYS_MAX, CRM_MESSAGE_TEXTS.reminderDays);
export const crmReminderSettingsSchema = z.object({ days: crmReminderDaysSchema }).strict();
export type CrmReminderSettings = z.infer<typeof crmReminderSettingsSchema>;

/** The stored setting read tolerantly: anything that is not a valid number of days reads as the default. */
export function readCrmReminderDays(stored: unknown): number {
  const value = typeof stored === 'object' && stored !== null && 'days' in stored ? stored.days : stored;
  const parsed = crmReminderDaysSchema.safeParse(value);
  return parsed.success ? parsed.data : CRM_REMINDER_DAYS_DEFAULT;
}

export const CRM_REMINDER_SETTING_KEY = 'crm_reminder_days';

export const crmUnsubscribeParamsSchema = z.object({ token: z.string().min(1).max(400) });
/** GET (is the link good, and for which address, partly hidden) and POST (unsubscribe) /api/crm/unsubscribe/:token. */
export const crmUnsubscribeStateSchema = z.object({
  /** The address, partly hidden (`t•••@school.example`). */
  address: z.string(),
  isUnsubscribed: z.boolean(),
});
export type CrmUnsubscribeState = z.infer<typeof crmUnsubscribeStateSchema>;
