import { z } from 'zod';
import { MATCH_RESULTS } from '../domain/scoring/results';
import { byeKindSchema, managedPlayerSchema, managedTournamentSchema } from './player-management';

/**
 * The admin player lookup (/admin/admin-player-lookup, view_admin_player_lookup): find a player of the active
 * tournament, then their board now, every result, points, team and check-in state.
 */

export const lookupQuerySchema = z.object({ search: z.string().trim().min(1).max(200) });

export const lookupMatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  active: z.boolean(),
  halfPoints: z.number().int(),
});
export const lookupSearchResponseSchema = z.object({
  tournament: managedTournamentSchema.nullable(),
  players: z.array(lookupMatchSchema),
});

export const lookupGameSchema = z.object({
  roundNumber: z.number().int(),
  boardNumber: z.number().int().nullable(),
  colour: z.enum(['white', 'black']).nullable(),
  opponent: z
    .object({
      id: z.string(),
      name: z.string(),
      groupName: z.string().nullable(),
      rating: z.number().nullable(),
    })
    .nullable(),
  /** For a finished game; null for a bye or while unfinished. */
  outcome: z.enum(['win', 'draw', 'loss']).nullable(),
  /** The game's stored result (formatResult() draws it), null for a bye or while unfinished. */
  result: z.enum(MATCH_RESULTS).nullable(),
  halfPoints: z.number().int(),
  bye: byeKindSchema.nullable(),
  isPlayed: z.boolean(),
});
export type LookupGame = z.infer<typeof lookupGameSchema>;

export const lookupDetailResponseSchema = z.object({
  tournament: managedTournamentSchema,
  player: managedPlayerSchema,
  rank: z.number().int().nullable(),
  /** The current round's board for this player, or a bye, or null when not paired. */
  current: lookupGameSchema.nullable(),
  currentRoundStatus: z.enum(['upcoming', 'active', 'completed']).nullable(),
  results: z.array(lookupGameSchema),
});
export type LookupDetail = z.infer<typeof lookupDetailResponseSchema>;
