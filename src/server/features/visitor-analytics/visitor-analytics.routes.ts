import { messageResponseSchema } from '../../../contracts/common';
import {
  ANALYTICS_MESSAGES,
  analyticsQuerySchema,
  analyticsResponseSchema,
  GEOLOCATION_URL_SETTING_KEY,
  geolocationServiceHost,
  geolocationServiceSchema,
  visitBodySchema,
  visitResponseSchema,
} from '../../../contracts/visitor-analytics';
import {
  deviceClass,
  isCountedPage,
  NEW_VISIT_SESSIONS_PER_ADDRESS,
  pagePath,
  referrerDomain,
  truncateIp,
  VISIT_COOLDOWN_MS,
  VISIT_SESSION_MEMORY_MS,
  VISITS_PER_ADDRESS,
} from '../../../domain/visitor-analytics';
import { readSettingValue, saveRegisteredSetting } from '../../core/settings/settings.service';
import { requireSettingsUnlock } from '../../core/settings-unlock';
import { routesFeature } from '../../feature-context';
import { literalHostRefusal } from '../../http/address-policy';
import { addressKey } from '../../http/client-address';
import { HttpError } from '../../http/errors';
import { RateCounter, type RateLimit } from '../../http/rate-counter';
import { apiErrors, auditContextOf } from '../../http/route-helpers';
import { type GeoLocation, lookupExternal, OfflineGeolocation } from './geolocation';
import { pageViewsOf } from './visitor-analytics.job';
import {
  insertVisitUnlessRecent,
  latestVisitOfSession,
  readAnalytics,
  sessionStartedAt,
  siteDay,
} from './visitor-analytics.repo';

/** One offline database per process, opened on the first lookup (ADR 034). */
const offline = new OfflineGeolocation();
const DAY_MS = 24 * 60 * 60 * 1000;
/** The shared counters' scopes (ADR 034): per address, and the one geolocation lookup per visit session. */
const SCOPES = {
  visits: 'visits.address',
  newSessions: 'visits.new-session',
  lookup: 'visits.geolocation',
} as const;
const ONE_LOOKUP_PER_SESSION: RateLimit = { limit: 1, windowMs: VISIT_SESSION_MEMORY_MS };

/**
 * Visitor analytics (ADR 034): `POST /api/visits` (public; the browser sends it only after the visitor
 * accepted cookies), the consent-free page-view count of every HTML page served, and `GET /api/admin/analytics`
 * for the superadmin's analytics page.
 */
export const visitorAnalyticsFeature = routesFeature('visitor-analytics', (typed, context) => {
  const { db, clock, logger, publicUrl, outbound } = context;
  const ownHost = new URL(publicUrl).host;
  const counter = new RateCounter(db, clock.millis);

  const locate = async (ip: string): Promise<GeoLocation | null> => {
    const external = await readSettingValue(db, GEOLOCATION_URL_SETTING_KEY);
    if (external) {
      // Checked again at every call (ADR 038): a name may resolve inside, a restored backup may hold anything.
      return lookupExternal(external, ip, outbound, (reason) =>
        logger.warn({ reason }, 'the geolocation service was not called: its address is internal'),
      );
    }
    try {
      return await offline.lookup(ip);
    } catch (error) {
      logger.warn({ err: error }, 'the offline geolocation database could not be read');
      return null;
    }
  };

  // The count needs no consent: nothing is stored on the device and nothing identifies the visitor. Flushed
  // every few seconds by its job (src/server/background-jobs.ts) and once more on close.
  const pageViews = pageViewsOf(context);
  typed.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' || request.path.startsWith('/api/') || request.path.startsWith('/__'))
      return;
    if (!isCountedPage(request.path)) return;
    if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return;
    // Only the offline database is asked here (never an external service for a mere count), and the address
    // is dropped once looked up.
    const place = await offline.lookup(request.ip).catch(() => null);
    pageViews.count({
      day: siteDay(clock.now()),
      path: pagePath(request.path),
      referrerDomain: referrerDomain(request.headers.referer, ownHost),
      country: place?.country ?? '',
      device: deviceClass(request.headers['user-agent']),
    });
  });
  typed.addHook('onClose', async () => pageViews.flush());

  typed.post(
    '/api/visits',
    {
      config: { access: 'public' },
      schema: {
        summary: `Records a visit (sent by the browser only after the visitor accepted cookies; once per 10 minutes per tab session; ${NEW_VISIT_SESSIONS_PER_ADDRESS.limit} new sessions and ${VISITS_PER_ADDRESS.limit} visits per address per hour)`,
        tags: ['visitor analytics'],
        body: visitBodySchema,
        response: { 200: visitResponseSchema, ...apiErrors(400, 429) },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const { sessionId } = request.body;
      const previous = await latestVisitOfSession(
        db,
        sessionId,
        new Date(now.getTime() - VISIT_SESSION_MEMORY_MS),
      );
      // Within the cool-down nothing is counted, looked up or stored (checked again under the lock below).
      if (previous && now.getTime() - previous.createdAt.getTime() < VISIT_COOLDOWN_MS)
        return { recorded: false };
      const address = addressKey(request.ip);
      const taken: string[] = [];
      const take = async (scope: string, limit: RateLimit) => {
        const reservation = await counter.reserve(scope, address, limit);
        if (reservation.ok) return void taken.push(scope);
        await Promise.all(taken.map((done) => counter.release(done, address)));
        reply.header('retry-after', String(reservation.retryAfterSeconds));
        throw new HttpError(429, ANALYTICS_MESSAGES.tooManyVisits);
      };
      await take(SCOPES.visits, VISITS_PER_ADDRESS);
      if (!previous) await take(SCOPES.newSessions, NEW_VISIT_SESSIONS_PER_ADDRESS);
      // One lookup per visit session: a returning session keeps its first place; of two first posts at the
      // same moment only one asks (the shared counter lets one through).
      const place = previous
        ? previous.place
        : (await counter.reserve(SCOPES.lookup, sessionId, ONE_LOOKUP_PER_SESSION)).ok
          ? await locate(request.ip)
          : null;
      const actor = await request.actor();
      const path = pagePath(request.body.path);
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
          sessionId,
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
      // A post that lost the race to another of its session's takes nothing from the address's allowance.
      if (!recorded) await Promise.all(taken.map((scope) => counter.release(scope, address)));
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
      await pageViews.flush();
      const now = clock.now();
      const from = siteDay(new Date(now.getTime() - (request.query.days - 1) * DAY_MS));
      return readAnalytics(db, from, siteDay(now));
    },
  );

  // The optional external service (ADR 034): off ('') by default, set and read back by the superadmin; a
  // change needs the settings password too (ADR 007) and an address on the public internet (ADR 038).
  const geolocationPath = '/api/admin/analytics/geolocation';
  const unlocked = requireSettingsUnlock(db, clock.now);
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
      return { url: await readSettingValue(db, GEOLOCATION_URL_SETTING_KEY) };
    },
  );
  typed.put(
    geolocationPath,
    {
      config: { access: 'superadminDashboard' },
      // Before the body is validated: a locked session learns nothing about what a value must look like.
      preValidation: unlocked,
      schema: {
        summary:
          "Sets the external geolocation service (an https address with {ip} on the public internet), or '' for the offline database; needs the settings password",
        tags: ['visitor analytics'],
        body: geolocationServiceSchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request) => {
      const { url } = request.body;
      // The spelling is judged here (an internal literal, `localhost`); a name is judged at every call.
      const target = url ? new URL(url) : null;
      const refusal = target && literalHostRefusal(target);
      if (target && refusal) {
        throw new HttpError(400, ANALYTICS_MESSAGES.geolocationInternalAddress(target.hostname, refusal));
      }
      await saveRegisteredSetting(context, await auditContextOf(request), GEOLOCATION_URL_SETTING_KEY, url, {
        action: 'update_geolocation_service',
        description: url ? `Visits located by ${geolocationServiceHost(url)}` : 'Visits located offline',
      });
      return { message: ANALYTICS_MESSAGES.geolocationSaved(url) };
    },
  );
});
