/**
 * Random tournaments for property tests (fast-check): players with schools and clubs, earlier rounds with
 * random pairings, results, byes and withdrawals. Test support only; no test runner imports here.
 */
import fc from 'fast-check';
import type { ByeKind, MatchResult } from '../scoring/results';
import type { PairingBye, PairingGame, PairingInput, PairingPlayer } from './types';

const SCHOOL_NAMES = ['Belvedere A', 'Belvedere B', 'Loreto A', 'Gonzaga A', 'Gonzaga B', 'Mount Anville A'];
const RESULTS: MatchResult[] = [
  'white',
  'black',
  'draw',
  'white',
  'black',
  'white_forfeit_win',
  'black_forfeit_win',
];

export interface TournamentShape {
  playerCount: number;
  rounds: number;
  schools: number[];
  clubs: number[];
  /** A permutation key per player per round, used to pair that round. */
  shuffles: number[][];
  results: number[];
  hasHalfBye: boolean[];
  isWithdrawn: boolean[];
  isPreAssignedBye: boolean[];
  isSameClubAvoided: boolean;
}

export const tournamentShape = (maxPlayers: number, maxRounds: number): fc.Arbitrary<TournamentShape> =>
  fc
    .record({
      playerCount: fc.integer({ min: 2, max: maxPlayers }),
      rounds: fc.integer({ min: 0, max: maxRounds }),
    })
    .chain(({ playerCount, rounds }) =>
      fc.record({
        playerCount: fc.constant(playerCount),
        rounds: fc.constant(rounds),
        schools: fc.array(fc.integer({ min: 0, max: SCHOOL_NAMES.length }), {
          minLength: playerCount,
          maxLength: playerCount,
        }),
        clubs: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: playerCount, maxLength: playerCount }),
        shuffles: fc.array(fc.array(fc.nat(1000), { minLength: playerCount, maxLength: playerCount }), {
          minLength: rounds,
          maxLength: rounds,
        }),
        results: fc.array(fc.nat(RESULTS.length - 1), {
          minLength: rounds * playerCount,
          maxLength: rounds * playerCount,
        }),
        hasHalfBye: fc.array(fc.boolean(), {
          minLength: rounds * playerCount,
          maxLength: rounds * playerCount,
        }),
        isWithdrawn: fc.array(
          fc.integer({ min: 0, max: 9 }).map((value) => value === 0),
          {
            minLength: playerCount,
            maxLength: playerCount,
          },
        ),
        isPreAssignedBye: fc.array(
          fc.integer({ min: 0, max: 9 }).map((value) => value === 0),
          {
            minLength: playerCount,
            maxLength: playerCount,
          },
        ),
        isSameClubAvoided: fc.boolean(),
      }),
    );

/** Builds the input for round rounds+1 from a shape. Deterministic. */
export function buildTournament(shape: TournamentShape): PairingInput {
  const players: PairingPlayer[] = Array.from({ length: shape.playerCount }, (_, index) => {
    const school = shape.schools[index]!;
    return {
      id: `p${index + 1}`,
      pairingNumber: index + 1,
      rating: 2000 - index * 10,
      groupName: school === 0 ? null : (SCHOOL_NAMES[school - 1] ?? null),
      club: shape.clubs[index] === 0 ? null : `Club ${shape.clubs[index]}`,
      isActive: !shape.isWithdrawn[index],
    };
  });
  const games: PairingGame[] = [];
  const byes: PairingBye[] = [];
  for (let round = 1; round <= shape.rounds; round += 1) {
    const keys = shape.shuffles[round - 1]!;
    const order = players.map((_, index) => index).sort((a, b) => keys[a]! - keys[b]! || a - b);
    const playing: number[] = [];
    for (const index of order) {
      const slot = (round - 1) * shape.playerCount + index;
      if (shape.hasHalfBye[slot] && keys[index]! % 7 === 0) {
        byes.push({ roundNumber: round, playerId: players[index]!.id, kind: 'half' });
      } else playing.push(index);
    }
    for (let k = 0; k + 1 < playing.length; k += 2) {
      const slot = (round - 1) * shape.playerCount + playing[k]!;
      games.push({
        roundNumber: round,
        whiteId: players[playing[k]!]!.id,
        blackId: players[playing[k + 1]!]!.id,
        result: RESULTS[shape.results[slot]!]!,
      });
    }
    if (playing.length % 2 === 1) {
      const kind: ByeKind = 'pairing';
      byes.push({ roundNumber: round, playerId: players[playing[playing.length - 1]!]!.id, kind });
    }
  }
  const roundNumber = shape.rounds + 1;
  players.forEach((player, index) => {
    if (shape.isPreAssignedBye[index] && player.isActive)
      byes.push({ roundNumber, playerId: player.id, kind: 'half' });
  });
  return { roundNumber, players, games, byes, options: { isSameClubAvoided: shape.isSameClubAvoided } };
}
