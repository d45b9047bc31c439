import { describe, expect, it } from 'vitest';
import { listSharedTrfFiles, readSharedTrf } from '../../../scripts/lib/shared-trf';
import { parseTrf, TrfParseError, writeTrf } from './trf';

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
