/**
 * Random tournaments for property tests (fast-check): players with schools and clubs, earlier rounds with
 * random pairings, results, byes and withdrawals. Test support only; no test runner imports here.
 */
import fc from 'fast-check';
import type { PairingBye, PairingGame, PairingInput, PairingPlayer } from '../../../src/domain/pairing/types';
import type { ByeKind, MatchResult } from '../../../src/domain/scoring/results';

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
  /** Number of schools (2–40) when given: players' schools are then 1..schoolCount (0 = none). */
  schoolCount?: number;
  schools: number[];
  clubs: number[];
  /** A permutation key per player per round, used to pair that round. */
  shuffles: number[][];
  results: number[];
  hasHalfBye: boolean[];
  isWithdrawn: boolean[];
  isPreAssignedBye: boolean[];
  isSameClubAvoided: boolean;
  allowRepeatBye?: boolean;
}

/**
 * Like tournamentShape, with 2–40 schools (two teams each) and the arbiter's repeat-bye consent drawn too
 * (issue 11 property tests).
 */
export const manySchoolsShape = (maxPlayers: number, maxRounds: number): fc.Arbitrary<TournamentShape> =>
  fc
    .record({
      playerCount: fc.integer({ min: 2, max: maxPlayers }),
      rounds: fc.integer({ min: 0, max: maxRounds }),
      schoolCount: fc.integer({ min: 2, max: 40 }),
    })
    .chain(({ playerCount, rounds, schoolCount }) =>
      fc.record({
        playerCount: fc.constant(playerCount),
        rounds: fc.constant(rounds),
        schoolCount: fc.constant(schoolCount),
        // Few schools in a small field make schoolmates likely; many make them rare.
        schools: fc.array(
          fc.integer({ min: 0, max: Math.min(schoolCount, 2 + Math.floor(playerCount / 3)) }),
          {
            minLength: playerCount,
            maxLength: playerCount,
          },
        ),
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
          { minLength: playerCount, maxLength: playerCount },
        ),
        isPreAssignedBye: fc.array(
          fc.integer({ min: 0, max: 9 }).map((value) => value === 0),
          { minLength: playerCount, maxLength: playerCount },
        ),
        isSameClubAvoided: fc.boolean(),
        allowRepeatBye: fc.boolean(),
      }),
    );

/**
 * A large deterministic tournament (benchmarks: 350, 1,000, 3,000 players) from a fixed seed: `rounds`
 * earlier rounds paired Swiss-like (by score, then at random inside a score group, so score groups form as
 * in a real event), random results, half-point byes, withdrawals, and players spread over `schoolCount`
 * schools (two teams each).
 */
export function largeTournament(
  playerCount: number,
  rounds: number,
  seed: number,
  schoolCount = 40,
): PairingInput {
  let state = seed >>> 0 || 1;
  const random = (): number => {
    // xorshift32: deterministic, fast, good enough for test data.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  const players: PairingPlayer[] = Array.from({ length: playerCount }, (_, index) => {
    const school = Math.floor(random() * schoolCount);
    return {
      id: `p${index + 1}`,
      pairingNumber: index + 1,
      rating: 2400 - Math.floor((index * 1400) / playerCount),
      groupName: `School ${school + 1} ${random() < 0.5 ? 'A' : 'B'}`,
      club: null,
      isActive: random() >= 0.01,
    };
  });
  const games: PairingGame[] = [];
  const byes: PairingBye[] = [];
  const score = new Map(players.map((player) => [player.id, 0]));
  const hadBye = new Set<string>();
  for (let round = 1; round <= rounds; round += 1) {
    const playing = players
      .filter((player) => player.isActive)
      .filter((player) => {
        if (random() < 0.01) {
          byes.push({ roundNumber: round, playerId: player.id, kind: 'half' });
          score.set(player.id, score.get(player.id)! + 1);
          return false;
        }
        return true;
      })
      .map((player) => ({ player, key: random() }))
      .sort((a, b) => score.get(b.player.id)! - score.get(a.player.id)! || a.key - b.key)
      .map(({ player }) => player);
    if (playing.length % 2 === 1) {
      // The bye to the lowest-placed player who has not had one.
      let k = playing.length - 1;
      while (k > 0 && hadBye.has(playing[k]!.id)) k -= 1;
      const [bye] = playing.splice(k, 1);
      hadBye.add(bye!.id);
      byes.push({ roundNumber: round, playerId: bye!.id, kind: 'pairing' });
      score.set(bye!.id, score.get(bye!.id)! + 2);
    }
    for (let k = 0; k + 1 < playing.length; k += 2) {
      const [white, black] = random() < 0.5 ? [playing[k]!, playing[k + 1]!] : [playing[k + 1]!, playing[k]!];
      const draw = random();
      const result: MatchResult = draw < 0.4 ? 'white' : draw < 0.75 ? 'black' : 'draw';
      games.push({ roundNumber: round, whiteId: white.id, blackId: black.id, result });
      const [w, b] = result === 'white' ? [2, 0] : result === 'black' ? [0, 2] : [1, 1];
      score.set(white.id, score.get(white.id)! + w);
      score.set(black.id, score.get(black.id)! + b);
    }
  }
  return { roundNumber: rounds + 1, players, games, byes, options: {} };
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
      groupName:
        school === 0
          ? null
          : shape.schoolCount === undefined
            ? (SCHOOL_NAMES[school - 1] ?? null)
            : `School ${school} ${index % 2 === 0 ? 'A' : 'B'}`,
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
  return {
    roundNumber,
    players,
    games,
    byes,
    options: { isSameClubAvoided: shape.isSameClubAvoided, allowRepeatBye: shape.allowRepeatBye === true },
  };
}
