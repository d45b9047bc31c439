import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchIdParamsSchema } from '../../../contracts/match-results';
import {
  arbiterQueueResponseSchema,
  paperBoardsResponseSchema,
  paperResultBodySchema,
  paperResultResponseSchema,
  RESULT_REPORT_MESSAGES,
  type ReportAnswer,
  reportAnswerSchema,
  reportBoardsBodySchema,
  reportBoardsResponseSchema,
  reportResultBodySchema,
  reportResultResponseSchema,
  resultReportingSchema,
  updateResultReportingBodySchema,
} from '../../../contracts/result-reports';
import { actorContext } from '../../audit/audit';
import { routesFeature } from '../../feature-context';
import { addressKey } from '../../http/client-address';
import { RateCounter, type RateLimit, reserveOrRefuse } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import * as service from './result-reports.service';

const tags = ['result reports'];

/**
 * Reports per badge (or teacher's account): a pupil correcting a wrong button never meets it; a script replaying one badge does. Not
 * per address: the hall's 400 phones share one public address (ADR 040).
 */
export const REPORTS_PER_BADGE: RateLimit = { limit: 20, windowMs: 60_000 };
/** Unknown codes per address: 40-bit codes cannot be guessed at this rate; a hall of typos stays under it. */
export const UNKNOWN_BADGES_PER_ADDRESS: RateLimit = { limit: 60, windowMs: 60_000 };

/** The browser that reported, shortened for the arbiter ("which device"). */
const deviceOf = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 160) ?? null;

/**
 * /api/reports: a pupil's (or school's) badge reports the result of its own board in the round being played
 * (public: the badge is the credential, ADR 040). /api/admin/result-reports: the arbiter's queue and switch.
 */
export const resultReportsFeature = routesFeature('result-reports', (typed, context) => {
  const { db, clock } = context;
  const counter = new RateCounter(db, () => clock.millis());

  /** Counts an unknown badge against the address (429 beyond the limit), then gives the refusal. */
  const withBadgeLimit = async <T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof service.UnknownBadgeError) {
        await reserveOrRefuse(counter, reply, {
          scope: 'report-unknown-badge',
          key: addressKey(request.ip),
          limit: UNKNOWN_BADGES_PER_ADDRESS,
          message: RESULT_REPORT_MESSAGES.tooManyCodes,
        });
      }
      throw error;
    }
  };

  /** Stores a report, counted per credential (badge or account) once it is known, before anything is stored. */
  const takeReport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    credential: service.Credential,
    answer: ReportAnswer,
  ) => {
    reply.header('cache-control', 'no-store');
    const reserve = (holderKey: string) =>
      reserveOrRefuse(counter, reply, {
        scope: 'report-badge',
        key: holderKey,
        limit: REPORTS_PER_BADGE,
        message: RESULT_REPORT_MESSAGES.tooMany,
      });
    return service.report(
      context,
      credential,
      answer,
      { ip: request.ip, device: deviceOf(request), reserve },
      clock.now(),
    );
  };

  typed.post(
    '/api/reports/boards',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The boards a badge may report in the round being played, and where their reports stand',
        tags,
        body: reportBoardsBodySchema,
        response: { 200: reportBoardsResponseSchema, ...apiErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return withBadgeLimit(request, reply, () => service.boardsFor(db, { badge: request.body.credential }));
    },
  );

  typed.post(
    '/api/reports',
    {
      config: { access: 'public', pausedBy: 'results_paused' },
      schema: {
        summary: "Report a board's result with a badge; both sides agreeing sets it",
        tags,
        body: reportResultBodySchema,
        response: { 200: reportResultResponseSchema, ...apiErrors(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { credential, ...answer } = request.body;
      return withBadgeLimit(request, reply, () => takeReport(request, reply, { badge: credential }, answer));
    },
  );

  typed.get(
    '/api/reports/account/boards',
    {
      config: { access: 'signed-in' },
      schema: {
        summary:
          "The boards a teacher's pupils play in the round being played, and where their reports stand",
        tags,
        response: { 200: reportBoardsResponseSchema, ...apiErrors(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.boardsFor(db, { account: (await request.actor())! });
    },
  );

  typed.post(
    '/api/reports/account',
    {
      config: { access: 'signed-in', pausedBy: 'results_paused' },
      schema: {
        summary: "Report a board's result from the account that registered the pupil's school",
        tags,
        body: reportAnswerSchema,
        response: { 200: reportResultResponseSchema, ...apiErrors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => takeReport(request, reply, { account: (await request.actor())! }, request.body),
  );

  typed.get(
    '/api/admin/result-reports/queue',
    {
      config: { access: 'enterResults' },
      schema: {
        summary:
          "The arbiter's queue: disputed boards, one-sided reports past the timeout, boards nobody reported",
        tags,
        response: { 200: arbiterQueueResponseSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.readQueue(db, clock.now());
    },
  );

  typed.get(
    '/api/admin/result-reports/paper',
    {
      config: { access: 'enterResults' },
      schema: {
        summary:
          'Every board of the round being played with what its players reported, to key the score sheets',
        tags,
        response: { 200: paperBoardsResponseSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.readPaperBoards(db);
    },
  );

  typed.put(
    '/api/admin/result-reports/paper/:matchId',
    {
      config: { access: 'enterResults', pausedBy: 'results_paused' },
      schema: {
        summary:
          "Set a board's result from its score sheet; flagged when it differs from the players' reports",
        tags,
        params: matchIdParamsSchema,
        body: paperResultBodySchema,
        response: { 200: paperResultResponseSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      return service.keyFromPaper(
        context,
        actorContext(actor, request.ip),
        request.params.matchId,
        request.body,
        clock.now(),
      );
    },
  );

  typed.get(
    '/api/admin/result-reports/settings',
    {
      config: { access: 'manageRounds' },
      schema: {
        summary: 'Whether players report results in the active tournament, and how',
        tags,
        response: { 200: resultReportingSchema, ...apiErrors(401, 403) },
      },
    },
    async () => service.readReporting(db),
  );

  typed.put(
    '/api/admin/result-reports/settings',
    {
      config: { access: 'manageRounds' },
      schema: {
        summary: 'Switch reporting by players on or off for the active tournament',
        tags,
        body: updateResultReportingBodySchema,
        response: { 200: resultReportingSchema, ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const actor = (await request.actor())!;
      return service.saveReporting(context, actorContext(actor, request.ip), request.body);
    },
  );
});
