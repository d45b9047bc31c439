import type { CurrentRoundResponse, PublicPlayer } from '../../../contracts/tournament';

export interface AlphabeticalPairing {
  name: string;
  groupName: string | null;
  /** Null for a bye. */
  board: number | null;
  colour: 'white' | 'black' | null;
  opponent: PublicPlayer | null;
  /** The bye's kind when the player has no game this round. */
  bye: CurrentRoundResponse['byes'][number]['kind'] | null;
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * The arbiter's favourite list: every player of the round by name with board, colour and opponent, byes
 * included, so a player finds their board without knowing anyone's score.
 */
export function alphabeticalPairings(
  round: Pick<CurrentRoundResponse, 'boards' | 'byes'>,
): AlphabeticalPairing[] {
  const rows: AlphabeticalPairing[] = [];
  for (const board of round.boards) {
    for (const [player, colour, opponent] of [
      [board.white, 'white', board.black],
      [board.black, 'black', board.white],
    ] as const) {
      if (!player) continue;
      rows.push({
        name: player.name,
        groupName: player.groupName,
        board: board.board,
        colour,
        opponent,
        bye: null,
      });
    }
  }
  for (const { player, kind } of round.byes) {
    rows.push({
      name: player.name,
      groupName: player.groupName,
      board: null,
      colour: null,
      opponent: null,
      bye: kind,
    });
  }
  return rows.sort(byName);
}

/** Splits a list into pages of `size` (badges and board cards print a fixed number per A4 sheet). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const pages: T[][] = [];
  for (let index = 0; index < items.length; index += size) pages.push(items.slice(index, index + size));
  return pages;
}

/** Where a badge's QR code leads: the player's lookup page, on this site, shareable as it is. */
export function playerLookupUrl(origin: string, name: string): string {
  return `${origin.replace(/\/+$/, '')}/player-lookup?name=${encodeURIComponent(name)}`;
}
