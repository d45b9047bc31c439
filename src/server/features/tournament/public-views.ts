import type { Announcement } from '../../../contracts/announcements';
import type { HomeResponse } from '../../../contracts/home';
import type { LeaderboardResponse, TiebreakValues } from '../../../contracts/leaderboard';
import type { PlayerDashboardResponse } from '../../../contracts/player-dashboard';
import type { PlayerLookupEntry, PlayerLookupResponse, PlayerRound } from '../../../contracts/player-lookup';
import type { RosterResponse } from '../../../contracts/roster';
import {
  type HomePageSettings,
  type RegistrationSettings,
  resolveHomePageSettings,
  resolveLeaderboardVisible,
  resolveRegistrationSettings,
  SETTING_KEYS,
} from '../../../contracts/settings';
import type {
  Board,
  CurrentRoundResponse,
  PairingNotes,
  PublicPlayer,
  RecentMatch,
  RoundSummary,
  TournamentResponse,
} from '../../../contracts/tournament';
import { nameMatches, normalizeName } from '../../../domain/names';
import { halfPointsFor, halfPointsForBye, outcomeFor } from '../../../domain/scoring/results';
import { DEFAULT_TIEBREAK_ORDER } from '../../../domain/scoring/tiebreaks';
import {
  computeIndividualStandings,
  computeScores,
  type PlayerScore,
  type StandingRow,
  type StandingsInput,
} from '../../../domain/standings/individual';
import { computeTeamStandings, type TeamStandingRow } from '../../../domain/standings/teams';
import { computeTournamentStats } from '../../../domain/stats';
import type { MatchRow, PlayerRow, PublicTournamentData, RoundRow } from './tournament.repo';

export const RECENT_MATCHES_SHOWN = 3;
export const LOOKUP_MAX_PLAYERS = 10;

/**
 * Maps the active tournament's rows to the public API's shapes (src/contracts). Only allow-listed fields
 * leave: names, teams and ratings; never user ids, e-mails or internal ids.
 */
export class PublicViews {
  private readonly playersById: Map<string, PlayerRow>;
  private standingsMemo: StandingRow[] | undefined;
  private teamsMemo: TeamStandingRow[] | undefined;
  private scoresMemo: Map<string, PlayerScore> | undefined;
  private displayedRoundMemo: RoundRow | null | undefined;
  private startedRoundsMemo: Set<string> | undefined;

  constructor(private readonly data: PublicTournamentData) {
    this.playersById = new Map(data.players.map((player) => [player.id, player]));
  }

  get currentRoundNumber(): number {
    return this.data.tournament?.currentRound ?? 0;
  }

  get leaderboardVisible(): boolean {
    return resolveLeaderboardVisible(this.data.settings.get(SETTING_KEYS.leaderboardVisible));
  }

  private standingsInput(): StandingsInput {
    return {
      players: this.data.players.map((player) => ({
        id: player.id,
        name: player.name,
        rating: player.rating,
        groupName: player.groupName,
        active: player.active,
      })),
      games: this.data.matches.map((match) => ({
        roundNumber: match.roundNumber,
        whiteId: match.whitePlayerId,
        blackId: match.blackPlayerId,
        result: match.result,
      })),
      // A bye counts once its round has started or been published (paired): a bye requested for round 5 is
      // no point yet while round 2 is played.
      byes: this.data.byes
        .filter((bye) => this.startedRoundIds.has(bye.roundId) || bye.roundId === this.currentRoundRow?.id)
        .map((bye) => ({
          roundNumber: bye.roundNumber,
          playerId: bye.playerId,
          kind: bye.kind,
        })),
    };
  }

  private get startedRoundIds(): Set<string> {
    this.startedRoundsMemo ??= new Set(
      this.data.rounds.filter((round) => round.status !== 'upcoming').map((round) => round.id),
    );
    return this.startedRoundsMemo;
  }

  /**
   * The official standings: points, then the FIDE tie-breaks in DEFAULT_TIEBREAK_ORDER (C.07), then rating
   * and name. One order for the leaderboard, the home page's leading players, lookup and the dashboard.
   * While a round is in progress its unfinished games count as unplayed, so tie-breaks are provisional.
   */
  standings(): StandingRow[] {
    this.standingsMemo ??= computeIndividualStandings(this.standingsInput(), {
      tiebreaks: DEFAULT_TIEBREAK_ORDER,
    });
    return this.standingsMemo;
  }

  teamStandings(): TeamStandingRow[] {
    this.teamsMemo ??= computeTeamStandings(this.standings());
    return this.teamsMemo;
  }

  /** Every player's score, withdrawn players included (the standings leave them out). */
  private scores(): Map<string, PlayerScore> {
    this.scoresMemo ??= computeScores(this.standingsInput());
    return this.scoresMemo;
  }

  /**
   * The round the public pages show as "this round": the tournament's current round, or the next one as soon as
   * its pairings are generated, before it starts. Players look for their boards the moment a round is paired.
   */
  private get currentRoundRow(): RoundRow | undefined {
    if (this.displayedRoundMemo === undefined) {
      const paired = new Set([
        ...this.data.matches.map((match) => match.roundId),
        // Only the engine's bye means a round is paired; a requested bye may be entered rounds ahead.
        ...this.data.byes.filter((bye) => bye.kind === 'pairing').map((bye) => bye.roundId),
      ]);
      const published = this.data.rounds
        .filter(
          (round) =>
            round.number > this.currentRoundNumber && round.status === 'upcoming' && paired.has(round.id),
        )
        .sort((a, b) => a.number - b.number)[0];
      this.displayedRoundMemo =
        published ??
        this.data.rounds.find((candidate) => candidate.number === this.currentRoundNumber) ??
        null;
    }
    return this.displayedRoundMemo ?? undefined;
  }

  /** The number of the round shown as "this round" (see currentRoundRow); 0 before any. */
  private get displayedRoundNumber(): number {
    return this.currentRoundRow?.number ?? this.currentRoundNumber;
  }

  /** The current round's public pairing notes, or null when it has none. */
  pairingNotes(): PairingNotes | null {
    const round = this.currentRoundRow;
    const notes = round ? publicNotes(round) : [];
    return round && notes.length > 0 ? { roundNumber: round.number, notes } : null;
  }

  tournament(): TournamentResponse {
    const { tournament } = this.data;
    if (!tournament) return { tournament: null, stats: null };
    return {
      tournament: {
        name: tournament.name,
        venue: tournament.venue,
        description: tournament.description,
        startDate: tournament.startDate,
        endDate: tournament.endDate,
        currentRound: tournament.currentRound,
        totalRounds: tournament.totalRounds,
        rounds: this.data.rounds.map(toRoundSummary),
      },
      stats: computeTournamentStats({
        activePlayerCount: this.data.players.filter((player) => player.active).length,
        currentRound: tournament.currentRound,
        totalRounds: tournament.totalRounds,
        matches: this.data.matches.map((match) => ({
          roundNumber: match.roundNumber,
          hasResult: match.result !== null,
        })),
      }),
    };
  }

  currentRound(): CurrentRoundResponse {
    const round = this.currentRoundRow;
    if (!round) return { round: null, boards: [], byes: [], pairingNotes: [] };
    return {
      round: toRoundSummary(round),
      boards: this.data.matches
        .filter((match) => match.roundId === round.id)
        .sort((a, b) => a.boardNumber - b.boardNumber)
        .map((match) => this.toBoard(match)),
      byes: this.data.byes
        .filter((bye) => bye.roundId === round.id)
        .flatMap((bye) => {
          const player = this.publicPlayer(bye.playerId);
          return player ? [{ player, kind: bye.kind }] : [];
        }),
      pairingNotes: publicNotes(round),
    };
  }

  /** `count` finished games picked at random (`random` returns [0, 1)). */
  recentMatches(random: () => number, count = RECENT_MATCHES_SHOWN): RecentMatch[] {
    const finished = this.data.matches.filter((match) => match.result !== null);
    const picked: MatchRow[] = [];
    const pool = [...finished];
    while (picked.length < count && pool.length > 0) {
      const index = Math.floor(random() * pool.length);
      picked.push(...pool.splice(index, 1));
    }
    return picked
      .sort((a, b) => b.roundNumber - a.roundNumber || a.boardNumber - b.boardNumber)
      .map((match) => ({
        ...this.toBoard(match),
        finishedAt: (match.resultAt ?? match.updatedAt).toISOString(),
      }));
  }

  leaderboard(): LeaderboardResponse {
    const afterRound = this.data.rounds.filter((round) => round.status === 'completed').length;
    const tiebreakOrder = [...DEFAULT_TIEBREAK_ORDER];
    const pairingNotes = this.pairingNotes();
    if (!this.leaderboardVisible) {
      return { visible: false, afterRound, tiebreakOrder, players: [], teams: [], pairingNotes };
    }
    const rows = this.standings();
    return {
      visible: true,
      afterRound,
      tiebreakOrder,
      pairingNotes,
      players: rows.map((row) => ({
        rank: row.rank,
        name: row.player.name,
        groupName: row.player.groupName,
        rating: row.player.rating,
        halfPoints: row.halfPoints,
        wins: row.wins,
        draws: row.draws,
        losses: row.losses,
        byes: row.byes,
        tiebreaks: tiebreakValues(row),
      })),
      teams: this.teamStandings().map((team) => ({
        rank: team.rank,
        team: team.team,
        school: team.school,
        halfPoints: team.halfPoints,
        wins: team.wins,
        members: team.members.map((member) => ({ name: member.name, halfPoints: member.halfPoints })),
      })),
    };
  }

  homeSettings(): HomePageSettings {
    return resolveHomePageSettings(this.data.settings.get(SETTING_KEYS.homePage));
  }

  registrationSettings(): RegistrationSettings {
    return resolveRegistrationSettings(this.data.settings.get(SETTING_KEYS.registration));
  }

  announcements(): Announcement[] {
    return this.data.announcements.map((announcement) => ({
      content: announcement.content,
      createdAt: announcement.createdAt.toISOString(),
    }));
  }

  home(recentMatches: RecentMatch[]): HomeResponse {
    const settings = this.homeSettings();
    const leaderboard = this.leaderboard();
    return {
      ...this.tournament(),
      settings,
      registration: this.registrationSettings(),
      leaderboardVisible: leaderboard.visible,
      featuredPlayers: leaderboard.players.slice(0, settings.featured_players_count),
      currentRound: this.currentRound(),
      recentMatches,
      announcements: this.announcements(),
    };
  }

  /** Players whose name contains every typed word (accents and case ignored), best placed first. */
  lookup(name: string): PlayerLookupResponse {
    const query = normalizeName(name);
    const rows = this.standings();
    const rankById = new Map(rows.map((row) => [row.player.id, row]));
    const found = this.data.players
      .filter((player) => nameMatches(normalizeName(player.name), query))
      .sort(
        (a, b) =>
          (rankById.get(a.id)?.rank ?? 1e9) - (rankById.get(b.id)?.rank ?? 1e9) ||
          a.name.localeCompare(b.name),
      );
    return {
      truncated: found.length > LOOKUP_MAX_PLAYERS,
      players: found.slice(0, LOOKUP_MAX_PLAYERS).map((player) => this.entryFor(player, rankById)),
    };
  }

  private entryFor(player: PlayerRow, rankById: Map<string, StandingRow>): PlayerLookupEntry {
    const rounds = this.roundsOf(player.id);
    const row = rankById.get(player.id);
    return {
      name: player.name,
      groupName: player.groupName,
      rating: player.rating,
      // A hidden leaderboard hides ranks here too; withdrawn players have none.
      rank: this.leaderboardVisible && player.active ? (row?.rank ?? null) : null,
      halfPoints: this.scores().get(player.id)?.halfPoints ?? 0,
      current: rounds.find((round) => round.roundNumber === this.displayedRoundNumber) ?? null,
      history: rounds.filter((round) => round.roundNumber !== this.displayedRoundNumber),
    };
  }

  /** Every active player, by name: what a badge or an alphabetical list needs, no ranks or points. */
  roster(): RosterResponse {
    return {
      tournamentName: this.data.tournament?.name ?? null,
      players: this.data.players
        .filter((player) => player.active)
        .sort((a, b) => a.name.localeCompare(b.name, 'en'))
        .flatMap((player) => this.publicPlayer(player.id) ?? []),
    };
  }

  /**
   * The dashboard of the player linked to this account (players.user_id) in the active tournament: their
   * lookup entry plus record, standing and team. Player null when the account is linked to none.
   */
  dashboard(userId: string): PlayerDashboardResponse {
    const { tournament } = this.data;
    const summary = tournament
      ? { name: tournament.name, currentRound: tournament.currentRound, totalRounds: tournament.totalRounds }
      : null;
    const linked = this.data.players.filter((player) => player.userId === userId);
    const player = linked.find((candidate) => candidate.active) ?? linked[0];
    if (!player) return { tournament: summary, player: null };
    const rows = this.standings();
    const entry = this.entryFor(player, new Map(rows.map((row) => [row.player.id, row])));
    const score = this.scores().get(player.id);
    const visible = this.leaderboardVisible;
    const teams = this.teamStandings();
    const team = teams.find((candidate) => candidate.members.some((member) => member.playerId === player.id));
    return {
      tournament: summary,
      player: {
        ...entry,
        wins: score?.wins ?? 0,
        draws: score?.draws ?? 0,
        losses: score?.losses ?? 0,
        byes: score?.byes ?? 0,
        rankedPlayers: visible ? rows.length : null,
        currentRoundStatus: this.currentRoundRow?.status ?? null,
        team: team
          ? {
              team: team.team,
              school: team.school,
              rank: visible ? team.rank : null,
              halfPoints: team.halfPoints,
              teamCount: teams.length,
            }
          : null,
      },
    };
  }

  private roundsOf(playerId: string): PlayerRound[] {
    const games = this.data.matches
      .filter((match) => match.whitePlayerId === playerId || match.blackPlayerId === playerId)
      .map((match): PlayerRound => {
        const colour = match.whitePlayerId === playerId ? 'white' : 'black';
        const opponentId = colour === 'white' ? match.blackPlayerId : match.whitePlayerId;
        return {
          roundNumber: match.roundNumber,
          board: match.boardNumber,
          colour,
          opponent: this.publicPlayer(opponentId),
          result: match.result,
          outcome: match.result === null ? null : outcomeFor(match.result, colour),
          bye: null,
          halfPoints: match.result === null ? null : halfPointsFor(match.result, colour),
        };
      });
    const byes = this.data.byes
      .filter((bye) => bye.playerId === playerId)
      .map(
        (bye): PlayerRound => ({
          roundNumber: bye.roundNumber,
          board: null,
          colour: null,
          opponent: null,
          result: null,
          outcome: null,
          bye: bye.kind,
          halfPoints: halfPointsForBye(bye.kind),
        }),
      );
    return [...games, ...byes].sort((a, b) => a.roundNumber - b.roundNumber);
  }

  private publicPlayer(id: string): PublicPlayer | null {
    const player = this.playersById.get(id);
    return player ? { name: player.name, groupName: player.groupName, rating: player.rating } : null;
  }

  private toBoard(match: MatchRow): Board {
    return {
      roundNumber: match.roundNumber,
      board: match.boardNumber,
      white: this.publicPlayer(match.whitePlayerId),
      black: this.publicPlayer(match.blackPlayerId),
      result: match.result,
    };
  }
}

function tiebreakValues(row: StandingRow): TiebreakValues {
  return {
    buchholz_cut1: row.tiebreaks?.buchholz_cut1 ?? 0,
    buchholz: row.tiebreaks?.buchholz ?? 0,
    sonneborn_berger: row.tiebreaks?.sonneborn_berger ?? 0,
  };
}

/** The stored notes as public text: strings only, trimmed, empty ones dropped. */
function publicNotes(round: RoundRow): string[] {
  const notes: unknown = round.pairingNotes;
  if (!Array.isArray(notes)) return [];
  return notes.flatMap((note) => (typeof note === 'string' && note.trim() !== '' ? [note.trim()] : []));
}

function toRoundSummary(round: RoundRow): RoundSummary {
  return {
    number: round.number,
    status: round.status,
    startTime: round.startTime?.toISOString() ?? null,
    endTime: round.endTime?.toISOString() ?? null,
  };
}
