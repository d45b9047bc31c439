/**
 * The sections of an event on the server (issue 32, ADR 044): which rows belong to a section. A section is paired,
 * ranked and awarded on its own, on the event's shared round clock: its players, the games between them (both
 * players of a game are always in one section, the pairing never crosses one), and their byes. The rule that
 * places a pupil in a section is the domain's (src/domain/sections.ts).
 */
import type { PublicSection } from '../../../contracts/sections';
import type {
  matches,
  players,
  roundByes,
  tournamentSections,
  tournaments,
} from '../../db/schema/tournaments';

export type SectionRow = typeof tournamentSections.$inferSelect;

/** The rows that can be cut by section: a tournament's players with their games and byes, and its sections. */
interface SectionedRows {
  tournament: typeof tournaments.$inferSelect | null;
  players: readonly (typeof players.$inferSelect)[];
  matches: readonly (typeof matches.$inferSelect)[];
  byes: readonly (typeof roundByes.$inferSelect)[];
  sections?: readonly SectionRow[];
}

/** The event's sections in the order staff listed them (none: the event plays as one group). */
export const sectionsOf = (rows: Pick<SectionedRows, 'sections'>): SectionRow[] =>
  [...(rows.sections ?? [])].sort((a, b) => a.position - b.position);

/**
 * The rows of one section: its players, their games and byes, and the tournament row carrying the section's
 * prizes, so every rule that reads a whole event (standings, school table, prizes, pairing) reads a section alike.
 */
export function rowsOfSection<T extends SectionedRows>(rows: T, sectionId: string): T {
  const section = rows.sections?.find((candidate) => candidate.id === sectionId);
  const playerRows = rows.players.filter((player) => player.sectionId === sectionId);
  const ids = new Set(playerRows.map((player) => player.id));
  return {
    ...rows,
    tournament: rows.tournament ? { ...rows.tournament, prizes: section?.prizes ?? null } : null,
    players: playerRows,
    matches: rows.matches.filter((match) => ids.has(match.whitePlayerId)),
    byes: rows.byes.filter((bye) => ids.has(bye.playerId)),
    sections: [],
  };
}

/** A section as the public pages name it. */
export const publicSection = (section: SectionRow): PublicSection => ({
  name: section.name,
  slug: section.slug,
});
