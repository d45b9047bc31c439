import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listSharedTrfFiles, readSharedTrf } from '../../../scripts/lib/shared-trf';
import { parseTrf, TrfParseError, type TrfTournament, writeTrf } from './trf';

const files = [...listSharedTrfFiles('real'), ...listSharedTrfFiles('synthetic')];

describe('parseTrf on every shared file', () => {
  it('finds the shared files', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    it(`${file}: parses, opponents agree, and survives a write/parse round trip`, () => {
      const text = readSharedTrf(file);
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
    const karl = parseTrf(readSharedTrf('real/sklangen_TRF__example1_KarlMala2005.trf'));
    expect(karl.players).toHaveLength(284);
    expect(Math.max(...karl.players.map((player) => player.rounds.length))).toBe(7);
    const lichess = parseTrf(readSharedTrf('real/CompetiChess__testLargeFile_lichess.trf'));
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

describe('writeTrf / parseTrf round trip on random tournaments', () => {
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z ,.'-]{0,30}[A-Za-z]$/);
  it('parses back what it writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }).chain((count) =>
          fc.record({
            names: fc.array(word, { minLength: count, maxLength: count }),
            ratings: fc.array(fc.option(fc.integer({ min: 1000, max: 2900 })), {
              minLength: count,
              maxLength: count,
            }),
            rounds: fc.array(
              fc.array(
                fc.oneof(
                  fc.constant(null),
                  fc.record({
                    opponent: fc.integer({ min: 1, max: count }),
                    colour: fc.constantFrom('w' as const, 'b' as const),
                    result: fc.constantFrom(
                      '1' as const,
                      '0' as const,
                      '=' as const,
                      '+' as const,
                      '-' as const,
                    ),
                  }),
                  fc.record({
                    opponent: fc.constant(null),
                    colour: fc.constant('-' as const),
                    result: fc.constantFrom('H' as const, 'F' as const, 'U' as const, 'Z' as const),
                  }),
                ),
                { maxLength: 9 },
              ),
              { minLength: count, maxLength: count },
            ),
            totalRounds: fc.option(fc.integer({ min: 1, max: 20 })),
            initialColour: fc.constantFrom('white' as const, 'black' as const, null),
          }),
        ),
        (shape) => {
          const tournament: TrfTournament = {
            lines: [{ code: '012', value: 'Random Open' }],
            totalRounds: shape.totalRounds,
            initialColour: shape.initialColour,
            players: shape.names.map((name, index) => {
              const rounds = (shape.rounds[index] ?? []).map((entry) =>
                entry && entry.opponent === index + 1 ? null : entry,
              );
              while (rounds.length > 0 && rounds[rounds.length - 1] === null) rounds.pop();
              return {
                startRank: index + 1,
                sex: '',
                title: '',
                name,
                rating: shape.ratings[index] ?? null,
                federation: '',
                fideId: '',
                birthDate: '',
                halfPoints: index,
                rank: index + 1,
                rounds,
              };
            }),
          };
          const parsed = parseTrf(writeTrf(tournament, '\r'));
          expect(parsed.players).toEqual(tournament.players);
          expect(parsed.totalRounds).toBe(tournament.totalRounds);
          expect(parsed.initialColour).toBe(tournament.initialColour);
        },
      ),
      { numRuns: 200, seed: 9 },
    );
  });
});
