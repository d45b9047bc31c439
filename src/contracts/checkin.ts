import { z } from 'zod';
import { clientActionFields } from './client-actions';
import { isoDateTime } from './common';

/** What the check-in pages say; the server's refusals reach the desk's toasts as they are. */
export const CHECKIN_MESSAGES = {
  /** Refused check-in or undo while check-in is closed (docs/requirements.md §4: closed when the setting is missing). */
  closed: 'Check-in is closed. It can be opened on the Check-in Settings page.',
  noActiveTournament: 'No active tournament',
  playerNotFound: 'Player not found',
  withdrawn: 'This player has withdrawn. Re-activate them in Player Management before checking them in.',
  opened: 'Check-in opened',
  closedNow: 'Check-in closed',
  checkedIn: (name: string) => `${name} checked in`,
  alreadyCheckedIn: (name: string) => `${name} was already checked in`,
  undone: (name: string) => `Check-in undone for ${name}`,
  renamed: (name: string) => `Name changed to ${name}`,
  /** The round-management rule, shown on the desk and the overview. */
  pairingHint:
    'Once anyone is checked in, only checked-in players are paired. Players not checked in sit out the next round.',
} as const;

/** At most this many players are sent for one desk search; the desk asks for more letters beyond it. */
export const CHECKIN_SEARCH_LIMIT = 50;

export const checkinStateSchema = z.object({ open: z.boolean() });
export type CheckinState = z.infer<typeof checkinStateSchema>;

export const setCheckinStateBodySchema = z.object({ open: z.boolean() }).strict();
export const setCheckinStateResponseSchema = z.object({ open: z.boolean(), message: z.string() });

export const checkinCountSchema = z.object({
  checkedIn: z.number().int(),
  total: z.number().int(),
});
export type CheckinCount = z.infer<typeof checkinCountSchema>;

const tournamentRefSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const checkinPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The team, e.g. "St Kevin's A". */
  team: z.string().nullable(),
  /** The name of the player's school record (never parsed from the team name; ADR 012). */
  schoolName: z.string().nullable(),
  /** Withdrawn players are listed (so the desk can say why) but cannot be checked in. */
  isWithdrawn: z.boolean(),
  checkedInAt: isoDateTime.nullable(),
});
export type CheckinPlayer = z.infer<typeof checkinPlayerSchema>;

export const checkinSearchQuerySchema = z.object({
  search: z.string().max(200).default(''),
});
export const checkinSearchResponseSchema = z.object({
  tournament: tournamentRefSchema,
  counts: checkinCountSchema,
  players: z.array(checkinPlayerSchema),
  /** More players matched than were sent (CHECKIN_SEARCH_LIMIT). */
  isTruncated: z.boolean(),
});
export type CheckinSearchResponse = z.infer<typeof checkinSearchResponseSchema>;

export const checkinPlayerParamsSchema = z.object({ id: z.uuid('Invalid player id') });

/**
 * The optional body of a check-in or undo: the outbox's client id and time (ADR 032), and where the check-in
 * came from (a replayed offline check-in says 'offline').
 */
export const checkinActionBodySchema = z
  .object({
    ...clientActionFields,
    source: z.enum(['desk', 'kiosk', 'school', 'offline']).optional(),
  })
  .strict();
export type CheckinActionBody = z.infer<typeof checkinActionBodySchema>;

export const checkinActionResponseSchema = z.object({
  player: checkinPlayerSchema,
  message: z.string(),
});
export type CheckinActionResponse = z.infer<typeof checkinActionResponseSchema>;

/** docs/requirements.md §5: names are corrected at check-in. */
export const renamePlayerBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the player’s name').max(100, 'Keep the name under 100 characters'),
  })
  .strict();

const groupCountSchema = checkinCountSchema.extend({ name: z.string().nullable() });

export const checkinOverviewSchema = z.object({
  tournament: tournamentRefSchema,
  counts: checkinCountSchema,
  schools: z.array(groupCountSchema),
  teams: z.array(groupCountSchema.extend({ schoolName: z.string().nullable() })),
  missing: z.array(checkinPlayerSchema),
});
export type CheckinOverview = z.infer<typeof checkinOverviewSchema>;
