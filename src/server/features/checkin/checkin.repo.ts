import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { players, tournaments } from '../../db/schema/tournaments';

export type CheckinPlayerRow = Pick<
  typeof players.$inferSelect,
  'id' | 'name' | 'groupName' | 'active' | 'checkedInAt'
>;

const playerColumns = {
  id: players.id,
  name: players.name,
  groupName: players.groupName,
  active: players.active,
  checkedInAt: players.checkedInAt,
};

export async function findActiveTournament(db: Db): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: tournaments.id, name: tournaments.name })
    .from(tournaments)
    .where(eq(tournaments.active, true))
    .limit(1);
  return row ?? null;
}

export async function listPlayers(db: Db, tournamentId: string): Promise<CheckinPlayerRow[]> {
  return db.select(playerColumns).from(players).where(eq(players.tournamentId, tournamentId));
}

export async function findPlayer(
  db: Db,
  tournamentId: string,
  playerId: string,
): Promise<CheckinPlayerRow | null> {
  const [row] = await db
    .select(playerColumns)
    .from(players)
    .where(and(eq(players.tournamentId, tournamentId), eq(players.id, playerId)));
  return row ?? null;
}

/**
 * Sets the check-in time only when the player is not checked in yet, so two desks checking the same player
 * in keep the first time. Returns the row when it was written, null when someone was first.
 */
export async function markCheckedIn(db: Db, playerId: string, at: Date): Promise<CheckinPlayerRow | null> {
  const [row] = await db
    .update(players)
    .set({ checkedInAt: at, updatedAt: at })
    .where(and(eq(players.id, playerId), isNull(players.checkedInAt)))
    .returning(playerColumns);
  return row ?? null;
}

/** Clears the check-in time; null when the player was not checked in (nothing written, no live event). */
export async function clearCheckedIn(db: Db, playerId: string, at: Date): Promise<CheckinPlayerRow | null> {
  const [row] = await db
    .update(players)
    .set({ checkedInAt: null, updatedAt: at })
    .where(and(eq(players.id, playerId), isNotNull(players.checkedInAt)))
    .returning(playerColumns);
  return row ?? null;
}

export async function renamePlayer(
  db: Db,
  playerId: string,
  name: string,
  at: Date,
): Promise<CheckinPlayerRow | null> {
  const [row] = await db
    .update(players)
    .set({ name, updatedAt: at })
    .where(eq(players.id, playerId))
    .returning(playerColumns);
  return row ?? null;
}
