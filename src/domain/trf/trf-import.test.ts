import { describe, expect, it } from 'vitest';
import { listTrfFixtures, readTrfFixture } from '../../../scripts/lib/trf-fixtures';
import { computeScores } from '../standings/individual';
import { parseTrf, type TrfPlayer, writeTrf } from './trf';
import { importTrf, TrfImportError, trfEssence } from './trf-import';
import { tournamentToTrf } from './trf-pairing';

const files = [...listTrfFixtures('real'), ...listTrfFixtures('synthetic')];

describe('importTrf', () => {
  for (const file of files) {
    it(`${file}: import then export gives an equivalent file`, () => {
      const original = parseTrf(readTrfFixture(file));
      const imported = importTrf(original);
      expect(imported.players).toHaveLength(original.players.length);
      const boardsOk = new Set(imported.games.map((game) => `${game.roundNumber}/${game.boardNumber}`));
      expect(boardsOk.size, 'board numbers are unique per round').toBe(imported.games.length);
      const games = imported.games.map((game) => ({
        roundNumber: game.roundNumber,
        whiteId: String(game.whiteRank),
        blackId: String(game.blackRank),
        result: game.result,
      }));
      const byes = imported.byes.map((bye) => ({ ...bye, playerId: String(bye.startRank) }));
      // The points column as the standings count the imported rounds (the export writes what it is given).
      const points = computeScores({
        players: imported.players.map((player) => ({
          id: String(player.startRank),
          name: player.name,
          rating: player.rating,
          groupName: null,
          active: true,
        })),
        games,
        byes,
      });
      const exported = tournamentToTrf({
        name: imported.name ?? 'x',
        totalRounds: imported.totalRounds,
        players: imported.players.map((player) => ({
          id: String(player.startRank),
          pairingNumber: player.startRank,
          name: player.name,
          rating: player.rating,
          halfPoints: points.get(String(player.startRank))?.halfPoints ?? 0,
          rank: null,
        })),
        games,
        byes,
      });
      const reread = parseTrf(writeTrf(exported));
      expect(trfEssence(reread)).toEqual(trfEssence(original));
      expect(reread.totalRounds).toBe(imported.totalRounds);
    });
  }

  const player = (startRank: number, name: string, rounds: TrfPlayer['rounds']): TrfPlayer => ({
    startRank,
    sex: '',
    title: '',
    name,
    rating: 1900 - startRank * 100,
    federation: '',
    fideId: '',
    birthDate: '',
    halfPoints: null,
    rank: null,
    rounds,
  });
  const file = (totalRounds: number | null, players: TrfPlayer[]) =>
    parseTrf(
      writeTrf({ lines: [{ code: '012', value: 'Small Open' }], players, totalRounds, initialColour: null }),
    );

  it('takes the name from 012 and numbers boards by the better start rank', () => {
    const imported = importTrf(
      file(3, [
        player(1, 'Alpha', [{ opponent: 4, colour: 'b', result: '1' }]),
        player(2, 'Beta', [{ opponent: null, colour: '-', result: 'H' }]),
        player(3, 'Gamma', [{ opponent: 5, colour: 'w', result: '=' }]),
        player(4, 'Delta', [{ opponent: 1, colour: 'w', result: '0' }]),
        player(5, 'Eps', [{ opponent: 3, colour: 'b', result: '=' }]),
      ]),
    );
    expect(imported).toMatchObject({ name: 'Small Open', totalRounds: 3, playedRounds: 1 });
    expect(imported.games).toEqual([
      { roundNumber: 1, boardNumber: 1, whiteRank: 4, blackRank: 1, result: 'black' },
      { roundNumber: 1, boardNumber: 2, whiteRank: 3, blackRank: 5, result: 'draw' },
    ]);
    expect(imported.byes).toEqual([{ roundNumber: 1, startRank: 2, kind: 'half' }]);
  });

  it('refuses a file without players or with fewer XXR rounds than it holds', () => {
    expect(() => importTrf(parseTrf('012 Empty\n'))).toThrow(TrfImportError);
    const twoRounds = file(1, [
      player(1, 'Alpha', [
        { opponent: 2, colour: 'w', result: '1' },
        { opponent: 2, colour: 'b', result: '1' },
      ]),
      player(2, 'Beta', [
        { opponent: 1, colour: 'b', result: '0' },
        { opponent: 1, colour: 'w', result: '0' },
      ]),
    ]);
    expect(() => importTrf(twoRounds)).toThrow(/XXR says 1 rounds but the file holds 2/);
  });
});
