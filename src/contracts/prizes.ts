import { z } from 'zod';
import {
  CASH_SHARING,
  type CashSharing,
  PRIZE_KINDS,
  PRIZE_PRIORITIES,
  type PrizeKind,
  type PrizePriority,
} from '../domain/prizes';
import { SCHOOL_YEAR_VALUES } from '../domain/registration';
import { isoDate } from './common';
import { publicSectionSchema } from './tournament';

/**
 * Prizes (issue 32, ADR 043): what staff set at `/admin/prizes` (rule `managePrizes`) and what the public prize
 * page `/prizes` shows. The rules are `src/domain/prizes.ts`.
 */
export { CASH_SHARING, type CashSharing, PRIZE_KINDS, PRIZE_PRIORITIES, type PrizeKind, type PrizePriority };

export const PRIZE_KIND_LABELS: Record<PrizeKind, string> = {
  cash: 'Cash',
  trophy: 'Trophy',
  medal: 'Medal',
  certificate: 'Certificate only',
};
export const CASH_SHARING_LABELS: Record<CashSharing, string> = {
  none: 'Not shared: ties go by the tie-breaks',
  equal: 'Shared equally among tied players (US Chess 32B)',
  hort: 'Hort system: half kept by place, half shared equally',
};
export const PRIZE_PRIORITY_LABELS: Record<PrizePriority, string> = {
  'place-first': 'Place first: at equal value, overall places before categories',
  'category-first': 'Category first: at equal value, categories before overall places',
};

export const PRIZE_MESSAGES = {
  loadFailed: 'Failed to load the prizes',
  saveFailed: 'Failed to save the prizes',
  saved: 'Prizes saved',
  embargoOn: 'Prizes hidden from the public until the ceremony',
  embargoOff: 'Prizes shown to the public',
  noTournament: 'No active tournament',
  embargoed: 'The prizes are announced at the ceremony.',
  noPrizes: 'No prizes have been announced for this tournament.',
  noEligible: 'No player can win this prize yet.',
  noCertificates: 'This prize has no winner yet: no certificate to print',
  provisional: 'Provisional: the prizes follow the results as they are confirmed.',
  final: 'Final: every round is complete.',
  tiedWithLast: 'Level on points with the last winner',
  valuesNeeded: 'give at least one prize, first place first (e.g. 100, 60, 40)',
  numbersOnly: 'write amounts, values and bounds as numbers (e.g. 100, 60, 40)',
} as const;

const MAX_AMOUNT = 10_000_000;
export const prizeSchema = z
  .object({ kind: z.enum(PRIZE_KINDS), value: z.number().int().min(0).max(MAX_AMOUNT) })
  .strict();

const bound = z.number().int().min(0).max(4000).nullable();
export const criterionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('overall') }).strict(),
  z.object({ kind: z.literal('rating'), min: bound, max: bound }).strict(),
  z.object({ kind: z.literal('unrated') }).strict(),
  /** Pupils the school or staff marked eligible for girls' prizes (players.girls_prize). */
  z.object({ kind: z.literal('girls') }).strict(),
  /** Age on the list's cut-off day, from the date of birth the registration gave. */
  z
    .object({
      kind: z.literal('age'),
      min: z.number().int().min(0).max(30).nullable(),
      max: z.number().int().min(0).max(30).nullable(),
    })
    .strict(),
  /** School year, as the registration gave it. */
  z.object({ kind: z.literal('class'), classes: z.array(z.enum(SCHOOL_YEAR_VALUES)).min(1).max(6) }).strict(),
  z.object({ kind: z.literal('school'), schoolId: z.uuid() }).strict(),
  z
    .object({
      kind: z.literal('custom'),
      name: z.string().trim().min(1).max(60),
      playerIds: z.array(z.uuid()).max(500),
    })
    .strict(),
]);
export type PrizeCriterion = z.infer<typeof criterionSchema>;

export const CRITERION_LABELS: Record<PrizeCriterion['kind'], string> = {
  overall: 'Everyone (overall)',
  rating: 'Rating band',
  unrated: 'Unrated players',
  girls: 'Girls',
  age: 'Age on the cut-off day',
  class: 'School year',
  school: 'Pupils of one school',
  custom: 'Named players (a criterion of your own)',
};

const id = z.string().trim().min(1).max(40);
export const prizeCategorySchema = z
  .object({
    id,
    name: z.string().trim().min(1, 'Name the category').max(60),
    criterion: criterionSchema,
    places: z.array(prizeSchema).min(1, 'Give the category at least one prize').max(30),
  })
  .strict();

export const prizeBracketSchema = z
  .object({
    id,
    name: z.string().trim().min(1, 'Name the bracket').max(60),
    priority: z.enum(PRIZE_PRIORITIES),
    sharing: z.enum(CASH_SHARING),
    categories: z.array(prizeCategorySchema).min(1, 'Add at least one category').max(20),
  })
  .strict();
export type PrizeBracketInput = z.infer<typeof prizeBracketSchema>;

/** PUT /api/admin/prizes: every bracket and the best-school places (null: no school prize). */
export const prizeConfigSchema = z
  .object({
    brackets: z.array(prizeBracketSchema).max(10),
    bestSchool: z
      .object({ name: z.string().trim().min(1).max(60), places: z.array(prizeSchema).min(1).max(30) })
      .strict()
      .nullable(),
    /** The day ages are counted on for age categories; null: the tournament's first day. */
    ageCutOff: isoDate.nullable().default(null),
  })
  .strict();
export type PrizeConfig = z.infer<typeof prizeConfigSchema>;
export type PrizeConfigInput = z.input<typeof prizeConfigSchema>;
export const EMPTY_PRIZE_CONFIG: PrizeConfig = { brackets: [], bestSchool: null, ageCutOff: null };

/** Whether the prizes need pupils' dates of birth or school years (age or school-year categories). */
export function needsPupilDetails(config: PrizeConfig): boolean {
  return config.brackets.some((bracket) =>
    bracket.categories.some(
      (category) => category.criterion.kind === 'age' || category.criterion.kind === 'class',
    ),
  );
}

/** The stored record read tolerantly: anything that no longer parses counts as no prizes. */
export function readPrizeConfig(stored: unknown): PrizeConfig {
  const parsed = prizeConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : EMPTY_PRIZE_CONFIG;
}

/** `?section=`: whose prizes to read or replace in an event with sections (the first section when absent). */
export const prizeOwnerQuerySchema = z.object({ section: z.uuid().optional() }).strict();

export const prizeEmbargoSchema = z.object({ embargoed: z.boolean() }).strict();

const awardSchema = z.object({
  place: z.number().int(),
  /** A pupil's public name or a school team's name. */
  name: z.string(),
  team: z.string().nullable(),
  prize: prizeSchema,
  /** What is received: a cash share, or the prize's value. */
  amount: z.number().int(),
  sharedWith: z.array(z.string()),
  explanation: z.string(),
});
export type PrizeAwardView = z.infer<typeof awardSchema>;

export const prizeCategoryViewSchema = z.object({
  /** The category's key (`categoryKey`): staff download its winners' certificates by it. */
  key: z.string(),
  name: z.string(),
  awards: z.array(awardSchema),
  tiedWithLast: z.array(z.string()),
  hasNoEligible: z.boolean(),
});

const prizeListsSchema = z.object({
  brackets: z.array(
    z.object({
      name: z.string(),
      sharing: z.enum(CASH_SHARING),
      priority: z.enum(PRIZE_PRIORITIES),
      categories: z.array(prizeCategoryViewSchema.extend({ places: z.array(prizeSchema) })),
    }),
  ),
  bestSchool: prizeCategoryViewSchema.extend({ places: z.array(prizeSchema) }).nullable(),
});

/** GET /api/public/prizes and the list on the admin page. */
export const prizesViewSchema = prizeListsSchema.extend({
  /** While embargoed the public gets the prizes offered but no winners. */
  embargoed: z.boolean(),
  /** Every round complete: the list no longer changes. */
  isFinal: z.boolean(),
  /** An event with sections (ADR 044): each section's lists, the event's own left empty. */
  sections: z.array(prizeListsSchema.extend(publicSectionSchema.shape)).optional(),
});
export type PrizesView = z.infer<typeof prizesViewSchema>;

export const adminPrizesResponseSchema = z.object({
  config: prizeConfigSchema,
  embargoed: z.boolean(),
  view: prizesViewSchema,
  /** The schools of the tournament, for the school criterion. */
  schools: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The event's sections (ADR 044): each has its own prizes; empty for an event that plays as one group. */
  sections: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The section whose prizes `config` is, or null for the event's. */
  section: z.string().nullable(),
  /** The players who can be named in a criterion of staff's own (the section's, in an event with sections). */
  players: z.array(z.object({ id: z.string(), name: z.string(), team: z.string().nullable() })),
});
export type AdminPrizesResponse = z.infer<typeof adminPrizesResponseSchema>;

/** GET /api/admin/prizes/certificates: one PDF page per winner, per participant, or both (winners first). */
export const CERTIFICATE_SCOPES = ['winners', 'participants', 'all'] as const;
export const certificateQuerySchema = z
  .object({
    scope: z.enum(CERTIFICATE_SCOPES).default('all'),
    /** One category's winners only (its `categoryKey`): the certificates of one prize, in one click. */
    category: z.string().max(200).optional(),
  })
  .strict();

/**
 * A category's key across the event: its section's short name (empty without sections), its list and its own id;
 * the best-school prize is `best-school` in its list's place.
 */
export const categoryKey = (section: string | null, bracketId: string, categoryId?: string) =>
  [section ?? '', bracketId, ...(categoryId === undefined ? [] : [categoryId])].join('/');
export const BEST_SCHOOL_KEY = 'best-school';
export type CertificateScope = (typeof CERTIFICATE_SCOPES)[number];
export const CERTIFICATE_SCOPE_LABELS: Record<CertificateScope, string> = {
  winners: 'Winners’ certificates',
  participants: 'Participation certificates',
  all: 'Every certificate',
};
