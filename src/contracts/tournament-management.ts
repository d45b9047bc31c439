import { z } from 'zod';
import { countOf } from '../domain/plural';
import { PUBLIC_NAME_DISPLAYS } from '../domain/public-names';
import {
  MAX_TIEBREAKS,
  TIEBREAK_KEYS,
  TIEBREAK_ORDER_LOCKED_MESSAGE,
  tiebreakOrderProblem,
} from '../domain/scoring/tiebreak-keys';
import { isoDate, isoDateTime } from './common';
import { richTextInput } from './rich-text';
import { tournamentSummarySchema } from './tournament';

/** docs/requirements.md §8 tournament messages, plus the refusals of this feature. */
export const TOURNAMENT_MESSAGES = {
  created: (name: string, rounds: number) =>
    `Tournament "${name}" created successfully with ${countOf(rounds, 'round')}`,
  updated: 'Tournament updated successfully',
  activated: 'Tournament activated successfully',
  archived: 'Tournament archived successfully',
  loginRequired: 'User must be logged in to create a tournament',
  notFound: 'Tournament not found',
  alreadyArchived: 'This tournament is already archived',
  templateCreated: (name: string) => `Tournament template "${name}" created`,
  templateNotFound: 'Tournament template not found',
  noActiveTournament: 'No active tournament',
  tiebreakOrderLocked: TIEBREAK_ORDER_LOCKED_MESSAGE,
  announcementCreated: 'Announcement published',
  announcementUpdated: 'Announcement updated',
  announcementDeleted: 'Announcement deleted',
  announcementNotFound: 'Announcement not found',
  failures: {
    create: 'Failed to create tournament',
    update: 'Failed to update tournament',
    activate: 'Failed to activate tournament',
    archive: 'Failed to archive tournament',
    fetch: 'Failed to fetch tournaments',
    loadTemplate: 'Failed to load tournament template',
    fetchTemplates: 'Failed to fetch tournament templates',
    createTemplate: 'Failed to create tournament template',
  },
} as const;

/** docs/requirements.md §9: five rounds unless a template says otherwise; the pairing engine is sized for up to 30. */
export const DEFAULT_TOTAL_ROUNDS = 5;
export const MAX_TOTAL_ROUNDS = 30;

const roundCount = z
  .number({ error: 'Enter the number of rounds' })
  .int('The number of rounds is a whole number')
  .min(1, 'A tournament has at least 1 round')
  .max(MAX_TOTAL_ROUNDS, `A tournament has at most ${MAX_TOTAL_ROUNDS} rounds`);

/** Optional text: trimmed, and an empty string means none. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const optionalDate = z
  .union([isoDate, z.literal('')])
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/**
 * The tie-break order (FIDE C.07 Art. 4.1: an ordered list; keys in domain/scoring/tiebreak-keys.ts). An
 * empty list is allowed: players level on points then share a place (C.07 Art. 2.1).
 */
export const tiebreakOrderSchema = z
  .array(z.enum(TIEBREAK_KEYS, { error: 'Choose tie-breaks from the list' }))
  .max(MAX_TIEBREAKS, `At most ${MAX_TIEBREAKS} tie-breaks`)
  .superRefine((order, context) => {
    const problem = tiebreakOrderProblem(order);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** How pupils' names show on public pages (ADR 036); default 'full'. */
export const publicNameDisplaySchema = z.enum(PUBLIC_NAME_DISPLAYS, {
  error: 'Choose how names are shown from the list',
});

/** Name, venue, description and dates (and the public name display): what creating and editing share. */
const tournamentDetails = {
  publicNameDisplay: publicNameDisplaySchema.optional(),
  name: z.string().trim().min(1, 'Enter the tournament name').max(200, 'The name is at most 200 characters'),
  venue: optionalText(200, 'The venue'),
  description: optionalText(2000, 'The description'),
  startDate: optionalDate,
  endDate: optionalDate,
};

function endNotBeforeStart(value: { startDate: string | null; endDate: string | null }): boolean {
  return !value.startDate || !value.endDate || value.endDate >= value.startDate;
}
const endDateRule = { message: 'The end date cannot be before the start date', path: ['endDate'] };

/** Create: the round count defaults to the template's default_rounds, else 5 (docs/requirements.md §5). */
export const createTournamentBodySchema = z
  .object({
    ...tournamentDetails,
    totalRounds: roundCount.optional(),
    templateId: z.uuid('Choose a template from the list').nullable().optional(),
    /** Default: DEFAULT_TIEBREAK_ORDER. */
    tiebreakOrder: tiebreakOrderSchema.optional(),
  })
  .strict()
  .refine(endNotBeforeStart, endDateRule);

/**
 * Edit: the round count is not here (round management adds and removes rounds). The tie-break order may be
 * sent until round 1 is paired (then a 409 with TOURNAMENT_MESSAGES.tiebreakOrderLocked, unless unchanged).
 */
export const updateTournamentBodySchema = z
  .object({ ...tournamentDetails, tiebreakOrder: tiebreakOrderSchema.optional() })
  .strict()
  .refine(endNotBeforeStart, endDateRule);

export const tournamentIdParamsSchema = z.object({ id: z.uuid('Tournament not found') });

export const adminTournamentSchema = z.object({
  id: z.string(),
  ...tournamentSummarySchema.omit({ rounds: true }).shape,
  active: z.boolean(),
  archivedAt: isoDateTime.nullable(),
  playerCount: z.number().int(),
  createdAt: isoDateTime,
  tiebreakOrder: z.array(z.enum(TIEBREAK_KEYS)),
  /** False once round 1 is paired: the order can no longer change. */
  tiebreakOrderEditable: z.boolean(),
  publicNameDisplay: publicNameDisplaySchema,
});
export type AdminTournament = z.infer<typeof adminTournamentSchema>;
export const tournamentsResponseSchema = z.object({ tournaments: z.array(adminTournamentSchema) });
export const createTournamentResponseSchema = z.object({
  message: z.string(),
  tournament: adminTournamentSchema,
});
export { messageResponseSchema } from './common';

export const tournamentTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  defaultRounds: z.number().int(),
  createdAt: isoDateTime,
});
export type TournamentTemplate = z.infer<typeof tournamentTemplateSchema>;
export const templatesResponseSchema = z.object({ templates: z.array(tournamentTemplateSchema) });
export const templateResponseSchema = z.object({ template: tournamentTemplateSchema });
export const createTemplateBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the template name').max(100, 'The name is at most 100 characters'),
    defaultRounds: roundCount,
  })
  .strict();
export const templateIdParamsSchema = z.object({ id: z.uuid(TOURNAMENT_MESSAGES.templateNotFound) });
export const createTemplateResponseSchema = z.object({
  message: z.string(),
  template: tournamentTemplateSchema,
});

/**
 * Announcements are rich text (ADR 021): HTML the server sanitises to the allow-list before storing, and
 * whose visible characters it counts against RICH_TEXT_LIMITS.announcement.
 */
const announcementContent = richTextInput('announcement');

export const adminAnnouncementSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  content: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
/** A tournament's announcements, newest first; the home page shows the latest five of the active one. */
export const announcementsQuerySchema = z.object({
  tournamentId: z.uuid(TOURNAMENT_MESSAGES.notFound).optional(),
});
export const adminAnnouncementsResponseSchema = z.object({
  tournamentId: z.string().nullable(),
  announcements: z.array(adminAnnouncementSchema),
});
export const createAnnouncementBodySchema = z
  .object({ content: announcementContent, tournamentId: z.uuid(TOURNAMENT_MESSAGES.notFound).optional() })
  .strict();
export const updateAnnouncementBodySchema = z.object({ content: announcementContent }).strict();
export const announcementIdParamsSchema = z.object({ id: z.uuid(TOURNAMENT_MESSAGES.announcementNotFound) });
export const announcementResponseSchema = z.object({
  message: z.string(),
  announcement: adminAnnouncementSchema,
});
