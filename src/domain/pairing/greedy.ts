/**
 * The docs/requirements.md §5 pairing rule as written, kept as the baseline for the benchmark: rank active players by
 * points then rating; take each unpaired player in order and pair them with the next unpaired player who is
 * not from the same school (nor club, when asked) and has not met them; an emergency pass pairs the
 * leftovers even within a school; a single leftover gets the bye. The requirements give no colours: the same
 * colour allocation as the engine's (FIDE C.04.3 Art. 5.2) is applied afterwards, for a fair comparison.
 */
import { areSchoolmates } from '../schools';
import { allocateColours } from './colours';
import { buildPlayerStates, colourSideOf, type PlayerState } from './history';
import type { Board, PairingInput } from './types';

export interface GreedyPairing {
  boards: Board[];
  byePlayerId: string | null;
}

export function pairGreedy(input: PairingInput): GreedyPairing {
  const states = buildPlayerStates(input);
  const isClubAvoided = input.options?.isSameClubAvoided === true;
  const ranked = [...states.values()]
    .filter((state) => state.player.isActive && !state.isPreAssigned)
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.player.rating ?? 0) - (a.player.rating ?? 0) ||
        a.player.pairingNumber - b.player.pairingNumber,
    );
  const paired = new Set<string>();
  const pairs: [PlayerState, PlayerState][] = [];
  const isClub = (a: PlayerState, b: PlayerState) => {
    const club = a.player.club?.trim().toLowerCase();
    return isClubAvoided && !!club && club === b.player.club?.trim().toLowerCase();
  };
  const pass = (isAcceptable: (a: PlayerState, b: PlayerState) => boolean) => {
    for (let i = 0; i < ranked.length; i += 1) {
      const a = ranked[i]!;
      if (paired.has(a.player.id)) continue;
      for (let j = i + 1; j < ranked.length; j += 1) {
        const b = ranked[j]!;
        if (paired.has(b.player.id) || !isAcceptable(a, b)) continue;
        paired.add(a.player.id);
        paired.add(b.player.id);
        pairs.push([a, b]);
        break;
      }
    }
  };
  pass((a, b) => !a.opponents.has(b.player.id) && !areSchoolmates(a.player, b.player) && !isClub(a, b));
  const leftover = () => ranked.filter((state) => !paired.has(state.player.id));
  if (leftover().length > 1) pass((a, b) => !a.opponents.has(b.player.id));
  // Last resort so that everyone plays: the requirements do not say; a rematch is counted by the benchmark.
  if (leftover().length > 1) pass(() => true);
  const rest = leftover();
  const initialColour = input.options?.initialColour ?? 'white';
  const boards = pairs.map(([a, b], index): Board => {
    const [higher, lower] =
      a.score > b.score || (a.score === b.score && a.player.pairingNumber < b.player.pairingNumber)
        ? [a, b]
        : [b, a];
    const { higherColour } = allocateColours(colourSideOf(higher), colourSideOf(lower), initialColour);
    return {
      board: index + 1,
      whiteId: higherColour === 'white' ? higher.player.id : lower.player.id,
      blackId: higherColour === 'white' ? lower.player.id : higher.player.id,
    };
  });
  return { boards, byePlayerId: rest.length === 1 ? rest[0]!.player.id : null };
}
