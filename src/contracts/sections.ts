import { z } from 'zod';
import { SCHOOL_YEAR_VALUES } from '../domain/registration';

/**
 * Sections (issue 32, ADR 044): an event split into groups by school year, age on a cut-off day or rating band,
 * each paired, ranked and awarded on its own on the event's shared round clock. Staff set them at
 * `/admin/sections` (rule `manageSections`); the placement rule is `src/domain/sections.ts`.
 */
export const SECTION_MESSAGES = {
  saved: 'Sections saved',
  placed: 'Player placed',
  loadFailed: 'Failed to load the sections',
  saveFailed: 'Failed to save the sections',
  noTournament: 'No active tournament',
  fixed: 'The sections are fixed once round 1 is paired',
  playerNotFound: 'Player not found',
  sectionNotFound: 'Section not found',
  hasPlayed: 'The player has already played in their section',
  noSections: 'The event plays as one group: add sections to split it',
} as const;

export { type PublicSection, publicSectionSchema } from './tournament';

const bound = (max: number) => z.number().int().min(0).max(max).nullable();
export const sectionRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('school-years'), years: z.array(z.enum(SCHOOL_YEAR_VALUES)).max(6) }).strict(),
  z.object({ kind: z.literal('age'), min: bound(30), max: bound(30) }).strict(),
  z.object({ kind: z.literal('rating'), min: bound(4000), max: bound(4000), unrated: z.boolean() }).strict(),
]);
export type SectionRuleInput = z.infer<typeof sectionRuleSchema>;

/** A stored rule read tolerantly: one that no longer parses takes no one, so staff see its pupils unplaced. */
export function readSectionRule(stored: unknown): SectionRuleInput {
  const parsed = sectionRuleSchema.safeParse(stored);
  return parsed.success ? parsed.data : { kind: 'school-years', years: [] };
}

export const SECTION_RULE_LABELS: Record<SectionRuleInput['kind'], string> = {
  all: 'Everyone the other sections do not take',
  'school-years': 'School years',
  age: "Age on the event's first day",
  rating: 'Rating band',
};

export const sectionInputSchema = z
  .object({
    /** The stored section this edits; absent for a new one. */
    id: z.uuid().optional(),
    name: z.string().trim().min(1, 'Name the section').max(40),
    rule: sectionRuleSchema,
  })
  .strict();

/** PUT /api/admin/sections: the whole list, in order (empty: the event plays as one group). */
export const sectionsBodySchema = z.object({ sections: z.array(sectionInputSchema).max(12) }).strict();
export type SectionsBody = z.input<typeof sectionsBodySchema>;

/** PUT /api/admin/sections/players/:playerId: staff place a pupil by hand (null: back to the rule). */
export const placementBodySchema = z.object({ sectionId: z.uuid().nullable() }).strict();

export const adminSectionsResponseSchema = z.object({
  sections: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      rule: sectionRuleSchema,
      players: z.number().int(),
    }),
  ),
  /** The players, where each plays, and whether staff put them there. */
  players: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      team: z.string().nullable(),
      sectionId: z.string().nullable(),
      byHand: z.boolean(),
    }),
  ),
  /** What stops the sections from being paired, one sentence each (the domain's sectionProblems). */
  problems: z.array(z.string()),
  /** Once round 1 is paired the sections and who plays where are fixed. */
  fixed: z.boolean(),
});
export type AdminSectionsResponse = z.infer<typeof adminSectionsResponseSchema>;
