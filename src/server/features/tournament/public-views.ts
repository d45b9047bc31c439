import type { Announcement } from '../../../contracts/announcements';
import type { HomeResponse } from '../../../contracts/home';
import type { LeaderboardResponse } from '../../../contracts/leaderboard';
import type { PlayerLookupEntry, PlayerLookupResponse, PlayerRound } from '../../../contracts/player-lookup';
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
  PublicPlayer,
  RecentMatch,
  RoundSummary,
  TournamentResponse,
} from '../../../contracts/tournament';
import { nameMatches, normalizeName } from '../../../domain/names';
import { halfPointsFor, halfPointsForBye, outcomeFor } from '../../../domain/scoring/results';
import { computeIndividualStandings, type StandingRow } from '../../../domain/standings/individual';
import { computeTeamStandings } from '../../../domain/standings/teams';
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

  constructor(private readonly data: PublicTournamentData) {
    this.playersById = new Map(data.players.map((player) => [player.id, player]));
  }

  get currentRoundNumber(): number {
    return this.data.tournament?.currentRound ?? 0;
  }

  get leaderboardVisible(): boolean {
    return resolveLeaderboardVisible(this.data.settings.get(SETTING_KEYS.leaderboardVisible));
  }

  standings(): StandingRow[] {
    this.standingsMemo ??= computeIndividualStandings({
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
      byes: this.data.byes.map((bye) => ({
        roundNumber: bye.roundNumber,
        playerId: bye.playerId,
        kind: bye.kind,
      })),
    });
    return this.standingsMemo;
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
    const round = this.data.rounds.find((candidate) => candidate.number === this.currentRoundNumber);
    if (!round) return { round: null, boards: [], byes: [] };
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
    if (!this.leaderboardVisible) return { visible: false, afterRound, players: [], teams: [] };
    const rows = this.standings();
    return {
      visible: true,
      afterRound,
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
      })),
      teams: computeTeamStandings(rows).map((team) => ({
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
    const visible = this.leaderboardVisible;
    return {
      truncated: found.length > LOOKUP_MAX_PLAYERS,
      players: found.slice(0, LOOKUP_MAX_PLAYERS).map((player): PlayerLookupEntry => {
        const rounds = this.roundsOf(player.id);
        const row = rankById.get(player.id);
        return {
          name: player.name,
          groupName: player.groupName,
          rating: player.rating,
          // A hidden leaderboard hides ranks here too.
          rank: visible && player.active ? (row?.rank ?? null) : null,
          halfPoints: row?.halfPoints ?? 0,
          current: rounds.find((round) => round.roundNumber === this.currentRoundNumber) ?? null,
          history: rounds.filter((round) => round.roundNumber !== this.currentRoundNumber),
        };
      }),
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

function toRoundSummary(round: RoundRow): RoundSummary {
  return {
    number: round.number,
    status: round.status,
    startTime: round.startTime?.toISOString() ?? null,
    endTime: round.endTime?.toISOString() ?? null,
  };
}
