import { messageResponseSchema } from '../../../contracts/common';
import {
  ANALYTICS_MESSAGES,
  analyticsQuerySchema,
  analyticsResponseSchema,
  GEOLOCATION_URL_SETTING_KEY,
  geolocationServiceHost,
  geolocationServiceSchema,
  readGeolocationUrl,
  visitBodySchema,
  visitResponseSchema,
} from '../../../contracts/visitor-analytics';
import {
  deviceClass,
  pagePath,
  referrerDomain,
  truncateIp,
  VISIT_COOLDOWN_MS,
} from '../../../domain/visitor-analytics';
import { routesFeature } from '../../feature-context';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import { scheduleRepeatingJob } from '../../repeating-job';
import { readSetting } from '../settings/settings.repo';
import { saveRegisteredSetting } from '../settings/settings.service';
import { type GeoLocation, lookupExternal, OfflineGeolocation } from './geolocation';
import { PageViewCounter } from './page-view-counter';
import { insertVisitUnlessRecent, readAnalytics, sessionStartedAt, siteDay } from './visitor-analytics.repo';

/** One offline database per process, opened on the first lookup (ADR 034). */
const offline = new OfflineGeolocation();
const FLUSH_EVERY_MS = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Visitor analytics (ADR 034): `POST /api/visits` (public; the browser sends it only after the visitor
 * accepted cookies), the consent-free page-view count of every HTML page served, and `GET /api/admin/analytics`
 * for the superadmin's analytics page.
 */
export const visitorAnalyticsFeature = routesFeature('visitor-analytics', (typed, context) => {
  const { db, clock, logger, publicUrl } = context;
  const ownHost = new URL(publicUrl).host;

  const locate = async (ip: string): Promise<GeoLocation | null> => {
    const external = readGeolocationUrl(await readSetting(db, GEOLOCATION_URL_SETTING_KEY));
    if (external) return lookupExternal(external, ip);
    try {
      return await offline.lookup(ip);
    } catch (error) {
      logger.warn({ err: error }, 'the offline geolocation database could not be read');
      return null;
    }
  };

  // The count needs no consent: nothing is stored on the device and nothing identifies the visitor.
  const counter = new PageViewCounter(db, logger);
  typed.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/__')) return;
    if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return;
    // Only the offline database is asked here (never an external service for a mere count), and the address
    // is dropped once looked up.
    const place = await offline.lookup(request.ip).catch(() => null);
    counter.count({
      day: siteDay(clock.now()),
      path: pagePath(request.url),
      referrerDomain: referrerDomain(request.headers.referer, ownHost),
      country: place?.country ?? '',
      device: deviceClass(request.headers['user-agent']),
    });
  });
  scheduleRepeatingJob(typed, { firstAfterMs: FLUSH_EVERY_MS, everyMs: FLUSH_EVERY_MS }, () =>
    counter.flush(),
  );
  typed.addHook('onClose', async () => counter.flush());

  typed.post(
    '/api/visits',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Records a visit (sent by the browser only after the visitor accepted cookies; once per 10 minutes per tab session)',
        tags: ['visitor analytics'],
        body: visitBodySchema,
        response: { 200: visitResponseSchema, ...apiErrors(400) },
      },
    },
    async (request) => {
      const now = clock.now();
      const actor = await request.actor();
      const path = pagePath(request.body.path);
      const place = await locate(request.ip);
      const referrer = referrerDomain(request.body.referrer ?? undefined, ownHost);
      const recorded = await insertVisitUnlessRecent(
        db,
        {
          userId: actor?.userId ?? null,
          ipAddress: truncateIp(request.ip),
          latitude: place?.latitude ?? null,
          longitude: place?.longitude ?? null,
          country: place?.country ?? null,
          city: place?.city ?? null,
          connectionType: actor ? 'login' : 'visit',
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
          referrer: referrer || null,
          sessionId: request.body.sessionId,
          userData: actor
            ? {
                user_id: actor.userId,
                name: actor.name,
                role: actor.access.customRoleName ?? actor.access.role,
                login_time: (await sessionStartedAt(db, actor.sessionId))?.toISOString() ?? null,
                page: path,
              }
            : { visit_time: now.toISOString(), page: path, anonymous: true },
          createdAt: now,
        },
        new Date(now.getTime() - VISIT_COOLDOWN_MS),
      );
      return { recorded };
    },
  );

  typed.get(
    '/api/admin/analytics',
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary:
          'Visits (with consent) and page views (consent-free) by day, page, country, city, device, minute',
        tags: ['visitor analytics'],
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await counter.flush();
      const now = clock.now();
      const from = siteDay(new Date(now.getTime() - (request.query.days - 1) * DAY_MS));
      return readAnalytics(db, from, siteDay(now));
    },
  );

  // The optional external service (ADR 034): off ('') by default, set and read back by the superadmin.
  const geolocationPath = '/api/admin/analytics/geolocation';
  typed.get(
    geolocationPath,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary: "The external geolocation service's address ('' while visits are located offline)",
        tags: ['visitor analytics'],
        response: { 200: geolocationServiceSchema, ...apiErrors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { url: readGeolocationUrl(await readSetting(db, GEOLOCATION_URL_SETTING_KEY)) };
    },
  );
  typed.put(
    geolocationPath,
    {
      config: { access: 'superadminDashboard' },
      schema: {
        summary:
          "Sets the external geolocation service (an https address with {ip}), or '' for the offline database",
        tags: ['visitor analytics'],
        body: geolocationServiceSchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request) => {
      const { url } = request.body;
      await saveRegisteredSetting(context, await auditContextOf(request), GEOLOCATION_URL_SETTING_KEY, url, {
        action: 'update_geolocation_service',
        description: url ? `Visits located by ${geolocationServiceHost(url)}` : 'Visits located offline',
      });
      return { message: ANALYTICS_MESSAGES.geolocationSaved(url) };
    },
  );
});
