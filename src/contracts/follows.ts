import { z } from 'zod';

/**
 * Following a player or a school (issue 33, ADR 045): Web Push to a device, or e-mail to a confirmed address,
 * with the pairings, the round's start, each result and the final standings. No account; every message says
 * how to stop it.
 */
export const FOLLOW_TARGET_KINDS = ['player', 'school'] as const;
export type FollowTargetKind = (typeof FOLLOW_TARGET_KINDS)[number];

export const FOLLOW_MESSAGES = {
  followed: (name: string) => `You follow ${name} on this device`,
  unfollowed: (name: string) => `You no longer follow ${name} on this device`,
  notFound: 'Nothing to follow here: the player or school is not in the tournament',
  noTournament: 'No tournament is running',
  badSubscription: 'This browser gave an address notifications cannot be sent to',
  followFailed: 'Could not follow: try again',
  blocked:
    'Notifications are blocked for this site: allow them in the browser’s settings, then tap Follow again',
  tooMany: 'Too many follows from this network just now: try again in a few minutes',
  pairingsTitle: (round: number) => `Round ${round} pairings`,
  startTitle: (round: number) => `Round ${round} has started`,
  resultTitle: (round: number) => `Round ${round} result`,
  finalTitle: 'Final standings',
  more: (count: number) => `and ${count} more`,
  emailSent: (email: string) => `Check ${email}: open the link in our e-mail to start`,
  emailConfirmed: (name: string) =>
    `Confirmed: you will get ${name}'s pairings and final standings by e-mail`,
  emailStopped: 'You will get no more of these e-mails',
  emailLinkInvalid: 'This link is not valid: copy the whole address from the e-mail',
  emailFailed: 'Could not send the e-mail: try again',
  confirmSubject: (name: string) => `Confirm: follow ${name}`,
  confirmText: (name: string, confirm: string, stop: string) =>
    `Someone, we hope you, asked to follow ${name} at the school chess tournament by e-mail: the pairings of each round and the final standings.\n\nTo start, open this link:\n${confirm}\n\nNot you? Ignore this e-mail and nothing will be sent; or stop it for good:\n${stop}\n`,
  mailFooter: (page: string, stop: string) => `\n\nOpen the page: ${page}\nStop these e-mails: ${stop}\n`,
} as const;

/** How long a message may wait at the push service: minutes, not the library's four weeks (ADR 045). */
export const PUSH_TIME_TO_LIVE_SECONDS = 15 * 60;

export const followTargetSchema = z
  .object({
    kind: z.enum(FOLLOW_TARGET_KINDS),
    /** The public follow key the page was given (never a database id). */
    key: z.string().trim().min(8).max(64),
  })
  .strict();
export type FollowTarget = z.infer<typeof followTargetSchema>;

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url().max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }).strict(),
  })
  .strict();

/** POST /api/follows/push (follow) and DELETE /api/follows/push (unfollow). */
export const pushFollowBodySchema = z
  .object({ subscription: pushSubscriptionSchema, target: followTargetSchema })
  .strict();
export type PushFollowBody = z.infer<typeof pushFollowBodySchema>;

export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

/** POST /api/follows/email: follow by e-mail; nothing is sent but the confirmation until it is confirmed. */
export const emailFollowBodySchema = z
  .object({
    email: z.email('Enter a valid e-mail address').max(254),
    target: followTargetSchema,
  })
  .strict();
export type EmailFollowBody = z.infer<typeof emailFollowBodySchema>;

/** POST /api/follows/email/confirm and /unsubscribe: the token of the e-mail's link. */
export const emailTokenBodySchema = z.object({ token: z.string().trim().min(20).max(120) }).strict();

/** The page an e-mail's links open: `/follow?confirm=<token>` or `/follow?stop=<token>`. */
export const FOLLOW_PAGE = '/follow';

/** The message a service worker shows: a title, lines, and the page a tap opens. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** Replaces an earlier notification of the same topic on the device. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
