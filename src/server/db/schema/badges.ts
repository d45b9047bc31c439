import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { players } from './tournaments';

/**
 * Badge tokens (docs/decisions/031-badge-tokens-and-kiosk.md): an opaque random token and a short typed code
 * per player or per school, printed as a QR code on the badge and written to NFC tags. A revoked token stays
 * (so a scan of it says "revoked", not "unknown"); at most one live token per player and per school.
 */
export const badgeTokens = pgTable(
  'badge_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'player' or 'school'. */
    kind: text('kind').notNull(),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    /** 128 random bits, base32 lower case (26 characters). */
    token: text('token').notNull(),
    /** 8 characters of Crockford's base32, upper case, without the hyphen it is printed with. */
    code: text('code').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('badge_tokens_token').on(t.token),
    uniqueIndex('badge_tokens_code').on(t.code),
    uniqueIndex('badge_tokens_live_player').on(t.playerId).where(sql`${t.revokedAt} is null`),
    uniqueIndex('badge_tokens_live_school').on(t.schoolId).where(sql`${t.revokedAt} is null`),
    index('badge_tokens_player').on(t.playerId),
    index('badge_tokens_school').on(t.schoolId),
    check(
      'badge_tokens_owner',
      sql`(${t.kind} = 'player' and ${t.playerId} is not null and ${t.schoolId} is null) or (${t.kind} = 'school' and ${t.schoolId} is not null and ${t.playerId} is null)`,
    ),
  ],
);
