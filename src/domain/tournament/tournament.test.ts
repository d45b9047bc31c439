import { describe, expect, it } from 'vitest';
import { stateRound } from '../../../tests/support/domain/tournament-state';
import type { MatchResult } from '../scoring/results';
import { parseTrf, writeTrf } from '../trf/trf';
import { tournamentToTrf } from '../trf/trf-pairing';
import {
  acceptsByeRequest,
  acceptsResult,
  canClearResult,
  canComplete,
  canPair,
  canStart,
  countedByes,
  displayedRound,
  manualPairingWarnings,
  nextRoundToPair,
  pairingInput,
  pairingPool,
  scores,
  standings,
  standingsLabel,
  standingsProgress,
  tiebreakOrderEditable,
  trfExportInput,
} from '.';
import type { Bye, Game, Player, TournamentState } from './state';

const player = (id: string, schoolId: string, extra: Partial<Player> = {}): Player => ({
  id,
  name: id.toUpperCase(),
  rating: 1500,
  club: null,
  groupName: `${schoolId} A`,
  teamId: `${schoolId}-a`,
  schoolId,
  active: true,
  checkedInAt: null,
  userId: null,
  ...extra,
});
const round = stateRound;
const game = (
  number: number,
  board: number,
  whiteId: string,
  blackId: string,
  result: MatchResult | null,
): Game => ({
  id: `g${number}-${board}`,
  roundId: `r${number}`,
  roundNumber: number,
  board,
  whiteId,
  blackId,
  result,
});
const bye = (number: number, playerId: string, kind: Bye['kind']): Bye => ({
  roundId: `r${number}`,
  roundNumber: number,
  playerId,
  kind,
});

/** Four players of four schools: round 1 completed, round 2 in progress (one of two results in), 3 to come. */
function tournament(overrides: Partial<TournamentState> = {}): TournamentState {
  return {
    id: 't',
    name: 'Test',
    currentRound: 2,
    totalRounds: 3,
    tiebreakOrder: ['buchholz'],
    schools: ['s1', 's2', 's3', 's4', 's5'].map((id) => ({ id, name: `School ${id}` })),
    teams: [],
    players: [player('a', 's1'), player('b', 's2'), player('c', 's3'), player('d', 's4'), player('e', 's5')],
    rounds: [round(1, 'completed'), round(2, 'active'), round(3, 'upcoming')],
    games: [
      game(1, 1, 'a', 'b', 'white'),
      game(1, 2, 'c', 'd', 'draw'),
      game(2, 1, 'a', 'c', 'white'),
      game(2, 2, 'd', 'b', null),
    ],
    byes: [bye(1, 'e', 'pairing'), bye(2, 'e', 'zero'), bye(3, 'b', 'full')],
    ...overrides,
  };
}

describe('counted byes', () => {
  it('counts the byes of started rounds and not a bye requested for a round still to come', () => {
    const state = tournament();
    expect(countedByes(state).map((entry) => `${entry.playerId}${entry.roundNumber}`)).toEqual(['e1', 'e2']);
    // B's full-point bye for round 3 is no point yet: B lost round 1 and has no result in round 2.
    expect(scores(state).get('b')).toMatchObject({ halfPoints: 0, byes: 0 });
    expect(scores(state).get('e')).toMatchObject({ halfPoints: 2, byes: 2 });
  });

  it('counts the requested bye once its round starts, not when it is paired', () => {
    const paired = tournament({
      rounds: [round(1, 'completed'), round(2, 'completed'), round(3, 'upcoming')],
      games: [...tournament().games.slice(0, 3), game(2, 2, 'd', 'b', 'black'), game(3, 1, 'a', 'd', null)],
    });
    expect(scores(paired).get('b')?.halfPoints).toBe(2);
    const started = { ...paired, rounds: [round(1, 'completed'), round(2, 'completed'), round(3, 'active')] };
    expect(scores(started).get('b')?.halfPoints).toBe(4);
  });
});

describe('the TRF export and the tie-break order', () => {
  // Round 2 completed, round 3 paired but not started: c has the engine's bye, b a full-point bye requested.
  const paired = tournament({
    rounds: [round(1, 'completed'), round(2, 'completed'), round(3, 'upcoming')],
    games: [...tournament().games.slice(0, 3), game(2, 2, 'd', 'b', 'black'), game(3, 1, 'a', 'd', null)],
    byes: [...tournament().byes, bye(3, 'c', 'pairing')],
  });

  it('writes the counted byes and the requested one ahead, not the bye of a round not started', () => {
    const input = trfExportInput(paired);
    expect(input.byes.map((entry) => `${entry.playerId}${entry.roundNumber}${entry.kind}`)).toEqual([
      'e1pairing',
      'e2zero',
      'b3full',
    ]);
    // The points column is the standings' (b's round-3 bye not yet counted), the rank column too.
    const b = input.players.find((entry) => entry.id === 'b');
    expect(b).toMatchObject({
      halfPoints: 2,
      rank: standings(paired).find((row) => row.player.id === 'b')?.rank,
    });
    const written = parseTrf(writeTrf(tournamentToTrf(input)));
    expect(written.players.map((line) => line.halfPoints)).toEqual(
      [...input.players].sort((x, y) => x.pairingNumber - y.pairingNumber).map((entry) => entry.halfPoints),
    );
  });

  it('keeps the tie-break order editable until round 1 is paired (a requested bye does not pair it)', () => {
    const fresh = tournament({
      rounds: [round(1, 'upcoming'), round(2, 'upcoming')],
      games: [],
      byes: [bye(1, 'a', 'half')],
    });
    expect(tiebreakOrderEditable(fresh)).toBe(true);
    expect(tiebreakOrderEditable({ ...fresh, byes: [bye(1, 'e', 'pairing')] })).toBe(false);
    expect(tiebreakOrderEditable({ ...fresh, games: [game(1, 1, 'a', 'b', null)] })).toBe(false);
    expect(tiebreakOrderEditable(paired)).toBe(false);
  });
});

describe('the round shown and the standings heading', () => {
  it('shows the round in progress, then the next round as soon as it is paired', () => {
    expect(displayedRound(tournament())?.number).toBe(2);
    const afterTwo = tournament({
      rounds: [round(1, 'completed'), round(2, 'completed'), round(3, 'upcoming')],
    });
    // A requested bye does not pair round 3.
    expect(displayedRound(afterTwo)?.number).toBe(2);
    const paired = { ...afterTwo, games: [...afterTwo.games, game(3, 1, 'a', 'd', null)] };
    expect(displayedRound(paired)?.number).toBe(3);
    expect(displayedRound(tournament({ rounds: [round(1, 'upcoming')], games: [], byes: [] }))).toBeNull();
  });

  it('names the rounds the standings count', () => {
    expect(standingsLabel(standingsProgress(tournament()))).toBe(
      'After round 1, round 2 in progress: 1 of 2 results in',
    );
    expect(standingsLabel({ afterRound: 0, inProgress: null, totalRounds: 5 })).toBe('Before round 1');
    expect(
      standingsLabel({
        afterRound: 0,
        inProgress: { roundNumber: 1, finished: 0, total: 1 },
        totalRounds: 5,
      }),
    ).toBe('Round 1 in progress: 0 of 1 result in');
    expect(standingsLabel({ afterRound: 2, inProgress: null, totalRounds: 5 })).toBe('After round 2');
    expect(standingsLabel({ afterRound: 5, inProgress: null, totalRounds: 5 })).toBe('After round 5 (final)');
  });
});

describe('the round lifecycle', () => {
  it('pairs only the next round, and not while an earlier round is in progress', () => {
    const state = tournament();
    expect(nextRoundToPair(state)?.number).toBe(3);
    expect(canPair(state, 3)).toEqual({ ok: false, reason: 'earlier_round_active', roundNumber: 2 });
    expect(canPair(state, 2)).toEqual({ ok: false, reason: 'not_upcoming', status: 'active' });
    expect(canPair(state, 9)).toEqual({ ok: false, reason: 'round_not_found' });
    const done = tournament({ rounds: [round(1, 'completed'), round(2, 'completed'), round(3, 'upcoming')] });
    expect(canPair(done, 3).ok).toBe(true);
  });

  it('starts a paired round only, and completes it only when every game has a result', () => {
    const done = tournament({ rounds: [round(1, 'completed'), round(2, 'completed'), round(3, 'upcoming')] });
    expect(canStart(done, 3)).toEqual({ ok: false, reason: 'not_paired' });
    const paired = { ...done, games: [...done.games, game(3, 1, 'a', 'd', null)] };
    expect(canStart(paired, 3).ok).toBe(true);
    expect(canComplete(tournament(), 2)).toEqual({ ok: false, reason: 'unfinished_games', count: 1 });
    expect(canComplete(tournament(), 1)).toEqual({ ok: false, reason: 'not_active', status: 'completed' });
  });

  it('takes results in a started round, clears them only in the round in progress', () => {
    expect([
      acceptsResult(round(1, 'upcoming')),
      acceptsResult(round(1, 'active')),
      acceptsResult(round(1, 'completed')),
    ]).toEqual([false, true, true]);
    expect([canClearResult(round(1, 'active')), canClearResult(round(1, 'completed'))]).toEqual([
      true,
      false,
    ]);
  });

  it('takes requested byes for an upcoming round not paired yet', () => {
    const state = tournament();
    expect(acceptsByeRequest(state, state.rounds[2]!)).toBe(true);
    expect(acceptsByeRequest(state, state.rounds[1]!)).toBe(false);
    const paired = { ...state, games: [...state.games, game(3, 1, 'a', 'd', null)] };
    expect(acceptsByeRequest(paired, paired.rounds[2]!)).toBe(false);
  });
});

describe('standings', () => {
  it('ranks by points, then the tournament tie-break order; a withdrawn player who played keeps a rank', () => {
    const state = tournament({
      players: tournament().players.map((p) => (p.id === 'd' ? { ...p, active: false } : p)),
    });
    const rows = standings(state);
    expect(rows[0]).toMatchObject({ rank: 1, halfPoints: 4, player: { id: 'a' } });
    // Withdrawn after playing: still ranked by the points won, marked not active (shown as withdrawn).
    expect(rows.find((row) => row.player.id === 'd')).toMatchObject({
      halfPoints: 1,
      player: { active: false },
    });
    expect(scores(state).get('d')?.halfPoints).toBe(1);
  });
});

describe('pairing', () => {
  it('pairs only checked-in active players once anyone is checked in', () => {
    const at = new Date('2025-01-01T09:00:00Z');
    const state = tournament({
      players: [
        player('a', 's1', { checkedInAt: at }),
        player('b', 's2'),
        player('c', 's3', { checkedInAt: at, active: false }),
      ],
    });
    const pool = pairingPool(state);
    expect(pool.pairedFrom).toBe('checked_in');
    expect(state.players.filter(pool.isPaired).map((p) => p.id)).toEqual(['a']);
  });

  it("gives the engine earlier rounds and this round's requested byes, not its allocated bye", () => {
    const state = tournament({ byes: [...tournament().byes, bye(3, 'c', 'pairing')] });
    const input = pairingInput(state, 3);
    expect(input.games.every((entry) => entry.roundNumber < 3)).toBe(true);
    expect(input.byes.map((entry) => `${entry.playerId}${entry.roundNumber}${entry.kind}`)).toEqual([
      'e1pairing',
      'e2zero',
      'b3full',
    ]);
  });

  it('warns of schoolmates by school id, a rematch, an absolute colour preference and a second bye', () => {
    const players = [
      player('a', 'loreto', { groupName: 'Loreto A' }),
      player('b', 'loreto', { groupName: 'Loreto B' }),
      player('c', 'oak'),
      player('d', 'elm'),
      player('e', 'ash'),
      // Same team name as A, another school: not schoolmates.
      player('f', 'loreto-galway', { groupName: 'Loreto A' }),
    ];
    const state = tournament({
      schools: [
        { id: 'loreto', name: 'Loreto' },
        { id: 'loreto-galway', name: 'Loreto' },
      ],
      players,
      rounds: [round(1, 'completed'), round(2, 'completed'), round(3, 'upcoming')],
      games: [
        game(1, 1, 'a', 'c', 'draw'),
        game(2, 1, 'a', 'd', 'draw'),
        game(1, 2, 'b', 'd', 'draw'),
        game(2, 2, 'c', 'b', 'draw'),
      ],
      byes: [],
    });
    expect(manualPairingWarnings(state, 3, [{ board: 1, whiteId: 'a', blackId: 'b' }], null)).toEqual([
      'Board 1: A and B are from the same school (Loreto)',
      'Board 1: A gets white against an absolute preference for black (colour history)',
    ]);
    expect(manualPairingWarnings(state, 3, [{ board: 1, whiteId: 'f', blackId: 'a' }], null)).toEqual([]);
    expect(manualPairingWarnings(state, 3, [{ board: 2, whiteId: 'c', blackId: 'a' }], null)).toEqual([
      'Board 2: C and A already met in Round 1',
    ]);
    const withBye = { ...state, byes: [bye(1, 'e', 'pairing')] };
    expect(manualPairingWarnings(withBye, 3, [], 'e')).toEqual([
      'E gets the bye after already having a bye or a forfeit win',
    ]);
    expect(manualPairingWarnings(state, 3, [], 'e')).toEqual([]);
  });
});
