import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  adminSectionsResponseSchema,
  placementBodySchema,
  readSectionRule,
  SECTION_MESSAGES,
  sectionsBodySchema,
} from '../../../contracts/sections';
import { areSectionsFixed, hasPlayed, sectionProblems, sectionSlug } from '../../../domain/sections';
import { loadActiveTournamentRows } from '../../core/tournament/active-tournament';
import {
  domainSections,
  placePupils,
  releaseOrphanedPlacements,
} from '../../core/tournament/section-placement';
import { sectionsOf } from '../../core/tournament/sections';
import { toTournamentState } from '../../core/tournament/tournament-state.loader';
import { players, tournamentSections } from '../../db/schema/tournaments';
import { routesFeature } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { apiErrors, auditContextOf } from '../../http/route-helpers';

const tags = ['sections'];
const BASE = '/api/admin/sections';

/**
 * /api/admin/sections (`manageSections`, issue 32, ADR 044): the active event's sections, who plays in which, and
 * staff placing a pupil by hand. Saving the sections places every pupil staff did not place, by the domain's rule;
 * once round 1 is paired they are fixed (a late entry with no game may still be placed by hand).
 */
export const sectionsFeature = routesFeature('sections', (typed, context) => {
  const { db, cache, audit } = context;

  const load = async () => {
    const rows = await loadActiveTournamentRows(db);
    if (!rows) throw new HttpError(404, SECTION_MESSAGES.noTournament);
    return { rows, state: toTournamentState(rows) };
  };

  typed.get(
    BASE,
    {
      config: { access: 'manageSections' },
      schema: {
        summary: 'The sections, who plays in which, and what stops them from being paired',
        tags,
        response: { 200: adminSectionsResponseSchema, ...apiErrors(401, 403, 404) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { rows, state } = await load();
      const sections = sectionsOf(rows);
      const placed = new Map(rows.players.map((player) => [player.id, player.sectionId]));
      const active = rows.players.filter((player) => player.active);
      const placement = {
        sectionOf: new Map(
          active.flatMap((player) => (player.sectionId ? [[player.id, player.sectionId]] : [])),
        ),
        unplaced: active.filter((player) => !player.sectionId).map((player) => player.id),
      };
      return {
        sections: sections.map((section) => ({
          id: section.id,
          name: section.name,
          slug: section.slug,
          rule: readSectionRule(section.rule),
          players: [...placed.values()].filter((id) => id === section.id).length,
        })),
        players: [...rows.players]
          .sort((a, b) => a.name.localeCompare(b.name, 'en'))
          .map((player) => ({
            id: player.id,
            name: player.name,
            team: player.groupName,
            sectionId: player.sectionId,
            byHand: player.sectionByHand,
          })),
        problems: sections.length === 0 ? [] : sectionProblems(domainSections(sections), placement),
        fixed: areSectionsFixed(state),
      };
    },
  );

  typed.put(
    BASE,
    {
      config: { access: 'manageSections' },
      schema: {
        summary: 'Replace the sections (in order) and place every pupil staff did not place by their rules',
        tags,
        body: sectionsBodySchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { rows, state } = await load();
      if (areSectionsFixed(state)) throw new HttpError(409, SECTION_MESSAGES.fixed);
      const existing = new Set(sectionsOf(rows).map((section) => section.id));
      const wanted = request.body.sections;
      const unknown = wanted.find((section) => section.id && !existing.has(section.id));
      if (unknown) throw new HttpError(404, SECTION_MESSAGES.sectionNotFound);
      const problems = sectionProblems(
        wanted.map((section, index) => ({
          id: section.id ?? `new-${index}`,
          name: section.name,
          rule: section.rule,
        })),
      );
      if (wanted.length > 0 && problems.length > 0) throw new HttpError(400, problems.join('. '));
      const who = await auditContextOf(request);
      const tournament = rows.tournament;
      await db.transaction(async (tx) => {
        const keptIds = wanted.flatMap((section) => (section.id ? [section.id] : []));
        await tx
          .delete(tournamentSections)
          .where(
            keptIds.length > 0
              ? and(
                  eq(tournamentSections.tournamentId, tournament.id),
                  notInArray(tournamentSections.id, keptIds),
                )
              : eq(tournamentSections.tournamentId, tournament.id),
          );
        // Positions and names move through a free range first: the unique name index holds at every step.
        if (keptIds.length > 0) {
          const kept = await tx
            .select({ id: tournamentSections.id })
            .from(tournamentSections)
            .where(inArray(tournamentSections.id, keptIds));
          for (const row of kept) {
            await tx
              .update(tournamentSections)
              .set({ name: `~${row.id}`, slug: `~${row.id}` })
              .where(eq(tournamentSections.id, row.id));
          }
        }
        for (const [position, section] of wanted.entries()) {
          const values = {
            name: section.name,
            slug: sectionSlug(section.name),
            position,
            rule: section.rule,
          };
          if (section.id) {
            await tx
              .update(tournamentSections)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(tournamentSections.id, section.id));
          } else {
            await tx.insert(tournamentSections).values({ ...values, tournamentId: tournament.id });
          }
        }
        await releaseOrphanedPlacements(tx, tournament.id);
        const saved = await tx
          .select()
          .from(tournamentSections)
          .where(eq(tournamentSections.tournamentId, tournament.id));
        await placePupils(tx, tournament, saved, { onlyUnplaced: false });
        await audit.logChange(
          tx,
          who,
          'update_sections',
          wanted.length === 0
            ? 'Sections removed: the event plays as one group'
            : `Sections set: ${wanted.map((section) => section.name).join(', ')}`,
          { tournamentId: tournament.id, sections: wanted },
        );
      });
      cache.invalidate();
      return { message: SECTION_MESSAGES.saved };
    },
  );

  typed.put(
    `${BASE}/players/:playerId`,
    {
      config: { access: 'manageSections' },
      schema: {
        summary: 'Place a pupil in a section by hand, or back under the rules (null)',
        tags,
        params: z.object({ playerId: z.uuid() }),
        body: placementBodySchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { rows, state } = await load();
      const player = rows.players.find((candidate) => candidate.id === request.params.playerId);
      if (!player) throw new HttpError(404, SECTION_MESSAGES.playerNotFound);
      const sections = sectionsOf(rows);
      if (sections.length === 0) throw new HttpError(409, SECTION_MESSAGES.noSections);
      const { sectionId } = request.body;
      const section = sectionId ? sections.find((candidate) => candidate.id === sectionId) : null;
      if (sectionId && !section) throw new HttpError(404, SECTION_MESSAGES.sectionNotFound);
      if (hasPlayed(state, player.id)) throw new HttpError(409, SECTION_MESSAGES.hasPlayed);
      const who = await auditContextOf(request);
      const tournament = rows.tournament;
      await db.transaction(async (tx) => {
        await tx
          .update(players)
          .set({ sectionId: section?.id ?? null, sectionByHand: section !== null, updatedAt: new Date() })
          .where(and(eq(players.id, player.id), eq(players.tournamentId, tournament.id)));
        // Back under the rules: the rule places them at once.
        if (!section) await placePupils(tx, tournament, sections, { onlyUnplaced: true });
        await audit.logChange(
          tx,
          who,
          'place_in_section',
          section ? `${player.name} placed in ${section.name}` : `${player.name} placed by the section rules`,
          { tournamentId: tournament.id, playerId: player.id, sectionId: section?.id ?? null },
        );
      });
      cache.invalidate();
      return { message: SECTION_MESSAGES.placed };
    },
  );
});
