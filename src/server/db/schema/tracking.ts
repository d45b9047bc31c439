import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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

/**
 * The consent-free page-view count (ADR 034): one counter per day, path (no query string), referrer domain,
 * country and device class, incremented by the server on each HTML page request. Nothing identifies a visitor:
 * the IP is looked up and dropped, nothing is stored on the device.
 */
export const pageViewCounts = pgTable(
  'page_view_counts',
  {
    day: date('day').notNull(),
    path: text('path').notNull(),
    /** The referring site's host name, '' when none or the site itself. */
    referrerDomain: text('referrer_domain').notNull().default(''),
    /** ISO 3166-1 alpha-2 code, '' when unknown. */
    country: text('country').notNull().default(''),
    device: text('device', { enum: ['mobile', 'tablet', 'desktop', 'bot'] }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.path, t.referrerDomain, t.country, t.device] }),
    check('page_view_counts_device', sql`${t.device} in ('mobile', 'tablet', 'desktop', 'bot')`),
  ],
);
