import { desc, eq, inArray } from 'drizzle-orm';
import { PUBLIC_SETTING_KEYS } from '../../../contracts/settings-registry';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/settings';
import { announcements, matches, players, roundByes, rounds, tournaments } from '../../db/schema/tournaments';
import { loadSchoolRows, type SchoolRows } from './tournament-state.loader';

export type TournamentRow = typeof tournaments.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type RoundRow = typeof rounds.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
export type ByeRow = typeof roundByes.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;

/** Everything the public pages show, read in one go: the active tournament with its players, rounds and games. */
export interface PublicTournamentData {
  tournament: TournamentRow | null;
  players: PlayerRow[];
  rounds: RoundRow[];
  matches: MatchRow[];
  byes: ByeRow[];
  announcements: AnnouncementRow[];
  settings: Map<string, unknown>;
  /** Teams and schools (docs/decisions/012-school-identity.md). */
  schoolRows?: SchoolRows;
}

export const ANNOUNCEMENTS_SHOWN = 5;

export async function loadPublicTournamentData(db: Db): Promise<PublicTournamentData> {
  const settingRows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, [...PUBLIC_SETTING_KEYS]));
  const settings = new Map(settingRows.map((row) => [row.key, row.value]));
  const [tournament] = await db.select().from(tournaments).where(eq(tournaments.active, true)).limit(1);
  if (!tournament) {
    return { tournament: null, players: [], rounds: [], matches: [], byes: [], announcements: [], settings };
  }
  const id = tournament.id;
  const [playerRows, roundRows, matchRows, byeRows, announcementRows, schoolRows] = await Promise.all([
    db.select().from(players).where(eq(players.tournamentId, id)),
    db.select().from(rounds).where(eq(rounds.tournamentId, id)).orderBy(rounds.number),
    db.select().from(matches).where(eq(matches.tournamentId, id)),
    db.select().from(roundByes).where(eq(roundByes.tournamentId, id)),
    db
      .select()
      .from(announcements)
      .where(eq(announcements.tournamentId, id))
      .orderBy(desc(announcements.createdAt))
      .limit(ANNOUNCEMENTS_SHOWN),
    loadSchoolRows(db, id),
  ]);
  return {
    tournament,
    players: playerRows,
    rounds: roundRows,
    matches: matchRows,
    byes: byeRows,
    announcements: announcementRows,
    settings,
    schoolRows,
  };
}
