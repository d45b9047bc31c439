import { z } from 'zod';
import { countOf } from '../domain/plural';
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
  signedOut: (name: string) => `${name} signed out`,
  alreadySignedOut: (name: string) => `${name} was already signed out`,
  notCheckedIn: (name: string) => `${name} was not checked in, so cannot be signed out`,
  schoolNotFound: 'School not found',
  schoolCheckedIn: (count: number, school: string) => `${countOf(count, 'pupil')} of ${school} checked in`,
  schoolSignedOut: (count: number, school: string) => `${countOf(count, 'pupil')} of ${school} signed out`,
  absentNotInSchool: 'A pupil ticked absent is not in this school',
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

/**
 * How a check-in was made (ADR 031): at the desk, at the kiosk by badge, for a whole school at once, or an
 * action queued offline and replayed.
 */
export const CHECKIN_SOURCES = ['desk', 'kiosk', 'school', 'offline'] as const;
export const checkinSourceSchema = z.enum(CHECKIN_SOURCES);
export type CheckinSource = z.infer<typeof checkinSourceSchema>;
export const CHECKIN_SOURCE_LABELS: Record<CheckinSource, string> = {
  desk: 'Desk',
  kiosk: 'Kiosk',
  school: 'Whole school',
  offline: 'Offline replay',
};

export const checkinPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The team, e.g. "St Kevin's A". */
  team: z.string().nullable(),
  /** The name of the player's school record (never parsed from the team name; ADR 012). */
  schoolName: z.string().nullable(),
  /** The player's section in an event with sections (ADR 044): the desk sends them to its part of the hall. */
  section: z.string().nullable().optional(),
  /** Withdrawn players are listed (so the desk can say why) but cannot be checked in. */
  isWithdrawn: z.boolean(),
  checkedInAt: isoDateTime.nullable(),
  /** How the check-in was made; null when not checked in (or checked in before sources were recorded). */
  source: checkinSourceSchema.nullable(),
  /** When the player was signed out at pick-up; null while in the hall. */
  signedOutAt: isoDateTime.nullable(),
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
    /** Without one the source is 'desk'. */
    source: checkinSourceSchema.optional(),
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
  counts: checkinCountSchema.extend({
    /** Checked in and not signed out yet: who is still in the hall. */
    inHall: z.number().int(),
  }),
  schools: z.array(groupCountSchema),
  teams: z.array(groupCountSchema.extend({ schoolName: z.string().nullable() })),
  missing: z.array(checkinPlayerSchema),
  /** Every check-in, latest first, with its source and sign-out time. */
  arrivals: z.array(checkinPlayerSchema),
});
export type CheckinOverview = z.infer<typeof checkinOverviewSchema>;

/** A school at the desk's whole-school check-in: its id for the school list, and its counts. */
export const checkinSchoolSchema = checkinCountSchema.extend({
  id: z.string(),
  name: z.string(),
  inHall: z.number().int(),
});
export type CheckinSchool = z.infer<typeof checkinSchoolSchema>;
export const checkinSchoolsResponseSchema = z.object({ schools: z.array(checkinSchoolSchema) });

export const checkinSchoolParamsSchema = z.object({ id: z.uuid('Invalid school id') });

/** One school's pupils in the active tournament, by team then name (withdrawn ones listed but not counted). */
export const checkinSchoolListSchema = z.object({
  school: z.object({ id: z.string(), name: z.string() }),
  players: z.array(checkinPlayerSchema),
});
export type CheckinSchoolList = z.infer<typeof checkinSchoolListSchema>;

/** Check in (or sign out) a whole school except the pupils ticked absent (or staying). */
export const schoolActionBodySchema = z
  .object({
    action: z.enum(['check-in', 'sign-out']),
    /** Pupils ticked absent: left as they are. */
    absentPlayerIds: z.array(z.uuid('Invalid player id')).max(500).default([]),
    /** 'school' from the desk and the kiosk; 'offline' when a queued action is replayed. */
    source: z.enum(['school', 'offline']).default('school'),
  })
  .strict();
export type SchoolActionBody = z.input<typeof schoolActionBodySchema>;

export const schoolActionResponseSchema = checkinSchoolListSchema.extend({
  /** How many pupils this action changed. */
  changed: z.number().int(),
  message: z.string(),
});
export type SchoolActionResponse = z.infer<typeof schoolActionResponseSchema>;
