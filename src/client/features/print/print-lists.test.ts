import { describe, expect, it } from 'vitest';
import type { PublicPlayer } from '../../../contracts/tournament';
import { alphabeticalPairings, chunk, playerLookupUrl } from './print-lists';

const player = (name: string, groupName: string | null = null): PublicPlayer => ({
  name,
  groupName,
  rating: null,
});

describe('alphabeticalPairings', () => {
  it('lists every player of the round by name with board, colour and opponent, byes included', () => {
    const rows = alphabeticalPairings({
      boards: [
        {
          roundNumber: 2,
          board: 1,
          white: player('Zoe Walsh', 'Loreto A'),
          black: player('Aoife Kelly'),
          result: null,
          isStarted: true,
        },
        {
          roundNumber: 2,
          board: 2,
          white: player('éamon Byrne'),
          black: player('Brian Nolan'),
          result: 'draw',
          isStarted: true,
        },
      ],
      byes: [{ player: player('Ciara Doyle'), kind: 'pairing' }],
    });
    expect(rows.map((row) => [row.name, row.board, row.colour, row.opponent?.name ?? row.bye])).toEqual([
      ['Aoife Kelly', 1, 'black', 'Zoe Walsh'],
      ['Brian Nolan', 2, 'black', 'éamon Byrne'],
      ['Ciara Doyle', null, null, 'pairing'],
      ['éamon Byrne', 2, 'white', 'Brian Nolan'],
      ['Zoe Walsh', 1, 'white', 'Aoife Kelly'],
    ]);
    expect(rows.find((row) => row.name === 'Zoe Walsh')?.groupName).toBe('Loreto A');
  });

  it('leaves out a side whose player is unknown', () => {
    const rows = alphabeticalPairings({
      boards: [
        {
          roundNumber: 1,
          board: 3,
          white: player('Aoife Kelly'),
          black: null,
          result: null,
          isStarted: false,
        },
      ],
      byes: [],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.opponent).toBeNull();
  });
});

describe('chunk', () => {
  it('splits into full pages and a last partial one', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunk([], 10)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe('playerLookupUrl', () => {
  it("links to the player's lookup page with the name encoded", () => {
    expect(playerLookupUrl('https://chess.example.ie/', 'Seán Ó Briain')).toBe(
      'https://chess.example.ie/player-lookup?name=Se%C3%A1n%20%C3%93%20Briain',
    );
  });
});
