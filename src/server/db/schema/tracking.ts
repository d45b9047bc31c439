import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Visitor location records (docs/requirements.md §3); written only after cookie consent. */
export const visitorLocations = pgTable(
  'visitor_locations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id'),
    ipAddress: text('ip_address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    country: text('country'),
    city: text('city'),
    connectionType: text('connection_type', { enum: ['visit', 'login'] }).notNull(),
    userAgent: text('user_agent'),
    referrer: text('referrer'),
    sessionId: text('session_id'),
    userData: jsonb('user_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visitor_locations_created').on(t.createdAt),
    check('visitor_locations_connection_type', sql`${t.connectionType} in ('visit', 'login')`),
  ],
);
