import { z } from 'zod';
import { DEFAULT_ONE_SIDED_MINUTES, REPORTABLE_RESULTS } from '../domain/result-reports';
import { MATCH_RESULTS } from '../domain/scoring/results';

/**
 * Results reported from the players' phones (docs/decisions/040-result-reports.md): the setting, the phone's
 * requests and answers, and the arbiter's queue.
 */

export const RESULT_REPORTING_SETTING_KEY = 'result_reporting';

export const resultReportingSchema = z
  .object({
    /** The tournament it was switched on for: for any other tournament reporting is off. */
    tournament_id: z.uuid().nullable(),
    enabled: z.boolean({ error: 'Self-reporting is on or off' }),
    captains_may_confirm: z.boolean({ error: 'Captains may confirm, or not' }),
    one_sided_minutes: z
      .number({ error: 'Enter the minutes before a one-sided report goes to the arbiter' })
      .int('Enter a whole number of minutes')
      .min(1, 'Wait at least 1 minute')
      .max(120, 'Wait at most 120 minutes'),
  })
  .strict();
export type ResultReporting = z.infer<typeof resultReportingSchema>;

export const DEFAULT_RESULT_REPORTING: ResultReporting = {
  tournament_id: null,
  enabled: false,
  captains_may_confirm: true,
  one_sided_minutes: DEFAULT_ONE_SIDED_MINUTES,
};

/** A stored value, or the default (off) for anything missing or broken. */
export function readResultReporting(stored: unknown): ResultReporting {
  const parsed = resultReportingSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_RESULT_REPORTING;
}

/** Whether players report results in this tournament now. */
export function isReportingOnFor(setting: ResultReporting, tournamentId: string | null): boolean {
  return setting.enabled && tournamentId !== null && setting.tournament_id === tournamentId;
}

/** The arbiter's switch: the same document without the tournament, which the server fills in (the active one). */
export const updateResultReportingBodySchema = resultReportingSchema.omit({ tournament_id: true });

import { RESULT_REPORT_MESSAGES } from './result-report-messages';

export { RESULT_REPORT_MESSAGES };

/** The credential a phone sends: the badge's QR code (its URL or token) or its typed code. */
const credentialSchema = z
  .string({ error: 'Scan your badge or type its code' })
  .trim()
  .min(1, 'Scan your badge or type its code')
  .max(300, 'That is not a badge code');

export const reportBoardsBodySchema = z.object({ credential: credentialSchema }).strict();

const reportedResultSchema = z.enum(REPORTABLE_RESULTS, { error: RESULT_REPORT_MESSAGES.notReportable });

/** A report: the board, the result, and the device's outbox id (the same report sent again lands once). */
export const reportAnswerSchema = z
  .object({
    matchId: z.uuid(),
    result: reportedResultSchema,
    clientId: z.string().trim().min(8).max(80).optional(),
  })
  .strict();
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

/** A report made with a badge (POST /api/reports). A teacher's account sends the report alone (…/account). */
export const reportResultBodySchema = reportAnswerSchema.extend({ credential: credentialSchema }).strict();
export type ReportResultBody = z.infer<typeof reportResultBodySchema>;

const sideSchema = z.enum(['white', 'black']);

/** A player of a board as the phones and the arbiter see them: name and school. */
const boardPlayerSchema = z.object({ name: z.string(), schoolName: z.string().nullable() });

/** A board as the reporter sees it: the players, the sides they speak for, and where the reports stand. */
export const reportableBoardSchema = z.object({
  matchId: z.uuid(),
  roundNumber: z.number().int(),
  board: z.number().int(),
  white: boardPlayerSchema,
  black: boardPlayerSchema,
  /** The sides this credential speaks for. */
  sides: z.array(sideSchema),
  /** The result set (confirmed, or by the arbiter), else null. */
  result: z.enum(MATCH_RESULTS).nullable(),
  /** This credential's latest report per side it speaks for (never the other side's: reports are independent). */
  yourReport: reportedResultSchema.nullable(),
  /** Whether the other side has reported (what it said is not shown). */
  otherSideReported: z.boolean(),
  state: z.enum(['waiting', 'reported', 'confirmed', 'disputed', 'final']),
});
export type ReportableBoard = z.infer<typeof reportableBoardSchema>;

export const reportBoardsResponseSchema = z.object({
  /**
   * Who the credential is: a pupil's name, a school's (its badge), or a teacher's (their account); null for a
   * signed-in account that speaks for no school (it reports with a badge).
   */
  holder: z.object({ kind: z.enum(['player', 'captain', 'teacher']), name: z.string() }).nullable(),
  roundNumber: z.number().int().nullable(),
  boards: z.array(reportableBoardSchema),
  message: z.string().nullable(),
});
export type ReportBoardsResponse = z.infer<typeof reportBoardsResponseSchema>;

export const reportResultResponseSchema = z.object({
  outcome: z.enum(['recorded', 'confirmed', 'disputed', 'unchanged']),
  message: z.string(),
  board: reportableBoardSchema,
});
export type ReportResultResponse = z.infer<typeof reportResultResponseSchema>;

const claimViewSchema = z.object({
  side: sideSchema,
  result: reportedResultSchema,
  by: z.enum(['player', 'captain', 'teacher']),
  /** Whose badge or account: a name for the arbiter. */
  reporter: z.string(),
  device: z.string().nullable(),
  at: z.string(),
});

export const arbiterQueueResponseSchema = z.object({
  roundNumber: z.number().int().nullable(),
  /** Results of completed rounds corrected after the next round was paired, newest first (check its pairings). */
  lateCorrections: z.array(
    z.object({
      roundNumber: z.number().int(),
      board: z.number().int(),
      description: z.string(),
      at: z.string(),
    }),
  ),
  reportingOn: z.boolean(),
  counts: z.object({ boards: z.number().int(), withResult: z.number().int(), reported: z.number().int() }),
  rows: z.array(
    z.object({
      matchId: z.uuid(),
      board: z.number().int(),
      version: z.number().int(),
      reason: z.enum(['disputed', 'one-sided', 'no-report']),
      white: boardPlayerSchema,
      black: boardPlayerSchema,
      claims: z.array(claimViewSchema),
    }),
  ),
});
export type ArbiterQueueResponse = z.infer<typeof arbiterQueueResponseSchema>;

/**
 * The arbiter's "validate from paper" mode (ADR 040): every board of the round being played, with what the
 * players reported, so the score sheets can be keyed in board order and any difference flagged.
 */
export const paperBoardSchema = z.object({
  matchId: z.uuid(),
  board: z.number().int(),
  version: z.number().int(),
  white: boardPlayerSchema,
  black: boardPlayerSchema,
  result: z.enum(MATCH_RESULTS).nullable(),
  /** Each side's latest report, if any. */
  reported: z.object({ white: reportedResultSchema.nullable(), black: reportedResultSchema.nullable() }),
  /** The result set differs from what a side reported. */
  differs: z.boolean(),
});
export type PaperBoard = z.infer<typeof paperBoardSchema>;

export const paperBoardsResponseSchema = z.object({
  roundNumber: z.number().int().nullable(),
  boards: z.array(paperBoardSchema),
});
export type PaperBoardsResponse = z.infer<typeof paperBoardsResponseSchema>;

export const paperResultBodySchema = z
  .object({
    result: z.enum(MATCH_RESULTS, { error: 'Choose the result on the score sheet' }),
    /** The version of the board the arbiter read. */
    expectedVersion: z.number().int().min(1),
  })
  .strict();
export type PaperResultBody = z.infer<typeof paperResultBodySchema>;

export const paperResultResponseSchema = z.object({
  outcome: z.enum(['updated', 'unchanged']),
  message: z.string(),
  board: paperBoardSchema,
});
export type PaperResultResponse = z.infer<typeof paperResultResponseSchema>;
