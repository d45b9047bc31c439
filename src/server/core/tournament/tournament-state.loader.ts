/**
 * The one server loader of the tournament state (docs/decisions/011-tournament-state.md): database rows in,
 * src/domain/tournament's plain state out. Every feature that shows or changes rounds, byes, points or
 * ranks reads the state through here and applies the rules of src/domain/tournament; none decides them from
 * rows or in SQL.
 */
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { schoolOf } from '../../../domain/schools';
import { knownTiebreakOrder } from '../../../domain/scoring/tiebreak-keys';
import type { School, Team, TournamentState } from '../../../domain/tournament/state';
import type { Db } from '../../db/client';
import { schools } from '../../db/schema/schools';
import {
  matches,
  players,
  roundByes,
  rounds,
  teams,
  tournamentSections,
  type tournaments,
} from '../../db/schema/tournaments';

type TournamentRow = typeof tournaments.$inferSelect;
type PlayerRow = typeof players.$inferSelect;
type RoundRow = typeof rounds.$inferSelect;
type MatchRow = typeof matches.$inferSelect;
type ByeRow = typeof roundByes.$inferSelect;

/** The rows a tournament's state is built from. */
export interface TournamentRows {
  tournament: TournamentRow;
  players: readonly PlayerRow[];
  rounds: readonly RoundRow[];
  matches: readonly MatchRow[];
  byes: readonly ByeRow[];
  /** The tournament's teams and its players' schools (loadSchoolRows); absent: schools by the name rule only. */
  schoolRows?: SchoolRows;
  /** The event's sections (ADR 044; core/tournament/sections.ts); none: one group. */
  sections?: readonly (typeof tournamentSections.$inferSelect)[];
}

export interface SchoolRows {
  schools: readonly { id: string; name: string }[];
  teams: readonly { id: string; name: string; schoolId: string }[];
}

/** The tournament's teams and the schools of its teams and players (docs/decisions/012-school-identity.md). */
export async function loadSchoolRows(db: Db, tournamentId: string): Promise<SchoolRows> {
  const [teamRows, schoolRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, schoolId: teams.schoolId })
      .from(teams)
      .where(eq(teams.tournamentId, tournamentId)),
    db
      .select({ id: schools.id, name: schools.name })
      .from(schools)
      .where(
        or(
          inArray(
            schools.id,
            db.select({ id: teams.schoolId }).from(teams).where(eq(teams.tournamentId, tournamentId)),
          ),
          inArray(
            schools.id,
            db
              .select({ id: players.schoolId })
              .from(players)
              .where(and(eq(players.tournamentId, tournamentId), isNotNull(players.schoolId))),
          ),
        ),
      ),
  ]);
  return { schools: schoolRows, teams: teamRows };
}

export async function loadTournamentRows(db: Db, tournament: TournamentRow): Promise<TournamentRows> {
  const id = tournament.id;
  const [playerRows, roundRows, matchRows, byeRows, schoolRows, sectionRows] = await Promise.all([
    db.select().from(players).where(eq(players.tournamentId, id)).orderBy(asc(players.name)),
    db.select().from(rounds).where(eq(rounds.tournamentId, id)).orderBy(asc(rounds.number)),
    db.select().from(matches).where(eq(matches.tournamentId, id)),
    db.select().from(roundByes).where(eq(roundByes.tournamentId, id)),
    loadSchoolRows(db, id),
    db.select().from(tournamentSections).where(eq(tournamentSections.tournamentId, id)),
  ]);
  return {
    tournament,
    players: playerRows,
    rounds: roundRows,
    matches: matchRows,
    byes: byeRows,
    schoolRows,
    sections: sectionRows,
  };
}

/**
 * Schools and teams (docs/decisions/012-school-identity.md). A player's school is their `school_id` (or their
 * team's school), an entity compared by id: two schools with the same name parsed from team names stay two.
 * Only a player written without a school (a row from before schools were records, or written directly)
 * falls back to the name rule (trailing single capital letter removed, domain/schools.ts), here and nowhere
 * else.
 */
function schoolsAndTeams(
  playerRows: readonly PlayerRow[],
  records: SchoolRows | undefined,
): {
  schools: School[];
  teams: Team[];
  teamIdOf: (player: PlayerRow) => string | null;
  schoolIdOf: (player: PlayerRow) => string | null;
} {
  const schoolNames = new Map((records?.schools ?? []).map((school) => [school.id, school.name]));
  const teamById = new Map((records?.teams ?? []).map((team) => [team.id, team]));
  const schoolsById = new Map<string, School>();
  const teamsById = new Map<string, Team>();
  const inferredSchoolId = (groupName: string | null) => {
    const school = schoolOf(groupName);
    return school ? `inferred:${school.toLowerCase()}` : null;
  };
  const teamIdOf = (player: PlayerRow) => {
    if (player.teamId) return player.teamId;
    const name = player.groupName?.trim();
    return name && !player.schoolId ? `inferred:${name.toLowerCase()}` : null;
  };
  const schoolIdOf = (player: PlayerRow) =>
    player.schoolId ??
    (player.teamId ? (teamById.get(player.teamId)?.schoolId ?? null) : inferredSchoolId(player.groupName));
  for (const player of playerRows) {
    const schoolId = schoolIdOf(player);
    if (!schoolId) continue;
    if (!schoolsById.has(schoolId)) {
      const name = schoolNames.get(schoolId) ?? schoolOf(player.groupName) ?? '';
      schoolsById.set(schoolId, { id: schoolId, name });
    }
    const teamId = teamIdOf(player);
    if (teamId && !teamsById.has(teamId)) {
      const name = teamById.get(teamId)?.name ?? player.groupName?.trim() ?? '';
      teamsById.set(teamId, { id: teamId, name, schoolId });
    }
  }
  return { schools: [...schoolsById.values()], teams: [...teamsById.values()], teamIdOf, schoolIdOf };
}

/** Stored public notes as text: strings only, trimmed, empty ones dropped. */
function notesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((note) => (typeof note === 'string' && note.trim() !== '' ? [note.trim()] : []));
}

export function toTournamentState(rows: TournamentRows): TournamentState {
  const { schools, teams, teamIdOf, schoolIdOf } = schoolsAndTeams(rows.players, rows.schoolRows);
  return {
    id: rows.tournament.id,
    name: rows.tournament.name,
    currentRound: rows.tournament.currentRound,
    totalRounds: rows.tournament.totalRounds,
    // The tournament's stored tie-break order (tournaments.tiebreak_order; checked when written).
    tiebreakOrder: knownTiebreakOrder(rows.tournament.tiebreakOrder),
    schools,
    teams,
    players: rows.players.map((player) => ({
      id: player.id,
      name: player.name,
      rating: player.rating,
      club: player.club,
      groupName: player.groupName,
      teamId: teamIdOf(player),
      schoolId: schoolIdOf(player),
      active: player.active,
      checkedInAt: player.checkedInAt,
      userId: player.userId,
    })),
    rounds: [...rows.rounds]
      .sort((a, b) => a.number - b.number)
      .map((round) => ({
        id: round.id,
        number: round.number,
        status: round.status,
        startTime: round.startTime,
        endTime: round.endTime,
        pairingNotes: notesOf(round.pairingNotes),
      })),
    games: rows.matches.map((match) => ({
      id: match.id,
      roundId: match.roundId,
      roundNumber: match.roundNumber,
      board: match.boardNumber,
      whiteId: match.whitePlayerId,
      blackId: match.blackPlayerId,
      result: match.result,
    })),
    byes: rows.byes.map((bye) => ({
      roundId: bye.roundId,
      roundNumber: bye.roundNumber,
      playerId: bye.playerId,
      kind: bye.kind,
    })),
  };
}

export async function loadTournamentState(db: Db, tournament: TournamentRow): Promise<TournamentState> {
  return toTournamentState(await loadTournamentRows(db, tournament));
}
