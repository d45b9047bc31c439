import { z } from 'zod';
import { PLAYER_FIELD_LIMITS } from '../domain/players-csv';
import { countOf } from '../domain/plural';
import { isoDateTime } from './common';

/**
 * Player management (/admin/player-management, view_player_management) and the admin player lookup
 * (/admin/admin-player-lookup, view_admin_player_lookup). Files travel as text inside JSON bodies
 * (`{ csv }` / `{ trf }`): a 350-player CSV is about 15 kB, a TRF about 65 kB.
 */

export const PLAYER_MESSAGES = {
  noActiveTournament: 'No active tournament',
  tournamentNotFound: 'Tournament not found',
  playerNotFound: 'Player not found',
  userNotFound: 'No account uses this e-mail address',
  duplicate: (name: string, team: string | null) =>
    team
      ? `A player named "${name}" is already in team ${team}`
      : `A player named "${name}" is already entered without a team`,
  added: (name: string) => `${name} added`,
  updated: (name: string) => `${name} updated`,
  withdrawn: (name: string) => `${name} withdrawn: kept with their results, no longer paired`,
  reactivated: (name: string) => `${name} is active again and will be paired`,
  unfinishedGame: (round: number, board: number) =>
    `Their game on board ${board} of round ${round} has no result yet: enter it, or a forfeit`,
  alreadyWithdrawn: (name: string) => `${name} is already withdrawn`,
  alreadyActive: (name: string) => `${name} is already active`,
  roundNotFound: (round: number) => `Round ${round} does not exist in this tournament`,
  byeRoundNotUpcoming: (round: number) =>
    `Round ${round} has already started or finished: a bye can only be requested for an upcoming round`,
  byeRoundPaired: (round: number) =>
    `Round ${round} is already paired: delete its pairings before changing byes`,
  byeWithdrawn: (name: string) => `${name} is withdrawn: re-activate them before requesting a bye`,
  byeRequested: (name: string, round: number, kind: string) =>
    `${kind} bye for ${name} in round ${round} recorded`,
  byeNotFound: (round: number) => `No requested bye in round ${round}`,
  byeRemoved: (name: string, round: number) => `Bye for ${name} in round ${round} removed`,
  csvInvalid: (count: number) => `The file has ${countOf(count, 'problem')}: nothing was imported`,
  imported: (count: number) => `${countOf(count, 'player')} imported`,
  trfImported: (name: string, players: number, rounds: number) =>
    `Tournament "${name}" imported (inactive) with ${countOf(players, 'player')} and ${countOf(rounds, 'round')}`,
} as const;

const text = (label: string, max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, `${label} can be at most ${max} characters`));

const optionalText = (label: string, max: number) =>
  z
    .union([text(label, max), z.null()])
    .optional()
    .transform((value) => (value ? value : null));

export const playerFieldsSchema = z
  .object({
    name: text('The name', PLAYER_FIELD_LIMITS.name).pipe(z.string().min(1, 'Enter the player’s name')),
    /** The team, e.g. "St Kevin's A"; the school is derived from it. */
    groupName: optionalText('The team', PLAYER_FIELD_LIMITS.groupName),
    rating: z
      .number({ error: 'The rating must be a whole number' })
      .int('The rating must be a whole number')
      .min(0, 'The rating cannot be negative')
      .max(PLAYER_FIELD_LIMITS.ratingMax, `The rating can be at most ${PLAYER_FIELD_LIMITS.ratingMax}`)
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    club: optionalText('The club', PLAYER_FIELD_LIMITS.club),
    /** Eligible for girls' prizes (issue 32): absent keeps what is stored (a new player: no). */
    girlsPrize: z.boolean().optional(),
    /** Links the player to a sign-in account (their player dashboard); empty to unlink. */
    userEmail: z
      .union([z.literal(''), z.email('Enter a valid e-mail address').max(254), z.null()])
      .optional()
      .transform((value) => (value ? value.trim().toLowerCase() : null)),
  })
  .strict();
export type PlayerFields = z.input<typeof playerFieldsSchema>;

export const tournamentQuerySchema = z.object({
  /** Default: the active tournament. */
  tournamentId: z.uuid().optional(),
});

/** The TRF export: the whole event, or one section of it (ADR 044), each a tournament of its own for rating. */
export const trfExportQuerySchema = tournamentQuerySchema.extend({ section: z.uuid().optional() });

export const listPlayersQuerySchema = tournamentQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
});

export const createPlayerBodySchema = playerFieldsSchema
  .extend({ tournamentId: z.uuid().optional() })
  .strict();
export const updatePlayerBodySchema = playerFieldsSchema;

export const playerIdParamsSchema = z.object({ id: z.uuid('Player not found') });
export const byeParamsSchema = playerIdParamsSchema.extend({
  roundNumber: z.coerce.number().int().min(1).max(99),
});

export const REQUESTABLE_BYE_KINDS = ['half', 'full', 'zero'] as const;
export const requestByeBodySchema = z
  .object({
    roundNumber: z.number().int().min(1, 'Choose a round').max(99),
    kind: z.enum(REQUESTABLE_BYE_KINDS).default('half'),
  })
  .strict();

export const byeKindSchema = z.enum(['pairing', 'full', 'half', 'zero']);

export const managedTournamentSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  currentRound: z.number().int(),
  totalRounds: z.number().int(),
});
export type ManagedTournament = z.infer<typeof managedTournamentSchema>;

export const managedRoundSchema = z.object({
  number: z.number().int(),
  status: z.enum(['upcoming', 'active', 'completed']),
  hasPairings: z.boolean(),
  /** Requested byes can be entered or removed: the round is upcoming and not paired yet (the server decides). */
  acceptsByes: z.boolean(),
});

export const managedPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  school: z.string().nullable(),
  club: z.string().nullable(),
  rating: z.number().int().nullable(),
  girlsPrize: z.boolean(),
  active: z.boolean(),
  checkedInAt: isoDateTime.nullable(),
  userEmail: z.string().nullable(),
  /** Integer half-points. */
  halfPoints: z.number().int(),
  gamesPlayed: z.number().int(),
  byes: z.array(z.object({ roundNumber: z.number().int(), kind: byeKindSchema })),
});
export type ManagedPlayer = z.infer<typeof managedPlayerSchema>;

export const listPlayersResponseSchema = z.object({
  tournament: managedTournamentSchema,
  rounds: z.array(managedRoundSchema),
  players: z.array(managedPlayerSchema),
  /** Players in the tournament before the search filter. */
  total: z.number().int(),
  active: z.number().int(),
});
export type ListPlayersResponse = z.infer<typeof listPlayersResponseSchema>;

export const tournamentsResponseSchema = z.object({ tournaments: z.array(managedTournamentSchema) });

export const playerResponseSchema = z.object({
  message: z.string(),
  player: managedPlayerSchema,
});
export { messageResponseSchema } from './common';

export const csvBodySchema = z
  .object({
    tournamentId: z.uuid().optional(),
    csv: z.string().min(1, 'Choose a CSV file').max(200_000, 'The file is too big (at most 200 kB)'),
  })
  .strict();

export const csvIssueSchema = z.object({ line: z.number().int(), message: z.string() });
export const csvPreviewRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  groupName: z.string().nullable(),
  rating: z.number().int().nullable(),
  club: z.string().nullable(),
});
/**
 * A school the name rule infers from the file's team names (docs/decisions/012-school-identity.md), shown
 * for the arbiter to confirm: `isNew` ones are created by the import.
 */
export const inferredSchoolSchema = z.object({
  school: z.string(),
  isNew: z.boolean(),
  teams: z.array(z.string()),
});
export const csvPreviewResponseSchema = z.object({
  isValid: z.boolean(),
  rows: z.array(csvPreviewRowSchema),
  errors: z.array(csvIssueSchema),
  schools: z.array(inferredSchoolSchema),
});
export type CsvPreview = z.infer<typeof csvPreviewResponseSchema>;
export const csvImportResponseSchema = z.object({ message: z.string(), imported: z.number().int() });
/** The 400 of a refused import: the usual error plus every problem by line. */
export const csvImportErrorSchema = z.object({
  error: z.string(),
  requestId: z.string(),
  errors: z.array(csvIssueSchema),
});

export const trfImportBodySchema = z
  .object({
    trf: z.string().min(1, 'Choose a TRF file').max(1_000_000, 'The file is too big (at most 1 MB)'),
    /** Overrides the file's tournament name (012 record). */
    name: z.string().trim().max(200).optional(),
  })
  .strict();
export const trfImportResponseSchema = z.object({
  message: z.string(),
  tournament: managedTournamentSchema,
  players: z.number().int(),
  games: z.number().int(),
});
