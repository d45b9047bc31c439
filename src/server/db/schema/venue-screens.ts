import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The hall's screens (issue 31, docs/decisions/042-venue-screens.md): what each shows and the code its display
 * page is opened with. A display page only reads; these rows change only through the admin page.
 */
export const venueScreens = pgTable(
  'venue_screens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Screens switched together ("Hall", "Entrance"). */
    groupName: text('group_name').notNull().default('Hall'),
    /** The views it rotates through, in order (src/domain/venue-screens.ts SCREEN_VIEWS). */
    programme: text('programme').array().notNull(),
    allNames: boolean('all_names').notNull().default(false),
    theme: text('theme').notNull().default('dark'),
    pageSeconds: integer('page_seconds').notNull().default(12),
    /** The view the switch last put on it, or null while it follows its programme. */
    switchedTo: text('switched_to'),
    /** 12 characters of Crockford's base32 (stored form), or null when revoked. */
    code: text('code'),
    codeIssuedAt: timestamp('code_issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venue_screens_name').on(sql`lower(${t.name})`),
    uniqueIndex('venue_screens_code').on(t.code),
    check('venue_screens_theme', sql`${t.theme} in ('dark', 'light')`),
    check('venue_screens_programme', sql`cardinality(${t.programme}) >= 1`),
  ],
);
