import { desc, eq, inArray } from 'drizzle-orm';
import { PLAYER_MESSAGES } from '../../../contracts/player-management';
import type { Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import { type matches, players, type roundByes, type rounds, tournaments } from '../../db/schema/tournaments';
import { HttpError } from '../../http/errors';
import { isActiveTournament } from '../tournament/active-tournament';
import { loadTournamentRows, type TournamentRows } from '../tournament/tournament-state.loader';

export type TournamentRow = typeof tournaments.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type RoundRow = typeof rounds.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
export type ByeRow = typeof roundByes.$inferSelect;

/** A tournament with everything that decides its players' points and pairings state: the loader's rows. */
export type TournamentData = TournamentRows;

/** The chosen tournament, or the active one when none is named (404 'No active tournament'). */
export async function resolveTournament(db: Db, tournamentId: string | undefined): Promise<TournamentRow> {
  const [row] = await db
    .select()
    .from(tournaments)
    .where(tournamentId ? eq(tournaments.id, tournamentId) : isActiveTournament())
    .limit(1);
  if (!row) {
    throw new HttpError(
      404,
      tournamentId ? PLAYER_MESSAGES.tournamentNotFound : PLAYER_MESSAGES.noActiveTournament,
    );
  }
  return row;
}

export async function listTournaments(db: Db): Promise<TournamentRow[]> {
  return db.select().from(tournaments).orderBy(desc(tournaments.active), desc(tournaments.createdAt));
}

/** The rows the tournament state is built from, read by the one loader (ADR 011). */
export const loadTournamentData = loadTournamentRows;

export async function findPlayer(db: Db, id: string): Promise<PlayerRow> {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  if (!row) throw new HttpError(404, PLAYER_MESSAGES.playerNotFound);
  return row;
}

/** E-mail addresses of the accounts linked to players. */
export async function emailsOf(db: Db, userIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The account with this e-mail address (400 when there is none). */
export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new HttpError(400, PLAYER_MESSAGES.userNotFound);
  return row.id;
}
