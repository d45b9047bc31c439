import { z } from 'zod';
import { DEVICE_CLASSES } from '../domain/visitor-analytics';
import { isoDateTime } from './common';

/**
 * Visits (only with cookie consent) and the consent-free page-view count (ADR 034), and the superadmin's
 * analytics page (`/admin/analytics`).
 */

/** The optional external geolocation service: a URL with `{ip}`, or '' (off, the default: offline only). */
export const GEOLOCATION_URL_SETTING_KEY = 'visitor_geolocation_url';
export const geolocationUrlSchema = z
  .union([
    z.literal(''),
    z
      .url({ protocol: /^https$/, error: 'Enter an https address containing {ip}, or leave it empty' })
      .max(300)
      .refine((url) => url.includes('{ip}') || url.includes('%7Bip%7D'), 'The address must contain {ip}'),
  ])
  .default('');
export function readGeolocationUrl(stored: unknown): string {
  const parsed = geolocationUrlSchema.safeParse(stored);
  return parsed.success ? parsed.data : '';
}

/**
 * The host the privacy page names as the service visitors' addresses are sent to, or null when the offline database
 * is used. Only the host: the rest of the address may hold the service's key.
 */
export function geolocationServiceHost(url: string): string | null {
  if (url === '') return null;
  try {
    return new URL(url.replaceAll('{ip}', '0.0.0.0')).host;
  } catch {
    return null;
  }
}

/** The key a browser tab keeps its visit session in (sessionStorage, written only after consent). */
export const VISIT_SESSION_STORAGE_KEY = 'visit-session';

/** POST /api/visits: sent by the browser 1 s after a page loads, only when the visitor accepted cookies. */
export const visitBodySchema = z
  .object({
    /** The page's path (the query string is dropped by the server too). */
    path: z.string().min(1).max(500),
    /** document.referrer; only its host is kept. */
    referrer: z.string().max(2000).nullish(),
    /** A random id this tab keeps in sessionStorage for its 10-minute cool-down. */
    sessionId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid session id'),
  })
  .strict();
export type VisitBody = z.infer<typeof visitBodySchema>;

export const visitResponseSchema = z.object({
  /** False when this session already has a visit in the last 10 minutes. */
  recorded: z.boolean(),
});

// --- The analytics page (GET /api/admin/analytics) ---

export const ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load the visitor analytics',
  geolocationSaved: (url: string) =>
    url
      ? 'Saved: visits are now located by the external service'
      : 'Saved: visits are located by the offline database on this server',
  geolocationSaveFailed: 'Failed to save the geolocation service',
  geolocationLoadFailed: 'Failed to load the geolocation service',
  /** A save whose host is, by its spelling, an address inside a network (ADR 038). */
  geolocationInternalAddress: (host: string, reason: string) =>
    `The geolocation service must be on the public internet: ${host} is an internal address (${reason})`,
  /** Saving the service needs the settings password (ADR 007); the form asks for it. */
  geolocationNeedsPassword: 'Enter the settings password to save the geolocation service',
  /** POST /api/visits over the per-address limit (ADR 034). */
  tooManyVisits: 'Too many visits from this address; try again later',
} as const;

/** GET and PUT /api/admin/analytics/geolocation: the external service's address, '' for the offline database. */
export const geolocationServiceSchema = z.object({ url: geolocationUrlSchema });
export type GeolocationService = z.infer<typeof geolocationServiceSchema>;

export const analyticsQuerySchema = z.object({
  /** How many days back, today included (1–366; 30 by default). */
  days: z.coerce.number().int().min(1).max(366).default(30),
});

const count = z.number().int().nonnegative();

export const analyticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Consented visit records and consent-free page views per day. */
  byDay: z.array(z.object({ day: z.string(), visits: count, logins: count, pageViews: count })),
  /** Page views (consent-free) and visits (consented) by path. */
  byPage: z.array(z.object({ path: z.string(), pageViews: count, visits: count })),
  /** Page views and visits by country code ('' unknown). */
  byCountry: z.array(z.object({ country: z.string(), pageViews: count, visits: count })),
  /** Visits by city (consented records only: the page-view count keeps no city). */
  byCity: z.array(z.object({ country: z.string(), city: z.string(), visits: count })),
  /** Visit records by connection type: anonymous visits, signed-in visitors. */
  byConnection: z.array(z.object({ type: z.enum(['visit', 'login']), visits: count })),
  byDevice: z.array(z.object({ device: z.enum(DEVICE_CLASSES), pageViews: count })),
  byReferrer: z.array(z.object({ domain: z.string(), pageViews: count })),
  /** Visits per minute of the busiest day in the range (the tournament day, usually), its busiest minutes first. */
  peakMinutes: z.object({
    day: z.string().nullable(),
    minutes: z.array(z.object({ minute: z.string(), visits: count })),
  }),
  /** The latest visit records (newest first, at most 50). */
  recent: z.array(
    z.object({
      at: isoDateTime,
      type: z.enum(['visit', 'login']),
      page: z.string().nullable(),
      country: z.string().nullable(),
      city: z.string().nullable(),
      userName: z.string().nullable(),
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
