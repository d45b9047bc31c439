import { describe, expect, it } from 'vitest';
import type { LeaderboardResponse } from '../../src/contracts/leaderboard';
import { pairNextRound } from '../../src/domain/pairing/engine';
import { seededRandom } from '../../src/domain/random';
import type { MatchResult } from '../../src/domain/scoring/results';
import {
  FIDE_TIEBREAK_ORDER,
  RATING_TIEBREAK_ORDER,
  type TiebreakKey,
} from '../../src/domain/scoring/tiebreak-keys';
import { pairingInput, standings, type TournamentState, trfExportInput } from '../../src/domain/tournament';
import type { Game, Player, Round } from '../../src/domain/tournament/state';
import { parseTrf, trfHalfPoints, writeTrf } from '../../src/domain/trf/trf';
import { importTrf } from '../../src/domain/trf/trf-import';
import { tournamentToTrf } from '../../src/domain/trf/trf-pairing';
import { stateRound } from '../../tests/support/domain/tournament-state';
import { readTestFixture } from '../lib/trf-fixtures';
import { checkRehearsal } from './checks';
import { CI_SIZE, type RehearsalEvidence, type StandingRow } from './context';
import { comparableName, standingsFromLeaderboard, standingsFromTrf } from './standings';

/** The TRF text the server's export writes for a state (player-management.service.ts tournamentTrfText). */
const exportTrf = (state: TournamentState): string => writeTrf(tournamentToTrf(trfExportInput(state)));

/**
 * The leaderboard's JSON as the server builds it (PublicViews.leaderboard in src/server/core/tournament/public-views.ts):
 * the domain's standings(state), each row with the values of the order's keys only.
 */
function leaderboardJson(state: TournamentState): LeaderboardResponse {
  const order = [...state.tiebreakOrder];
  return {
    visible: true,
    afterRound: state.totalRounds,
    standingsHeading: 'Final standings',
    tiebreakOrder: order,
    pairingNotes: null,
    teams: [],
    players: standings(state).map((row) => ({
      rank: row.rank,
      name: row.player.name,
      withdrawn: !row.player.active,
      groupName: row.player.groupName,
      rating: row.player.rating,
      halfPoints: row.halfPoints,
      wins: row.wins,
      draws: row.draws,
      losses: row.losses,
      byes: row.byes,
      tiebreaks: Object.fromEntries(order.map((key) => [key, row.tiebreaks[key] ?? null])),
    })),
  };
}

const byRankThenName = (rows: StandingRow[]) =>
  [...rows].sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'en'));

const FIRST = [
  'Aoife',
  'Cian',
  'Saoirse',
  'Oisín',
  'Niamh',
  'Darragh',
  'Róisín',
  'Fionn',
  'Clodagh',
  'Tadhg',
];
const LAST = ['Byrne', 'Murphy', 'Kelly', "O'Brien", 'Walsh', 'Ryan', 'Doyle', 'Nolan'];

/**
 * A school day played out by the site's own pairing engine: 22 pupils of 6 schools (several unrated, ratings
 * repeated so ties are common), 5 rounds, seeded results with draws, a forfeit and a double forfeit; one pupil
 * withdrawn before round 1 (never in the standings), one after round 2 (stays in with the points won), one with a
 * half-point bye requested for round 4, and a name longer than the TRF's 33 columns.
 */
function playedSchoolDay(order: readonly TiebreakKey[], seed: number): TournamentState {
  const random = seededRandom(seed);
  const players: Player[] = Array.from({ length: 22 }, (_, index) => {
    const schoolId = `s${index % 6}`;
    const name =
      index === 5
        ? 'Saoirse Ní Mhaoldomhnaigh-Fitzgerald Óg'
        : `${FIRST[index % FIRST.length]} ${LAST[(index * 3) % LAST.length]} ${index}`;
    return {
      id: `p${index}`,
      name,
      rating: index % 4 === 3 ? null : 1200 + 50 * (index % 5),
      club: null,
      groupName: `School ${schoolId} A`,
      teamId: `${schoolId}-a`,
      schoolId,
      active: index !== 21,
      checkedInAt: null,
      userId: null,
    };
  });
  let state: TournamentState = {
    id: 't',
    name: 'Rehearsal Cup',
    currentRound: 0,
    totalRounds: 5,
    tiebreakOrder: order,
    schools: Array.from({ length: 6 }, (_, index) => ({ id: `s${index}`, name: `School s${index}` })),
    teams: Array.from({ length: 6 }, (_, index) => ({
      id: `s${index}-a`,
      name: `School s${index} A`,
      schoolId: `s${index}`,
    })),
    players,
    rounds: [1, 2, 3, 4, 5].map((number) => stateRound(number, 'upcoming')),
    games: [],
    byes: [],
  };
  const withRound = (number: number, status: Round['status']) =>
    state.rounds.map((round) => (round.number === number ? { ...round, status } : round));
  for (let number = 1; number <= 5; number += 1) {
    if (number === 3) {
      state = { ...state, players: state.players.map((p) => (p.id === 'p7' ? { ...p, active: false } : p)) };
    }
    if (number === 4) {
      state = {
        ...state,
        byes: [...state.byes, { roundId: `r4`, roundNumber: 4, playerId: 'p2', kind: 'half' }],
      };
    }
    const pairing = pairNextRound(pairingInput(state, number, { totalRounds: state.totalRounds }));
    const games: Game[] = pairing.boards.map((board) => {
      const draw = random();
      let result: MatchResult = draw < 0.4 ? 'white' : draw < 0.75 ? 'black' : 'draw';
      if (number === 2 && board.board === 3) result = 'white_forfeit_win';
      if (number === 3 && board.board === 2) result = 'double_forfeit';
      return {
        id: `g${number}-${board.board}`,
        roundId: `r${number}`,
        roundNumber: number,
        board: board.board,
        whiteId: board.whiteId,
        blackId: board.blackId,
        result,
      };
    });
    state = {
      ...state,
      currentRound: number,
      rounds: withRound(number, 'completed'),
      games: [...state.games, ...games],
      byes: pairing.byePlayerId
        ? [
            ...state.byes,
            { roundId: `r${number}`, roundNumber: number, playerId: pairing.byePlayerId, kind: 'pairing' },
          ]
        : state.byes,
    };
  }
  return state;
}

describe('the standings recomputed from the exported TRF', () => {
  const orders: [string, readonly TiebreakKey[]][] = [
    ['FIDE Swiss order', FIDE_TIEBREAK_ORDER],
    ['rating only (the default)', RATING_TIEBREAK_ORDER],
    ['no tie-break', []],
    [
      'every other key',
      ['buchholz_median1', 'buchholz_cut2', 'aro', 'aro_cut1', 'won', 'black_games', 'black_wins'],
    ],
  ];

  it.each(orders)('equal the leaderboard of a school day played by the engine (%s)', (_, order) => {
    for (const seed of [1, 2, 3]) {
      const state = playedSchoolDay(order, seed);
      const fromTrf = standingsFromTrf(exportTrf(state), { tiebreakOrder: order });
      const leaderboard = standingsFromLeaderboard(leaderboardJson(state));
      expect(byRankThenName(fromTrf)).toEqual(byRankThenName(leaderboard));
      // 21 ranked: the pupil withdrawn before round 1 is in neither; the one withdrawn after round 2 is in both.
      expect(fromTrf).toHaveLength(21);
      expect(fromTrf.map((row) => row.name)).toContain(comparableName(state.players[7]!.name));
      expect(fromTrf.every((row) => row.tiebreaks.length === order.length)).toBe(true);
    }
  });

  it('ranks by the default order, rating, when none is passed', () => {
    const state = playedSchoolDay(RATING_TIEBREAK_ORDER, 2);
    const text = exportTrf(state);
    expect(byRankThenName(standingsFromTrf(text))).toEqual(
      byRankThenName(standingsFromLeaderboard(leaderboardJson(state))),
    );
    // The FIDE order's tournament is not ranked by the default: the comparison would show it.
    const fide = playedSchoolDay(FIDE_TIEBREAK_ORDER, 2);
    expect(byRankThenName(standingsFromTrf(exportTrf(fide)))).not.toEqual(
      byRankThenName(standingsFromLeaderboard(leaderboardJson(fide))),
    );
  });

  it('is not trivially equal: the school day has ties on points that the tie-breaks separate', () => {
    const state = playedSchoolDay(FIDE_TIEBREAK_ORDER, 1);
    const rows = standingsFromTrf(exportTrf(state), { tiebreakOrder: FIDE_TIEBREAK_ORDER });
    const points = rows.map((row) => row.points);
    expect(new Set(points).size).toBeLessThan(points.length);
    const ranks = rows.map((row) => row.rank);
    expect(new Set(ranks).size).toBeGreaterThan(new Set(points).size);
    // Buchholz Cut-1 in points (half-points / 2), e.g. 7.5, not 15.
    expect(rows.some((row) => !Number.isInteger(row.tiebreaks[0]!))).toBe(true);
  });

  it('equal the leaderboard for the FIDE exercise file (byes, forfeits, absences), imported and exported again', () => {
    const imported = importTrf(parseTrf(readTestFixture('tiebreaks/held_swiss_5.trf')));
    const rounds = Array.from({ length: imported.totalRounds }, (_, index) =>
      stateRound(index + 1, 'completed'),
    );
    const state: TournamentState = {
      id: 't',
      name: imported.name ?? 'Exercises',
      currentRound: imported.playedRounds,
      totalRounds: imported.totalRounds,
      tiebreakOrder: [...FIDE_TIEBREAK_ORDER],
      schools: [],
      teams: [],
      players: imported.players.map((player) => ({
        id: `p${player.startRank}`,
        name: player.name,
        rating: player.rating,
        club: null,
        groupName: null,
        teamId: null,
        schoolId: null,
        active: true,
        checkedInAt: null,
        userId: null,
      })),
      rounds,
      games: imported.games.map((game) => ({
        id: `g${game.roundNumber}-${game.boardNumber}`,
        roundId: `r${game.roundNumber}`,
        roundNumber: game.roundNumber,
        board: game.boardNumber,
        whiteId: `p${game.whiteRank}`,
        blackId: `p${game.blackRank}`,
        result: game.result,
      })),
      byes: imported.byes.map((bye) => ({
        roundId: `r${bye.roundNumber}`,
        roundNumber: bye.roundNumber,
        playerId: `p${bye.startRank}`,
        kind: bye.kind,
      })),
    };
    const fromTrf = standingsFromTrf(exportTrf(state), { tiebreakOrder: FIDE_TIEBREAK_ORDER });
    expect(byRankThenName(fromTrf)).toEqual(byRankThenName(standingsFromLeaderboard(leaderboardJson(state))));
    // The file's leader: Bruno, 4 points.
    expect(fromTrf.find((row) => row.name === 'Bruno')).toMatchObject({ rank: 1, points: 4 });
  });

  it('changes when one result in the file changes, and the rehearsal check then names the players', () => {
    const order = FIDE_TIEBREAK_ORDER;
    const state = playedSchoolDay(order, 1);
    const leaderboard = standingsFromLeaderboard(leaderboardJson(state));
    const file = parseTrf(exportTrf(state));
    // Round 1, the first game: turned around (a win becomes a loss, a draw a white win), both sides and their points.
    const white = file.players.find((player) => player.rounds[0]?.colour === 'w')!;
    const black = file.players.find((player) => player.startRank === white.rounds[0]!.opponent)!;
    const was = white.rounds[0]!.result;
    const [whiteNow, blackNow] = was === '1' ? (['0', '1'] as const) : (['1', '0'] as const);
    white.rounds[0] = { ...white.rounds[0]!, result: whiteNow };
    black.rounds[0] = { ...black.rounds[0]!, result: blackNow };
    for (const player of [white, black])
      player.halfPoints = trfHalfPoints(file, player, player.rounds.length);
    const changed = standingsFromTrf(writeTrf(file), { tiebreakOrder: order });

    expect(byRankThenName(changed)).not.toEqual(byRankThenName(leaderboard));
    const pointsOf = (rows: StandingRow[], name: string) => rows.find((row) => row.name === name)?.points;
    expect(pointsOf(changed, white.name)).not.toBe(pointsOf(leaderboard, white.name));
    expect(pointsOf(changed, black.name)).not.toBe(pointsOf(leaderboard, black.name));

    const evidence: RehearsalEvidence = {
      size: CI_SIZE,
      ledger: [],
      finalState: new Map(),
      standings: { fromTrf: changed, leaderboard },
      rounds: [1, 2, 3, 4, 5],
      databaseDown: [],
      viewers: [],
      screens: [],
      exchanges: [],
      nginxStatuses: [],
      timings: new Map(),
      errors: [],
    };
    const check = checkRehearsal(evidence).find((result) => result.name.startsWith('the standings'))!;
    expect(check.passed).toBe(false);
    expect(check.failures.join('\n')).toContain(white.name);
    expect(check.failures.join('\n')).toContain(black.name);
  });

  it('compares names as the TRF holds them: spaces collapsed, cut to 33 columns', () => {
    expect(comparableName('  Saoirse   Ní Mhaoldomhnaigh-Fitzgerald Óg ')).toBe(
      'Saoirse Ní Mhaoldomhnaigh-Fitzger',
    );
    expect(comparableName('Saoirse Ní Mhaoldomhnaigh-Fitzgerald Óg')).toHaveLength(33);
    expect(comparableName('Aoife Byrne')).toBe('Aoife Byrne');
  });

  it('refuses a hidden leaderboard and one ranked per section without a section named', () => {
    const state = playedSchoolDay(RATING_TIEBREAK_ORDER, 1);
    const json = leaderboardJson(state);
    expect(() => standingsFromLeaderboard({ ...json, visible: false, players: [] })).toThrow(/hidden/);
    expect(() => standingsFromLeaderboard({ error: 'Not found' })).toThrow(/not a leaderboard/);
    const sectioned = {
      ...json,
      players: json.players.map((row, index) => ({ ...row, section: index % 2 ? 'juniors' : 'seniors' })),
    };
    expect(() => standingsFromLeaderboard(sectioned)).toThrow(/per section/);
    expect(standingsFromLeaderboard(sectioned, { section: 'juniors' })).toHaveLength(
      Math.floor(json.players.length / 2),
    );
  });
});
