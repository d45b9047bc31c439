import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listTrfFixtures, readTrfFixture } from '../../../scripts/lib/trf-fixtures';
import {
  parseTrf,
  TrfContradictionError,
  TrfParseError,
  type TrfRoundEntry,
  type TrfTournament,
  writeTrf,
} from './trf';

const files = [...listTrfFixtures('real'), ...listTrfFixtures('synthetic')];

describe('parseTrf on every TRF fixture', () => {
  it('finds the TRF fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    it(`${file}: parses, opponents agree, and survives a write/parse round trip`, () => {
      const text = readTrfFixture(file);
      const tournament = parseTrf(text);
      expect(tournament.players.length).toBeGreaterThan(0);
      const byRank = new Map(tournament.players.map((player) => [player.startRank, player]));
      for (const player of tournament.players) {
        player.rounds.forEach((entry, round) => {
          if (!entry?.opponent) return;
          const back = byRank.get(entry.opponent)?.rounds[round];
          expect(back?.opponent, `${player.startRank} round ${round + 1}`).toBe(player.startRank);
        });
      }
      for (const eol of ['\n', '\r', '\r\n']) {
        expect(parseTrf(writeTrf(tournament, eol))).toEqual(tournament);
      }
    });
  }

  it('reads the stated numbers of players and rounds', () => {
    const karl = parseTrf(readTrfFixture('real/sklangen_TRF__example1_KarlMala2005.trf'));
    expect(karl.players).toHaveLength(284);
    expect(Math.max(...karl.players.map((player) => player.rounds.length))).toBe(7);
    const lichess = parseTrf(readTrfFixture('real/CompetiChess__testLargeFile_lichess.trf'));
    expect(lichess.totalRounds).toBe(21);
    expect(lichess.initialColour).toBe('white');
    const first = lichess.players[0];
    expect(first?.name).toBe('sherwin--tiu');
    expect(first?.rating).toBe(2529);
    expect(first?.halfPoints).toBe(29);
    expect(first?.rounds[0]).toEqual({ opponent: 25, colour: 'b', result: '1' });
  });
});

describe('parseTrf line endings and errors', () => {
  const header = '012 Test\nXXR 3\nXXC black1\n';
  const p1 =
    '001    1      A                                 1500                             1.0    1     2 w 1';
  const p2 =
    '001    2      B                                 1400                             0.0    2     1 b 0';

  it('accepts CR, LF and CRLF alike', () => {
    const lf = parseTrf(`${header}${p1}\n${p2}\n`);
    expect(parseTrf(`${header}${p1}\n${p2}\n`.replace(/\n/g, '\r'))).toEqual(lf);
    expect(parseTrf(`${header}${p1}\n${p2}\n`.replace(/\n/g, '\r\n'))).toEqual(lf);
    expect(lf.initialColour).toBe('black');
    expect(lf.totalRounds).toBe(3);
  });

  it.each([
    [`${header}${p1.replace('   1  ', '   x  ')}\n${p2}`, 4, /start rank/],
    [`${header}${p1.replace('2 w 1', '2 q 1')}\n${p2}`, 4, /colour "q"/],
    [`${header}${p1.replace('2 w 1', '2 w 7')}\n${p2}`, 4, /result "7"/],
    [`${header}${p1.replace('2 w 1', '9 w 1')}\n${p2}`, 4, /opponent 9 has no player record/],
    [`${header}${p1}\n${p1}`, 5, /already used on line 4/],
    [`${header}${p1.replace('1.0', '1.3')}\n${p2}`, 4, /points "1.3"/],
    [`012 Test\nXXR many\n${p1}`, 2, /XXR needs a number/],
    [`012 Test\nXXC purple\n${p1}`, 2, /purple/],
    [`012 Test\r\n0x1 oops\r\n${p1}`, 2, /unknown record code/],
  ])('refuses malformed input with the line number (%#)', (text, line, message) => {
    let error: unknown;
    try {
      parseTrf(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TrfParseError);
    expect((error as TrfParseError).line).toBe(line);
    expect((error as TrfParseError).message).toMatch(message);
    expect((error as TrfParseError).message).toMatch(new RegExp(`^TRF line ${line}:`));
  });
});

/** A random consistent tournament: each round pairs players in a random order, the last one may get a bye. */
const consistentTournament = (
  word: fc.Arbitrary<string>,
): fc.Arbitrary<{ tournament: TrfTournament; mutation: number }> =>
  fc.integer({ min: 2, max: 12 }).chain((count) =>
    fc
      .record({
        names: fc.array(word, { minLength: count, maxLength: count }),
        ratings: fc.array(fc.option(fc.integer({ min: 1000, max: 2900 })), {
          minLength: count,
          maxLength: count,
        }),
        rounds: fc.array(
          fc.record({
            order: fc.array(fc.nat(100), { minLength: count, maxLength: count }),
            results: fc.array(fc.constantFrom('1/0', '0/1', '=/=', '+/-', '-/+', '-/-', 'absent'), {
              minLength: count,
              maxLength: count,
            }),
            bye: fc.constantFrom('H' as const, 'F' as const, 'U' as const, 'Z' as const, null),
          }),
          { maxLength: 9 },
        ),
        totalRounds: fc.option(fc.integer({ min: 1, max: 20 })),
        initialColour: fc.constantFrom('white' as const, 'black' as const, null),
        mutation: fc.nat(10_000),
      })
      .map((shape) => {
        const rounds: (TrfRoundEntry | null)[][] = shape.names.map(() => []);
        shape.rounds.forEach((round, r) => {
          const order = [...Array(count).keys()].sort((a, b) => round.order[a]! - round.order[b]! || a - b);
          for (let k = 0; k + 1 < order.length; k += 2) {
            const [white, black] = [order[k]!, order[k + 1]!];
            const result = round.results[k]!;
            if (result === 'absent') continue;
            const [w, b] = result.split('/') as [TrfRoundEntry['result'], TrfRoundEntry['result']];
            rounds[white]![r] = { opponent: black + 1, colour: 'w', result: w };
            rounds[black]![r] = { opponent: white + 1, colour: 'b', result: b };
          }
          if (order.length % 2 === 1 && round.bye !== null) {
            rounds[order[order.length - 1]!]![r] = { opponent: null, colour: '-', result: round.bye };
          }
        });
        const value: Record<string, number> = { '1': 2, '=': 1, '+': 2, H: 1, F: 2, U: 2 };
        const tournament: TrfTournament = {
          lines: [{ code: '012', value: 'Random Open' }],
          totalRounds: shape.totalRounds,
          initialColour: shape.initialColour,
          players: shape.names.map((name, index) => {
            const list = Array.from({ length: shape.rounds.length }, (_, r) => rounds[index]![r] ?? null);
            while (list.length > 0 && list[list.length - 1] === null) list.pop();
            return {
              startRank: index + 1,
              sex: '',
              title: '',
              name,
              rating: shape.ratings[index] ?? null,
              federation: '',
              fideId: '',
              birthDate: '',
              halfPoints: list.reduce((sum, entry) => sum + (value[entry?.result ?? ''] ?? 0), 0),
              rank: index + 1,
              rounds: list,
            };
          }),
        };
        return { tournament, mutation: shape.mutation };
      }),
  );

describe('writeTrf / parseTrf round trip on random tournaments', () => {
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z ,.'-]{0,30}[A-Za-z]$/);
  it('parses back what it writes', () => {
    fc.assert(
      fc.property(consistentTournament(word), ({ tournament }) => {
        const parsed = parseTrf(writeTrf(tournament, '\r'));
        expect(parsed.players).toEqual(tournament.players);
        expect(parsed.totalRounds).toBe(tournament.totalRounds);
        expect(parsed.initialColour).toBe(tournament.initialColour);
      }),
      { numRuns: 200, seed: 9 },
    );
  });

  it('refuses a file whose two sides of a game, or whose points column, disagree, naming the line', () => {
    fc.assert(
      fc.property(consistentTournament(word), ({ tournament, mutation }) => {
        const games = tournament.players.flatMap((player) =>
          player.rounds.flatMap((entry, index) => (entry?.opponent ? [{ player, entry, index }] : [])),
        );
        const kinds = ['one_side', 'both_win', 'colour', 'points'] as const;
        const kind = games.length === 0 ? 'points' : kinds[mutation % kinds.length]!;
        const broken = structuredClone(tournament);
        // Line numbers in the written file: header lines first, then the players by start rank.
        const lineOf = (rank: number) =>
          writeTrf(tournament)
            .split('\n')
            .findIndex((text) => text.startsWith(`001 ${String(rank).padStart(4)}`)) + 1;
        let expectedLines: number[];
        if (kind === 'points') {
          const player = broken.players[mutation % broken.players.length]!;
          player.halfPoints = (player.halfPoints ?? 0) + 1;
          expectedLines = [lineOf(player.startRank)];
        } else {
          const { player, entry, index } = games[mutation % games.length]!;
          const self = broken.players.find((p) => p.startRank === player.startRank)!;
          const other = broken.players.find((p) => p.startRank === entry.opponent)!;
          expectedLines = [lineOf(Math.min(self.startRank, other.startRank))];
          if (kind === 'one_side') {
            // The opponent's block is emptied: the game is recorded on one side only (points kept true).
            other.halfPoints! -= { '1': 2, '=': 1, '+': 2 }[other.rounds[index]!.result as string] ?? 0;
            other.rounds[index] = null;
            while (other.rounds.length > 0 && other.rounds[other.rounds.length - 1] === null)
              other.rounds.pop();
            expectedLines = [lineOf(self.startRank)];
          } else if (kind === 'both_win') {
            const wasWin = { '1': 2, '=': 1, '+': 2 }[self.rounds[index]!.result as string] ?? 0;
            const otherWas = { '1': 2, '=': 1, '+': 2 }[other.rounds[index]!.result as string] ?? 0;
            self.rounds[index] = { ...self.rounds[index]!, result: '1' };
            other.rounds[index] = { ...other.rounds[index]!, result: '1' };
            self.halfPoints! += 2 - wasWin;
            other.halfPoints! += 2 - otherWas;
          } else {
            self.rounds[index] = { ...self.rounds[index]!, colour: other.rounds[index]!.colour };
          }
        }
        let error: unknown;
        try {
          parseTrf(writeTrf(broken));
        } catch (caught) {
          error = caught;
        }
        expect(error, kind).toBeInstanceOf(TrfContradictionError);
        const lines = (error as TrfContradictionError).contradictions.map((c) => c.line);
        expect(lines, kind).toEqual(expect.arrayContaining(expectedLines));
        expect((error as TrfContradictionError).message).toMatch(/^TRF line \d+: /);
      }),
      { numRuns: 300, seed: 10 },
    );
  });
});

describe('strict reading: examples', () => {
  const header = '012 Test\n';
  const line = (rank: number, points: string, block: string) =>
    `${`001 ${String(rank).padStart(4)}      P${rank}`.padEnd(80)}${points.padStart(4)}    ${rank}  ${block}`;
  const refusal = (text: string): string => {
    try {
      parseTrf(text);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('names the line and the reason', () => {
    expect(refusal(`${header}${line(1, '1.0', '   2 w 1')}\n${line(2, '1.0', '   1 b 1')}\n`)).toBe(
      'TRF line 2: round 1: players 1 and 2 (line 3) are both recorded as winners',
    );
    expect(refusal(`${header}${line(1, '1.0', '   2 w 1')}\n${line(2, '0.0', '')}\n`)).toBe(
      'TRF line 2: round 1: player 1 is recorded against 2, but player 2 (line 3) has no entry in that round',
    );
    expect(
      refusal(
        `${header}${line(1, '1.0', '   2 w 1')}\n${line(2, '0.0', '   1 b 0')}\n${line(3, '0.0', '   1 w 0')}\n`,
      ),
    ).toBe(
      'TRF line 4: round 1: player 3 is recorded against 1, but player 1 (line 2) names 2 in that round',
    );
    expect(refusal(`${header}${line(1, '0.5', '   2 w 1')}\n${line(2, '0.0', '   1 b 0')}\n`)).toBe(
      'TRF line 2: player 1: the points column (81–84) says 0.5 but the results add up to 1',
    );
    // Filled in for one player, blank for the other.
    expect(refusal(`${header}${line(1, '1.0', '   2 w 1')}\n${line(2, '', '   1 b 0')}\n`)).toBe(
      "TRF line 3: player 2: the points column (81–84) is blank while other players' are filled in",
    );
  });

  it('accepts byes entered ahead, counted in the points column up to the round being played', () => {
    // Round 1 played; round 2 started without results yet (player 3 has a half-point bye in it, counted);
    // a full-point bye for round 3 entered ahead (not counted yet).
    const text = `${header}${line(1, '1.0', '   2 w 1')}
${line(2, '0.0', '   1 b 0')}
${line(3, '0.5', '0000 - Z  0000 - H  0000 - F')}
`;
    expect(refusal(text)).toBe('accepted');
    expect(refusal(text.replace(' 0.5', ' 1.5'))).toBe('accepted');
    expect(refusal(text.replace(' 0.5', ' 1.0'))).toBe(
      'TRF line 4: player 3: the points column (81–84) says 1.0 but the results add up to 1.5',
    );
  });

  it('applies the point system of XXS / BBW lines, and skips an all-zero points column', () => {
    const game = `${line(1, '3.0', '   2 w 1')}\n${line(2, '0.0', '   1 b 0')}\n`;
    expect(refusal(`${header}${game}`)).toMatch(/says 3.0 but the results add up to 1/);
    expect(refusal(`${header}XXS W=3 D=1\n${game}`)).toBe('accepted');
    expect(refusal(`${header}BBW 3\n${game}`)).toBe('accepted');
    expect(refusal(`${header}${line(1, '0.0', '   2 w 1')}\n${line(2, '0.0', '   1 b 0')}\n`)).toBe(
      'accepted',
    );
  });
});
