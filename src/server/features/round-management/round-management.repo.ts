import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema/accounts';
import { user } from '../../db/schema/auth';
import { players, rounds } from '../../db/schema/tournaments';

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
