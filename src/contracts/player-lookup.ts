import { z } from 'zod';
import { byeKindSchema, matchResultSchema, publicPlayerSchema } from './tournament';

export const playerLookupQuerySchema = z.object({
  name: z.string().trim().min(2, 'Type at least 2 letters of the name').max(100),
});

/** The name the lookup page searches for given its ?name= value, as the page reads it; null when it shows none. */
export function lookupNameOf(value: string | null): string | null {
  const parsed = playerLookupQuerySchema.safeParse({ name: value ?? '' });
  return parsed.success ? parsed.data.name : null;
}

export const playerRoundSchema = z.object({
  roundNumber: z.number().int(),
  board: z.number().int().nullable(),
  colour: z.enum(['white', 'black']).nullable(),
  opponent: publicPlayerSchema.nullable(),
  result: matchResultSchema,
  outcome: z.enum(['win', 'draw', 'loss']).nullable(),
  bye: byeKindSchema.nullable(),
  /** The round has started: a game without a result is in progress, else it has not begun (as on boards). */
  isStarted: z.boolean(),
  /** Points this round brought, in half-points; null while the game is in progress. */
  halfPoints: z.number().int().nullable(),
});
export type PlayerRound = z.infer<typeof playerRoundSchema>;

export const playerLookupEntrySchema = publicPlayerSchema.extend({
  rank: z.number().int().nullable(),
  /** The name of the player's section in an event with sections (ADR 044): the rank is within it. */
  section: z.string().optional(),
  /** The key "Follow" names this player by (ADR 045); absent when follows are off. */
  followKey: z.string().optional(),
  /** No longer paired: withdrawn by the school or an arbiter (tagged as on the leaderboard, WITHDRAWN_TAG). */
  withdrawn: z.boolean(),
  halfPoints: z.number().int(),
  current: playerRoundSchema.nullable(),
  history: z.array(playerRoundSchema),
});
export type PlayerLookupEntry = z.infer<typeof playerLookupEntrySchema>;

export const playerLookupResponseSchema = z.object({
  players: z.array(playerLookupEntrySchema),
  /** True when more players matched than were returned; the user should type more of the name. */
  truncated: z.boolean(),
});
export type PlayerLookupResponse = z.infer<typeof playerLookupResponseSchema>;
