/**
 * Colour preferences and colour allocation after matching, FIDE C.04.3 (Dutch system): definitions of
 * colour difference and preferences (Art. A.6 in the 2017+ numbering, Art. 1.6 before), and the colour
 * allocation rules (Art. 5.2 before 2017, section E since: E.1–E.5). Only played games count for colours
 * (C.04.3 A.6: a forfeited game or a bye has no colour).
 */
import type { Colour } from '../scoring/results';
import type { ColourPreferenceStrength, ColourReason } from './types';

export interface ColourHistory {
  /** Colours of played games, oldest first, with their round numbers. */
  games: readonly { roundNumber: number; colour: Colour }[];
}

export interface ColourPreference {
  strength: ColourPreferenceStrength;
  colour: Colour | null;
  /** Whites minus blacks over played games (C.04.3 A.6 "colour difference"). */
  difference: number;
}

const opposite = (colour: Colour): Colour => (colour === 'white' ? 'black' : 'white');

/** C.04.3 A.6.a–d: absolute, strong, mild or no colour preference, from the colours of played games. */
export function colourPreference(colours: readonly Colour[]): ColourPreference {
  let difference = 0;
  for (const colour of colours) difference += colour === 'white' ? 1 : -1;
  const last = colours[colours.length - 1];
  const beforeLast = colours[colours.length - 2];
  if (!last) return { strength: 'none', colour: null, difference };
  // A.6.a: absolute when the difference is beyond ±1 or the last two games had the same colour.
  if (difference > 1) return { strength: 'absolute', colour: 'black', difference };
  if (difference < -1) return { strength: 'absolute', colour: 'white', difference };
  if (beforeLast === last) return { strength: 'absolute', colour: opposite(last), difference };
  // A.6.b: strong when the difference is ±1.
  if (difference === 1) return { strength: 'strong', colour: 'black', difference };
  if (difference === -1) return { strength: 'strong', colour: 'white', difference };
  // A.6.c: mild, alternate from the last game.
  return { strength: 'mild', colour: opposite(last), difference };
}

const strengthOrder: Record<ColourPreferenceStrength, number> = { absolute: 3, strong: 2, mild: 1, none: 0 };

/**
 * Cost of pairing two players as far as colours go (used as a matching weight field):
 * 0 compatible (C.04.3 C.12 satisfied), 1 the loser has only a mild preference, 2 a strong preference
 * is not met (C.13), 3 both absolute for the same colour (C.3: forbidden for non-topscorers).
 */
export function colourClashCost(a: ColourPreference, b: ColourPreference): number {
  if (a.colour === null || b.colour === null || a.colour !== b.colour) return 0;
  const weaker = Math.min(strengthOrder[a.strength], strengthOrder[b.strength]);
  if (weaker === 3) return 3;
  return weaker === 2 ? 2 : 1;
}

export interface ColourAllocation {
  higherColour: Colour;
  reason: ColourReason;
}

/** What the colour rules read of one player of a pair. */
export interface ColourSide {
  preference: ColourPreference;
  /** Colours of played games, oldest first (byes and forfeits have none). */
  colours: readonly Colour[];
}

/**
 * C.04.3 E (Art. 5.2 before 2017): colours for a pair, `higher` being the higher-ranked player (more
 * points, then lower pairing number). `hasInitialColour`: the higher player's pairing number is odd (E.5).
 * The one implementation: the site's engine, the Dutch engine and the greedy baseline all call it.
 */
export function allocateColours(
  higher: ColourSide & { hasInitialColour: boolean },
  lower: ColourSide,
  initialColour: Colour,
): ColourAllocation {
  const h = higher.preference;
  const l = lower.preference;
  // E.1: both preferences can be granted.
  if (h.colour !== null && (l.colour === null || l.colour !== h.colour)) {
    return { higherColour: h.colour, reason: 'both_preferences_granted' };
  }
  if (h.colour === null && l.colour !== null) {
    return { higherColour: opposite(l.colour), reason: 'both_preferences_granted' };
  }
  if (h.colour !== null && l.colour !== null) {
    // E.2: the stronger preference; both absolute: the wider colour difference.
    const hs = strengthOrder[h.strength];
    const ls = strengthOrder[l.strength];
    if (hs !== ls) {
      return hs > ls
        ? { higherColour: h.colour, reason: 'stronger_preference' }
        : { higherColour: opposite(l.colour), reason: 'stronger_preference' };
    }
    if (h.strength === 'absolute' && Math.abs(h.difference) !== Math.abs(l.difference)) {
      return Math.abs(h.difference) > Math.abs(l.difference)
        ? { higherColour: h.colour, reason: 'larger_colour_imbalance' }
        : { higherColour: opposite(l.colour), reason: 'larger_colour_imbalance' };
    }
    // E.3: alternate from the latest game in which they had different colours, the two players' played
    // games counted back from each one's latest (as bbpPairings reads it: an unplayed round is skipped).
    const a = higher.colours;
    const b = lower.colours;
    for (let x = a.length - 1, y = b.length - 1; x >= 0 && y >= 0; x -= 1, y -= 1) {
      if (a[x] !== b[y]) {
        return { higherColour: b[y]!, reason: 'alternation_from_last_different_round' };
      }
    }
    // E.4: the higher-ranked player's preference.
    return { higherColour: h.colour, reason: 'higher_ranked_preference' };
  }
  // E.5: no preferences: an odd pairing number gets the initial colour.
  return {
    higherColour: higher.hasInitialColour ? initialColour : opposite(initialColour),
    reason: 'initial_colour_by_pairing_number',
  };
}
