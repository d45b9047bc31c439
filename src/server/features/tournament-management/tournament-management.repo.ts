import { and, asc, count, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type {
  AdminAnnouncement,
  AdminTournament,
  TournamentTemplate,
} from '../../../contracts/tournament-management';
import { knownTiebreakOrder } from '../../../domain/scoring/tiebreak-keys';
import { tiebreakOrderEditable } from '../../../domain/tournament/rounds';
import { isActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import {
  announcements,
  matches,
  players,
  roundByes,
  rounds,
  tournaments,
  tournamentTemplates,
} from '../../db/schema/tournaments';

type TournamentRow = typeof tournaments.$inferSelect;
type TemplateRow = typeof tournamentTemplates.$inferSelect;
type AnnouncementRow = typeof announcements.$inferSelect;

export function toAdminTournament(
  row: TournamentRow,
  playerCount: number,
  orderEditable: boolean,
): AdminTournament {
  return {
    id: row.id,
    name: row.name,
    venue: row.venue,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    currentRound: row.currentRound,
    totalRounds: row.totalRounds,
    active: row.active,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    playerCount,
    createdAt: row.createdAt.toISOString(),
    // The known keys only, as the tournament state reads them: a hand-edited row cannot break the list.
    tiebreakOrder: knownTiebreakOrder(row.tiebreakOrder),
    tiebreakOrderEditable: orderEditable,
    publicNameDisplay: row.publicNameDisplay,
  };
}

/**
 * Whether each tournament's tie-break order may still change, decided by the domain's rule
 * (`tiebreakOrderEditable`: no round started, round 1 not paired) from the rows it reads: the rounds, and
 * which rounds have games and which byes (one row per round and kind, not every game).
 */
export async function tiebreakOrderEditableOf(db: Db, ids: readonly string[]): Promise<Map<string, boolean>> {
  if (ids.length === 0) return new Map();
  const [roundRows, gameRows, byeRows] = await Promise.all([
    db
      .select({
        tournamentId: rounds.tournamentId,
        id: rounds.id,
        number: rounds.number,
        status: rounds.status,
      })
      .from(rounds)
      .where(inArray(rounds.tournamentId, [...ids])),
    db
      .selectDistinct({ tournamentId: matches.tournamentId, roundId: matches.roundId })
      .from(matches)
      .where(inArray(matches.tournamentId, [...ids])),
    db
      .selectDistinct({
        tournamentId: roundByes.tournamentId,
        roundId: roundByes.roundId,
        kind: roundByes.kind,
      })
      .from(roundByes)
      .where(inArray(roundByes.tournamentId, [...ids])),
  ]);
  const of = (id: string) => ({
    rounds: roundRows.filter((row) => row.tournamentId === id),
    games: gameRows.filter((row) => row.tournamentId === id),
    byes: byeRows.filter((row) => row.tournamentId === id),
  });
  return new Map(ids.map((id) => [id, tiebreakOrderEditable(of(id))]));
}

/**
 * Locks round 1's row for the rest of the transaction: the lock generating round 1's pairings takes
 * (docs/decisions/009-tournament-day-operations.md), so a tie-break order change and the pairing of round 1
 * happen one after the other, never both. Taken before the tournament's own row (the pairing's writes
 * reference the tournament row while holding the round lock).
 */
export async function lockFirstRound(tx: Db, tournamentId: string): Promise<void> {
  await tx
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.tournamentId, tournamentId), eq(rounds.number, 1)))
    .for('update');
}

export function toTemplate(row: TemplateRow): TournamentTemplate {
  return {
    id: row.id,
    name: row.name,
    defaultRounds: row.defaultRounds,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminAnnouncement(row: AnnouncementRow & { tournamentId: string }): AdminAnnouncement {
  return {
    id: row.id,
    tournamentId: row.tournamentId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every tournament with its player count: the active one first, then the newest, the archived ones last. */
export async function listTournaments(db: Db): Promise<AdminTournament[]> {
  const playerCounts = db
    .select({ tournamentId: players.tournamentId, n: count().as('n') })
    .from(players)
    .groupBy(players.tournamentId)
    .as('player_counts');
  const rows = await db
    .select({ tournament: getTableColumns(tournaments), playerCount: playerCounts.n })
    .from(tournaments)
    .leftJoin(playerCounts, eq(playerCounts.tournamentId, tournaments.id))
    .orderBy(
      desc(tournaments.active),
      sql`${tournaments.archivedAt} is not null`,
      desc(tournaments.createdAt),
    );
  const editable = await tiebreakOrderEditableOf(
    db,
    rows.map((row) => row.tournament.id),
  );
  return rows.map((row) =>
    toAdminTournament(row.tournament, Number(row.playerCount ?? 0), editable.get(row.tournament.id) ?? false),
  );
}

export async function findTournament(db: Db, id: string): Promise<TournamentRow | null> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  return row ?? null;
}

/** The tournament with rounds 1..n, all upcoming (the demo seed's shape for rounds not yet played). */
export async function insertTournamentWithRounds(
  db: Db,
  values: Omit<typeof tournaments.$inferInsert, 'id' | 'active' | 'currentRound'>,
): Promise<TournamentRow> {
  const [row] = await db.insert(tournaments).values(values).returning();
  if (!row) throw new Error('the tournament was not created');
  const totalRounds = values.totalRounds ?? 1;
  await db.insert(rounds).values(
    Array.from({ length: totalRounds }, (_, index) => ({
      tournamentId: row.id,
      number: index + 1,
      status: 'upcoming' as const,
    })),
  );
  return row;
}

export async function updateTournament(
  db: Db,
  id: string,
  values: Pick<TournamentRow, 'name' | 'venue' | 'description' | 'startDate' | 'endDate'> &
    Partial<Pick<TournamentRow, 'tiebreakOrder' | 'publicNameDisplay'>>,
): Promise<void> {
  await db
    .update(tournaments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tournaments.id, id));
}

/** Clears the active flag of every other tournament first: the unique partial index allows one at a time. */
export async function makeOnlyActive(db: Db, id: string): Promise<void> {
  await db
    .update(tournaments)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(isActiveTournament(), ne(tournaments.id, id)));
  await db
    .update(tournaments)
    .set({ active: true, archivedAt: null, updatedAt: sql`now()` })
    .where(eq(tournaments.id, id));
}

export async function archiveTournament(db: Db, id: string): Promise<void> {
  await db
    .update(tournaments)
    .set({ active: false, archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(tournaments.id, id));
}

export async function listTemplates(db: Db): Promise<TournamentTemplate[]> {
  const rows = await db.select().from(tournamentTemplates).orderBy(asc(tournamentTemplates.name));
  return rows.map(toTemplate);
}

export async function findTemplate(db: Db, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(tournamentTemplates).where(eq(tournamentTemplates.id, id));
  return row ?? null;
}

export async function insertTemplate(
  db: Db,
  values: { name: string; defaultRounds: number; createdBy: string },
): Promise<TemplateRow> {
  const [row] = await db.insert(tournamentTemplates).values(values).returning();
  if (!row) throw new Error('the template was not created');
  return row;
}

export async function listAnnouncements(db: Db, tournamentId: string): Promise<AdminAnnouncement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(eq(announcements.tournamentId, tournamentId))
    .orderBy(desc(announcements.createdAt));
  return rows.map((row) => toAdminAnnouncement({ ...row, tournamentId }));
}

/** An announcement that belongs to a tournament (the only kind this page manages). */
export async function findAnnouncement(
  db: Db,
  id: string,
): Promise<(AnnouncementRow & { tournamentId: string }) | null> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row?.tournamentId ? { ...row, tournamentId: row.tournamentId } : null;
}

export async function insertAnnouncement(
  db: Db,
  values: { tournamentId: string; content: string; createdBy: string },
): Promise<AdminAnnouncement> {
  const [row] = await db.insert(announcements).values(values).returning();
  if (!row) throw new Error('the announcement was not created');
  return toAdminAnnouncement({ ...row, tournamentId: values.tournamentId });
}

export async function updateAnnouncement(db: Db, id: string, content: string): Promise<AdminAnnouncement> {
  const [row] = await db
    .update(announcements)
    .set({ content, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  if (!row?.tournamentId) throw new Error('the announcement was not updated');
  return toAdminAnnouncement({ ...row, tournamentId: row.tournamentId });
}

export async function deleteAnnouncement(db: Db, id: string): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id));
}
