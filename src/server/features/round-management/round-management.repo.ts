import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { matches, players, roundByes, rounds } from '../../db/schema/tournaments';

/** Locks the round's row for the rest of the transaction and returns it fresh (two arbiters, one round). */
export async function lockRound(tx: Db, roundId: string) {
  const [row] = await tx.select().from(rounds).where(eq(rounds.id, roundId)).for('update');
  return row ?? null;
}

/** Players of the tournament with an account who opted in to round e-mails (user_preferences). */
export async function roundMailRecipients(
  db: Db,
  tournamentId: string,
): Promise<{ playerId: string; name: string; email: string }[]> {
  return db
    .select({ playerId: players.id, name: players.name, email: user.email })
    .from(players)
    .innerJoin(user, eq(user.id, players.userId))
    .innerJoin(userPreferences, eq(userPreferences.userId, players.userId))
    .where(and(eq(players.tournamentId, tournamentId), eq(userPreferences.roundNotifications, true)));
}

export async function deleteRounds(tx: Db, roundIds: string[]): Promise<void> {
  if (roundIds.length === 0) return;
  // matches and round_byes go with their round (on delete cascade).
  await tx.delete(rounds).where(inArray(rounds.id, roundIds));
}

/** The players with a requested bye (half, full, zero) in the round: the engine leaves them out. */
export async function requestedByePlayerIds(tx: Db, roundId: string): Promise<string[]> {
  const rows = await tx
    .select({ playerId: roundByes.playerId })
    .from(roundByes)
    .where(and(eq(roundByes.roundId, roundId), ne(roundByes.kind, 'pairing')));
  return rows.map((row) => row.playerId);
}

/** The round's boards in board order and its pairing-allocated bye, as stored now. */
export async function roundPairings(tx: Db, roundId: string) {
  const boards = await tx
    .select({
      boardNumber: matches.boardNumber,
      whitePlayerId: matches.whitePlayerId,
      blackPlayerId: matches.blackPlayerId,
    })
    .from(matches)
    .where(eq(matches.roundId, roundId))
    .orderBy(matches.boardNumber);
  const [bye] = await tx
    .select({ playerId: roundByes.playerId })
    .from(roundByes)
    .where(and(eq(roundByes.roundId, roundId), eq(roundByes.kind, 'pairing')));
  return { boards, byePlayerId: bye?.playerId ?? null };
}
