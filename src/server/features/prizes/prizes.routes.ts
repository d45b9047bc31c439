import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { messageResponseSchema } from '../../../contracts/common';
import {
  adminPrizesResponseSchema,
  CERTIFICATE_SCOPE_LABELS,
  certificateQuerySchema,
  PRIZE_MESSAGES,
  prizeConfigSchema,
  prizeEmbargoSchema,
  prizeOwnerQuerySchema,
} from '../../../contracts/prizes';
import { SECTION_MESSAGES } from '../../../contracts/sections';
import { bracketProblems, placesProblems } from '../../../domain/prizes';
import { certificatesOf, certificatesPdf } from '../../core/prizes/certificates';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import { prizeConfigOf, prizesView } from '../../core/tournament/prize-views';
import type { PublicViews } from '../../core/tournament/public-views';
import { loadPublicTournamentData } from '../../core/tournament/tournament.repo';
import { players, tournamentSections, tournaments } from '../../db/schema/tournaments';
import { routesFeature } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { apiErrors, auditContextOf } from '../../http/route-helpers';

const tags = ['prizes'];
const BASE = '/api/admin/prizes';

/**
 * /api/admin/prizes (`managePrizes`, issue 32, ADR 043): the active tournament's prize brackets and best-school
 * places, the list they give so far (winners shown to staff during the embargo), and the embargo switch. The
 * public list is `GET /api/public/prizes`, from the same snapshot.
 */
export const prizesFeature = routesFeature('prizes', (typed, context) => {
  const { db, cache, audit } = context;

  const activeId = async () => {
    const tournament = await findActiveTournament(db);
    if (!tournament) throw new HttpError(404, PRIZE_MESSAGES.noTournament);
    return tournament.id;
  };

  /**
   * The prizes' owner (ADR 044): the section asked for in an event with sections (the first when none is named),
   * or the event itself. A section of another event, or of none, is not found.
   */
  const ownerOf = (views: PublicViews, sectionId: string | undefined) => {
    const sections = views.sectionViews();
    if (sections.length === 0) {
      if (sectionId) throw new HttpError(404, SECTION_MESSAGES.sectionNotFound);
      return { section: null, views };
    }
    const chosen = sectionId ? sections.find((entry) => entry.section.id === sectionId) : sections[0];
    if (!chosen) throw new HttpError(404, SECTION_MESSAGES.sectionNotFound);
    return chosen;
  };

  typed.get(
    BASE,
    {
      config: { access: 'managePrizes' },
      schema: {
        summary: 'The prizes as set (of a section, in an event with sections), the list they give so far',
        tags,
        querystring: prizeOwnerQuerySchema,
        response: { 200: adminPrizesResponseSchema, ...apiErrors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const tournamentId = await activeId();
      const { views } = await cache.snapshot();
      const owner = ownerOf(views, request.query.section);
      return {
        config: prizeConfigOf(owner.views),
        embargoed: views.tournamentRow?.prizesEmbargoed ?? false,
        view: prizesView(views, true),
        schools: views.schools(),
        sections: views.sections.map((section) => ({ id: section.id, name: section.name })),
        section: owner.section?.id ?? null,
        players: await db
          .select({ id: players.id, name: players.name, team: players.groupName })
          .from(players)
          .where(
            owner.section
              ? and(eq(players.tournamentId, tournamentId), eq(players.sectionId, owner.section.id))
              : eq(players.tournamentId, tournamentId),
          )
          .orderBy(asc(players.name)),
      };
    },
  );

  typed.put(
    BASE,
    {
      config: { access: 'managePrizes' },
      schema: {
        summary: 'Replace the prizes: brackets of categories of places, and the best-school places',
        tags,
        querystring: prizeOwnerQuerySchema,
        body: prizeConfigSchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { bestSchool } = request.body;
      const problems = [
        ...request.body.brackets.flatMap(bracketProblems),
        ...(bestSchool ? placesProblems(bestSchool.name, bestSchool.places) : []),
      ];
      if (problems.length > 0) throw new HttpError(400, problems.join('. '));
      const id = await activeId();
      const who = await auditContextOf(request);
      const { section } = ownerOf((await cache.snapshot()).views, request.query.section);
      await db.transaction(async (tx) => {
        if (section) {
          const [updated] = await tx
            .update(tournamentSections)
            .set({ prizes: request.body, updatedAt: new Date() })
            .where(and(eq(tournamentSections.id, section.id), eq(tournamentSections.tournamentId, id)))
            .returning({ id: tournamentSections.id });
          if (!updated) throw new HttpError(404, SECTION_MESSAGES.sectionNotFound);
        } else {
          await tx
            .update(tournaments)
            .set({ prizes: request.body, updatedAt: new Date() })
            .where(eq(tournaments.id, id));
        }
        const categories = request.body.brackets.reduce((sum, bracket) => sum + bracket.categories.length, 0);
        await audit.logChange(
          tx,
          who,
          'update_prizes',
          `Prizes set${section ? ` for ${section.name}` : ''}: ${request.body.brackets.length} brackets, ${categories} categories${request.body.bestSchool ? ', best school' : ''}`,
          { tournamentId: id, sectionId: section?.id ?? null, prizes: request.body },
        );
      });
      cache.invalidate();
      return { message: PRIZE_MESSAGES.saved };
    },
  );

  typed.put(
    `${BASE}/embargo`,
    {
      config: { access: 'managePrizes' },
      schema: {
        summary: 'Hide the winners from the public until the ceremony, or show them',
        tags,
        body: prizeEmbargoSchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const id = await activeId();
      const who = await auditContextOf(request);
      const { embargoed } = request.body;
      await db.transaction(async (tx) => {
        await tx
          .update(tournaments)
          .set({ prizesEmbargoed: embargoed, updatedAt: new Date() })
          .where(eq(tournaments.id, id));
        await audit.logChange(
          tx,
          who,
          'embargo_prizes',
          embargoed ? 'Prizes hidden until the ceremony' : 'Prizes shown',
          { tournamentId: id, embargoed },
        );
      });
      cache.invalidate();
      return { message: embargoed ? PRIZE_MESSAGES.embargoOn : PRIZE_MESSAGES.embargoOff };
    },
  );

  typed.get(
    `${BASE}/certificates`,
    {
      config: { access: 'managePrizes' },
      schema: {
        summary:
          'Certificates as one PDF, a page each: every winner, every participant, or both (winners first)',
        tags,
        querystring: certificateQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await activeId();
      const data = await loadPublicTournamentData(db);
      const title = CERTIFICATE_SCOPE_LABELS[request.query.scope];
      const { scope, category } = request.query;
      const certificates = certificatesOf(data, scope, category);
      if (category !== undefined && certificates.length === 0) {
        throw new HttpError(404, PRIZE_MESSAGES.noCertificates);
      }
      const pdf = await certificatesPdf(certificates, title);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="certificates-${request.query.scope}-${stamp}.pdf"`,
        )
        .type('application/pdf')
        .send(pdf);
    },
  );
});
