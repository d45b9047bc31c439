import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CheckinSource } from '../../../contracts/checkin';
import type { CheckinPlayer } from '../../../domain/checkin';
import { findActiveTournament as findTheActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema/schools';
import { players, tournamentSections } from '../../db/schema/tournaments';

/** A player as check-in reads them, with their school record (never a name parsed from the team). */
export type CheckinPlayerRow = Pick<
  typeof players.$inferSelect,
  'id' | 'name' | 'groupName' | 'active' | 'checkedInAt' | 'checkinSource' | 'signedOutAt'
> &
  CheckinPlayer & { sectionName: string | null };

const playerColumns = {
  id: players.id,
  name: players.name,
  groupName: players.groupName,
  active: players.active,
  checkedInAt: players.checkedInAt,
  checkinSource: players.checkinSource,
  signedOutAt: players.signedOutAt,
  schoolId: players.schoolId,
  // A subquery rather than a join, so that an UPDATE … RETURNING reads it too.
  schoolName: sql<
    string | null
  >`(select ${schools.name} from ${schools} where ${schools.id} = ${players.schoolId})`,
  sectionName: sql<
    string | null
  >`(select ${tournamentSections.name} from ${tournamentSections} where ${tournamentSections.id} = ${players.sectionId})`,
};

type SelectedRow = Omit<CheckinPlayerRow, 'school'> & { schoolId: string | null; schoolName: string | null };

function withSchool({ schoolId, schoolName, ...row }: SelectedRow): CheckinPlayerRow {
  return { ...row, school: schoolId && schoolName !== null ? { id: schoolId, name: schoolName } : null };
}
const first = (rows: SelectedRow[]): CheckinPlayerRow | null => (rows[0] ? withSchool(rows[0]) : null);

/** The active tournament as the desk names it (its id and name). */
export async function findActiveTournament(db: Db): Promise<{ id: string; name: string } | null> {
  const tournament = await findTheActiveTournament(db);
  return tournament && { id: tournament.id, name: tournament.name };
}

export async function listPlayers(db: Db, tournamentId: string): Promise<CheckinPlayerRow[]> {
  const rows = await db.select(playerColumns).from(players).where(eq(players.tournamentId, tournamentId));
  return rows.map(withSchool);
}

export async function findPlayer(
  db: Db,
  tournamentId: string,
  playerId: string,
): Promise<CheckinPlayerRow | null> {
  return first(
    await db
      .select(playerColumns)
      .from(players)
      .where(and(eq(players.tournamentId, tournamentId), eq(players.id, playerId))),
  );
}

/**
 * Sets the check-in time only when the player is not checked in yet, so two desks checking the same player
 * in keep the first time. Returns the row when it was written, null when someone was first.
 */
export async function markCheckedIn(
  db: Db,
  playerId: string,
  at: Date,
  source: CheckinSource,
): Promise<CheckinPlayerRow | null> {
  const [row] = await markManyCheckedIn(db, [playerId], at, source);
  return row ?? null;
}

/** `markCheckedIn` for several players in one statement (a whole school): the rows written. */
export async function markManyCheckedIn(
  db: Db,
  playerIds: readonly string[],
  at: Date,
  source: CheckinSource,
): Promise<CheckinPlayerRow[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .update(players)
    .set({ checkedInAt: at, checkinSource: source, signedOutAt: null, updatedAt: at })
    .where(and(inArray(players.id, [...playerIds]), isNull(players.checkedInAt)))
    .returning(playerColumns);
  return rows.map(withSchool);
}

/**
 * Records the sign-out time of checked-in players still in the hall; a player signed out already keeps the
 * first time. Returns the rows written.
 */
export async function markSignedOut(
  db: Db,
  playerIds: readonly string[],
  at: Date,
): Promise<CheckinPlayerRow[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .update(players)
    .set({ signedOutAt: at, updatedAt: at })
    .where(
      and(inArray(players.id, [...playerIds]), isNotNull(players.checkedInAt), isNull(players.signedOutAt)),
    )
    .returning(playerColumns);
  return rows.map(withSchool);
}

/** The active tournament's players of one school. */
export async function listSchoolPlayers(
  db: Db,
  tournamentId: string,
  schoolId: string,
): Promise<CheckinPlayerRow[]> {
  const rows = await db
    .select(playerColumns)
    .from(players)
    .where(and(eq(players.tournamentId, tournamentId), eq(players.schoolId, schoolId)));
  return rows.map(withSchool);
}

/** Clears the check-in time; null when the player was not checked in (nothing written, no live event). */
export async function clearCheckedIn(db: Db, playerId: string, at: Date): Promise<CheckinPlayerRow | null> {
  return first(
    await db
      .update(players)
      .set({ checkedInAt: null, checkinSource: null, signedOutAt: null, updatedAt: at })
      .where(and(eq(players.id, playerId), isNotNull(players.checkedInAt)))
      .returning(playerColumns),
  );
}

export async function renamePlayer(
  db: Db,
  playerId: string,
  name: string,
  at: Date,
): Promise<CheckinPlayerRow | null> {
  return first(
    await db
      .update(players)
      .set({ name, updatedAt: at })
      .where(eq(players.id, playerId))
      .returning(playerColumns),
  );
}
