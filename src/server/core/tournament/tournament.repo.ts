import { desc, eq } from 'drizzle-orm';
import { needsPupilDetails, readPrizeConfig } from '../../../contracts/prizes';
import { PUBLIC_SETTING_KEYS } from '../../../contracts/settings-registry';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { registrationTeamPlayers } from '../../db/schema/registrations';
import {
  announcements,
  type matches,
  players as playerTable,
  type roundByes,
  type rounds,
  type tournaments,
} from '../../db/schema/tournaments';
import { pushKeysOf } from '../follows/push-keys';
import { reportedMatchIds } from '../results/results.repo';
import { readStoredSettings } from '../settings/settings.service';
import { findActiveTournament } from './active-tournament';
import { type SectionRow, sectionsOf } from './sections';
import { loadTournamentRows, type SchoolRows } from './tournament-state.loader';

export type TournamentRow = typeof tournaments.$inferSelect;
export type PlayerRow = typeof playerTable.$inferSelect;
export type RoundRow = typeof rounds.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
export type ByeRow = typeof roundByes.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;

/** Everything the public pages show, read in one go: the active tournament with its players, rounds and games. */
export interface PublicTournamentData {
  tournament: TournamentRow | null;
  players: readonly PlayerRow[];
  rounds: readonly RoundRow[];
  matches: readonly MatchRow[];
  byes: readonly ByeRow[];
  announcements: readonly AnnouncementRow[];
  settings: Map<string, unknown>;
  /** Teams and schools (docs/decisions/012-school-identity.md). */
  schoolRows?: SchoolRows;
  /** Games players have reported from their phones (ADR 040): shown "Reported" while they have no result. */
  reportedMatchIds?: ReadonlySet<string>;
  /**
   * Pupils' dates of birth and school years as their registrations gave them, by player id: read only when the
   * prizes have age or school-year categories (ADR 043), never shown.
   */
  pupilDetails?: ReadonlyMap<string, PupilDetails>;
  /** The event's sections (ADR 044); none: one group. */
  sections?: readonly SectionRow[];
  /** The secret of the public follow keys (ADR 045); without it pages offer no "Follow". */
  followKeySecret?: string;
}

export interface PupilDetails {
  dateOfBirth: string | null;
  schoolYear: string | null;
}

/** The registrations' details of the tournament's pupils (a substitute's entry included), by player id. */
export async function loadPupilDetails(
  db: Db | Tx,
  tournamentId: string,
): Promise<Map<string, PupilDetails>> {
  const rows = await db
    .select({
      playerId: registrationTeamPlayers.playerId,
      dateOfBirth: registrationTeamPlayers.dateOfBirth,
      schoolYear: registrationTeamPlayers.schoolYear,
    })
    .from(registrationTeamPlayers)
    .innerJoin(playerTable, eq(playerTable.id, registrationTeamPlayers.playerId))
    .where(eq(playerTable.tournamentId, tournamentId));
  return new Map(
    rows.flatMap((row) =>
      row.playerId
        ? [[row.playerId, { dateOfBirth: row.dateOfBirth, schoolYear: row.schoolYear }] as const]
        : [],
    ),
  );
}

export const ANNOUNCEMENTS_SHOWN = 5;

export async function loadPublicTournamentData(db: Db): Promise<PublicTournamentData> {
  const settings = await readStoredSettings(db, PUBLIC_SETTING_KEYS);
  const tournament = await findActiveTournament(db);
  if (!tournament) {
    return { tournament: null, players: [], rounds: [], matches: [], byes: [], announcements: [], settings };
  }
  // The tournament's rows come from the one loader of the tournament state (ADR 011); the public snapshot adds
  // only what it shows besides: the latest announcements and the public settings.
  const [rows, announcementRows, reported, keys] = await Promise.all([
    loadTournamentRows(db, tournament),
    db
      .select()
      .from(announcements)
      .where(eq(announcements.tournamentId, tournament.id))
      .orderBy(desc(announcements.createdAt))
      .limit(ANNOUNCEMENTS_SHOWN),
    reportedMatchIds(db, tournament.id),
    pushKeysOf(db),
  ]);
  // Age and school-year prizes read the pupils' registrations (ADR 043): the event's or any section's.
  const prizeLists = [tournament.prizes, ...sectionsOf(rows).map((section) => section.prizes)];
  const pupilDetails = prizeLists.some((prizes) => needsPupilDetails(readPrizeConfig(prizes)))
    ? await loadPupilDetails(db, tournament.id)
    : undefined;
  return {
    ...rows,
    announcements: announcementRows,
    settings,
    reportedMatchIds: reported,
    followKeySecret: keys.followKeySecret,
    ...(pupilDetails ? { pupilDetails } : {}),
  };
}
