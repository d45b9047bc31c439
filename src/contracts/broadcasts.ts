import { z } from 'zod';
import { BROADCAST_AUDIENCES, type BroadcastAudience } from '../domain/broadcasts';
import { isoDateTime } from './common';

/**
 * Broadcasts (`/admin/broadcasts`, `view_superadmin_dashboard`): a short message to everyone with a page open
 * ("Round 4 is delayed by 15 minutes"), shown within a second through the live stream, optionally e-mailed
 * through the mail queue.
 */
export { BROADCAST_AUDIENCES, type BroadcastAudience };
export const broadcastAudienceSchema = z.enum(BROADCAST_AUDIENCES);

export const BROADCAST_AUDIENCE_LABELS: Record<BroadcastAudience, string> = {
  everyone: 'Everyone on the public site',
  signed_in: 'Signed-in users',
  staff: 'Staff',
  registrants: 'Registrants of the active tournament',
};

export const BROADCAST_STYLES = ['info', 'warning', 'urgent'] as const;
export const broadcastStyleSchema = z.enum(BROADCAST_STYLES);
export type BroadcastStyle = z.infer<typeof broadcastStyleSchema>;

export const BROADCAST_STYLE_LABELS: Record<BroadcastStyle, string> = {
  info: 'Information',
  warning: 'Warning',
  urgent: 'Urgent',
};

/** The broadcasts on now for whoever asks (public): the site notices and the hall's screens read it. */
export const CURRENT_BROADCASTS_PATH = '/api/broadcasts/current';

export const BROADCAST_MESSAGE_MAX = 500;
/** The longest a broadcast may run: a message for the day, not a standing notice. */
export const BROADCAST_MAX_DAYS = 14;

export const BROADCAST_MESSAGES = {
  loadFailed: 'Failed to load broadcasts',
  sendFailed: 'Failed to send broadcast',
  sent: 'Broadcast sent',
  scheduled: 'Broadcast scheduled',
  ended: 'Broadcast ended',
  endFailed: 'Failed to end broadcast',
  endRequired: 'Choose when it ends',
  notFound: 'Broadcast not found',
  alreadyEnded: 'This broadcast has already ended',
  messageRequired: 'Write the message',
  endBeforeStart: 'The end time must be after the start time',
  endInPast: 'The end time must be in the future',
  tooLong: `A broadcast can run for at most ${BROADCAST_MAX_DAYS} days`,
  emailSubject: 'Message from the tournament organisers',
} as const;

/** POST /api/admin/broadcasts. A start time left out means now. */
export const broadcastCreateSchema = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, BROADCAST_MESSAGES.messageRequired)
      .max(BROADCAST_MESSAGE_MAX, `A broadcast can be at most ${BROADCAST_MESSAGE_MAX} characters`),
    audience: broadcastAudienceSchema,
    style: broadcastStyleSchema,
    dismissable: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }),
    sendEmail: z.boolean().default(false),
  })
  .strict();
export type BroadcastCreate = z.input<typeof broadcastCreateSchema>;

/** A broadcast as pages show it. */
export const broadcastNoticeSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  style: broadcastStyleSchema,
  dismissable: z.boolean(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
});
export type BroadcastNotice = z.infer<typeof broadcastNoticeSchema>;

/**
 * GET /api/broadcasts/current (public): the broadcasts on now for this visitor's audience, and when the answer
 * next changes by itself (a start or an end), so an open page refetches then.
 */
export const currentBroadcastsSchema = z.object({
  broadcasts: z.array(broadcastNoticeSchema),
  nextChangeAt: isoDateTime.nullable(),
});
export type CurrentBroadcasts = z.infer<typeof currentBroadcastsSchema>;

export const broadcastEmailStatusSchema = z.object({
  /** Mails queued for this broadcast, and how many went out / failed for good so far. */
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});

/** GET /api/admin/broadcasts: the history, newest first, with who sent what and the mail delivery. */
export const broadcastHistoryItemSchema = broadcastNoticeSchema.extend({
  audience: broadcastAudienceSchema,
  state: z.enum(['scheduled', 'on', 'ended']),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  /** When it was stopped early, or null. */
  endedEarlyAt: isoDateTime.nullable(),
  email: broadcastEmailStatusSchema.nullable(),
});
export type BroadcastHistoryItem = z.infer<typeof broadcastHistoryItemSchema>;
export const broadcastHistorySchema = z.object({ broadcasts: z.array(broadcastHistoryItemSchema) });
export type BroadcastHistory = z.infer<typeof broadcastHistorySchema>;

export const broadcastParamsSchema = z.object({ id: z.coerce.number().int().positive() });
