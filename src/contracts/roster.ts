import { z } from 'zod';
import { publicPlayerSchema } from './tournament';

/**
 * GET /api/public/roster: every active player of the active tournament by name (name badges), no ranks or
 * points. Its own file so the home page's bundle does not carry it.
 */
export const rosterResponseSchema = z.object({
  tournamentName: z.string().nullable(),
  players: z.array(publicPlayerSchema),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;
