import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A school: the identity the pairing rule "players from the same school do not meet" compares, and what the
 * CRM, check-in and messaging hang on (docs/decisions/012-school-identity.md). One row per school across
 * tournaments; names that differ only in case or spacing are the same school.
 */
export const schools = pgTable(
  'schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Optional short form used to tell same-named teams apart, e.g. "GCM" → "Gaelcholáiste Mhuire A (GCM)". */
    shortName: text('short_name'),
    /** The teacher in charge: the school's contact for the CRM. */
    teacherName: text('teacher_name'),
    teacherEmail: text('teacher_email'),
    teacherPhone: text('teacher_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "St Kevin's" and " st  kevin's " are one school (domain/schools.ts schoolNameKey is the same rule).
    uniqueIndex('schools_name_key').on(sql`lower(regexp_replace(btrim(${t.name}), '\\s+', ' ', 'g'))`),
  ],
);
