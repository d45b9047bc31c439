/**
 * FIDE C.04.3's criteria as the Dutch pairing's explanation names them (dutch-explain.ts), with their one
 * wording: the CLI's --explain, the arbiter's notes and docs/pairing.md's examples read it from here.
 */
/** The criterion that decided, or `order`: equal on every criterion, FIDE's order of exchanges decided. */
export type DutchCriterion =
  | 'C2'
  | 'C4'
  | 'C5'
  | 'C6'
  | 'C7'
  | 'C8'
  | 'C9'
  | 'C10'
  | 'C11'
  | 'C12'
  | 'C13'
  | 'C14'
  | 'C15'
  | 'C16'
  | 'C17'
  | 'C18'
  | 'C19'
  | 'C20'
  | 'C21'
  | 'order';

/** Each criterion in words: what the other choice would have broken. The one wording (CLI, docs, notes). */
export const DUTCH_CRITERION_TEXT: Record<DutchCriterion, string> = {
  C2: 'C2: has already had a bye or a forfeit win',
  C4: 'C4: otherwise the others cannot all be paired within the absolute rules (no rematch, the bye rules, no two players due the same absolute colour unless topscorers in the last round)',
  C5: 'C5: otherwise the bye goes to a higher score',
  C6: 'C6: otherwise fewer pairs in the score group',
  C7: 'C7: otherwise lower scores are paired in the score group',
  C8: 'C8: otherwise fewer pairs, or lower scores paired, in the next score group',
  C9: 'C9: otherwise the bye goes to a player with more unplayed games',
  C10: 'C10: otherwise a player gets a colour difference beyond 2 or the same colour a third time',
  C11: 'C11: otherwise a player gets the same colour three times in a row',
  C12: 'C12: otherwise more players miss their colour preference',
  C13: 'C13: otherwise more players miss a strong colour preference',
  C14: 'C14: otherwise more players float down as they did the round before',
  C15: 'C15: otherwise more players float up as they did the round before',
  C16: 'C16: otherwise more players float down as they did two rounds before',
  C17: 'C17: otherwise more players float up as they did two rounds before',
  C18: 'C18: otherwise higher-scored players float down as they did the round before',
  C19: 'C19: otherwise higher-scored players float up as they did the round before',
  C20: 'C20: otherwise higher-scored players float down as they did two rounds before',
  C21: 'C21: otherwise higher-scored players float up as they did two rounds before',
  order: "equal on every criterion: FIDE's order of exchanges and transpositions decides",
};
