import { z } from 'zod';
import { isoDateTime } from './common';

/** What the badge admin page says (ADR 031). */
export const BADGE_MESSAGES = {
  issued: (count: number) =>
    count === 0
      ? 'Every player and school already has a badge'
      : `${count} ${count === 1 ? 'badge' : 'badges'} issued`,
  reissued: (name: string) => `New badge issued for ${name}; the old one no longer works`,
  revoked: (name: string) => `Badge of ${name} revoked`,
  notFound: 'No such player or school in the active tournament',
  noActiveTournament: 'No active tournament',
  nfcWritten: 'Badge written to the NFC tag',
  nfcFailed: 'Could not write the NFC tag. Hold the tag still against the back of the phone and try again.',
} as const;

export const badgeKindSchema = z.enum(['player', 'school']);
export type BadgeKind = z.infer<typeof badgeKindSchema>;

export const badgeSchema = z.object({
  /** The opaque token the QR code and NFC tag carry (in the kiosk URL's fragment). */
  token: z.string(),
  /** The short code for typing, stored form (printed as ABCD-EFGH). */
  code: z.string(),
  issuedAt: isoDateTime,
});
export type Badge = z.infer<typeof badgeSchema>;

export const badgeHolderSchema = z.object({
  kind: badgeKindSchema,
  /** The player's or school's id (for the admin's actions; never printed). */
  id: z.string(),
  name: z.string(),
  /** The player's team, or null for a school. */
  team: z.string().nullable(),
  schoolName: z.string().nullable(),
  /** The live badge, or null when none has been issued (or the last one was revoked). */
  badge: badgeSchema.nullable(),
  /** How many badges of this holder were revoked. */
  revokedCount: z.number().int(),
});
export type BadgeHolder = z.infer<typeof badgeHolderSchema>;

export const badgeListSchema = z.object({
  tournament: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Active players by name, then schools by name. */
  players: z.array(badgeHolderSchema),
  schools: z.array(badgeHolderSchema),
});
export type BadgeList = z.infer<typeof badgeListSchema>;

export const badgeHolderParamsSchema = z.object({ kind: badgeKindSchema, id: z.uuid('Invalid id') });

export const issueBadgesResponseSchema = z.object({ issued: z.number().int(), message: z.string() });
export const badgeActionResponseSchema = z.object({ holder: badgeHolderSchema, message: z.string() });
export type BadgeActionResponse = z.infer<typeof badgeActionResponseSchema>;
