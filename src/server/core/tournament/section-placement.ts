/**
 * Where each pupil of an event with sections plays (issue 32, ADR 044), written to `players.section_id`: by the
 * domain's placement rule (src/domain/sections.ts) from the pupil's school year and date of birth (their
 * registration) and rating, a pupil placed by staff staying where staff put them. Called when staff save the
 * sections and, for pupils who arrived since, when a round is paired.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { readSectionRule } from '../../../contracts/sections';
import { ageOn } from '../../../domain/registration';
import { type Placement, placeInSections, type Section } from '../../../domain/sections';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/tournaments';
import type { SectionRow } from './sections';
import { loadPupilDetails } from './tournament.repo';

/** The stored sections as the domain's placement rule reads them. */
export const domainSections = (rows: readonly SectionRow[]): Section[] =>
  [...rows]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({ id: row.id, name: row.name, rule: readSectionRule(row.rule) }));

/**
 * Places the tournament's pupils (only those with no section yet when `onlyUnplaced`) and writes where they play.
 * Returns the placement of every pupil, for the problems it leaves (a section with one player, pupils no section
 * takes), and how many pupils it moved (none: the rows the caller read are still true).
 */
export async function placePupils(
  tx: Db | Tx,
  tournament: { id: string; startDate: string | null },
  sections: readonly SectionRow[],
  options: { onlyUnplaced: boolean },
): Promise<Placement & { moved: number }> {
  const rows = await tx
    .select({
      id: players.id,
      rating: players.rating,
      sectionId: players.sectionId,
      byHand: players.sectionByHand,
    })
    .from(players)
    .where(eq(players.tournamentId, tournament.id));
  const domain = domainSections(sections);
  if (domain.length === 0) return { sectionOf: new Map(), unplaced: [], moved: 0 };
  const details = await loadPupilDetails(tx, tournament.id);
  const placement = placeInSections(
    domain,
    rows.map((row) => {
      const pupil = details.get(row.id);
      const kept = row.byHand || (options.onlyUnplaced && row.sectionId !== null);
      return {
        id: row.id,
        rating: row.rating,
        schoolYear: pupil?.schoolYear ?? null,
        age:
          pupil?.dateOfBirth && tournament.startDate ? ageOn(pupil.dateOfBirth, tournament.startDate) : null,
        placedIn: kept ? row.sectionId : null,
      };
    }),
  );
  const changed = new Map<string | null, string[]>();
  for (const row of rows) {
    const target = placement.sectionOf.get(row.id) ?? null;
    if (target === row.sectionId) continue;
    changed.set(target, [...(changed.get(target) ?? []), row.id]);
  }
  for (const [sectionId, ids] of changed) {
    await tx
      .update(players)
      .set({ sectionId, ...(sectionId === null ? { sectionByHand: false } : {}) })
      .where(and(eq(players.tournamentId, tournament.id), inArray(players.id, ids)));
  }
  return { ...placement, moved: [...changed.values()].reduce((sum, ids) => sum + ids.length, 0) };
}

/** Pupils staff placed in a section that no longer exists go back to the rule. */
export async function releaseOrphanedPlacements(tx: Db | Tx, tournamentId: string): Promise<void> {
  await tx
    .update(players)
    .set({ sectionByHand: false })
    .where(
      and(eq(players.tournamentId, tournamentId), isNull(players.sectionId), eq(players.sectionByHand, true)),
    );
}
