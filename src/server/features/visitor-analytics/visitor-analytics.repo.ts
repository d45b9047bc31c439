import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AnalyticsResponse } from '../../../contracts/visitor-analytics';
import { EVENT_TIME_ZONE, eventDayOf } from '../../../domain/event-day';
import type { DeviceClass } from '../../../domain/visitor-analytics';
import type { Db } from '../../db/client';
import { session } from '../../db/schema/auth';
import { pageViewCounts, visitorLocations } from '../../db/schema/tracking';

export type VisitRow = typeof visitorLocations.$inferInsert;

/** The site's days are Irish days (the tournament's time zone). */
/** `YYYY-MM-DD` of `at` in Irish time. */
export const siteDay = (at: Date) => eventDayOf(at);

/**
 * Stores a visit unless the same browser session already has one since `since` (the 10-minute cool-down,
 * checked here too: the browser's own check is a courtesy). A transaction-scoped advisory lock on the session
 * id makes two tabs' simultaneous posts count once.
 */
export async function insertVisitUnlessRecent(db: Db, row: VisitRow, since: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit:${row.sessionId ?? ''}`}))`);
    const [recent] = await tx
      .select({ id: visitorLocations.id })
      .from(visitorLocations)
      .where(and(eq(visitorLocations.sessionId, row.sessionId ?? ''), gte(visitorLocations.createdAt, since)))
      .limit(1);
    if (recent) return false;
    await tx.insert(visitorLocations).values(row);
    return true;
  });
}

/** The latest visit of a visit session since `since`, with the place it was given, or null. */
export async function latestVisitOfSession(
  db: Db,
  sessionId: string,
  since: Date,
): Promise<{ createdAt: Date; place: Pick<VisitRow, 'country' | 'city' | 'latitude' | 'longitude'> } | null> {
  const [row] = await db
    .select({
      createdAt: visitorLocations.createdAt,
      country: visitorLocations.country,
      city: visitorLocations.city,
      latitude: visitorLocations.latitude,
      longitude: visitorLocations.longitude,
    })
    .from(visitorLocations)
    .where(and(eq(visitorLocations.sessionId, sessionId), gte(visitorLocations.createdAt, since)))
    .orderBy(desc(visitorLocations.createdAt))
    .limit(1);
  if (!row) return null;
  const { createdAt, ...place } = row;
  return { createdAt, place };
}

/** When the sign-in session began (the visitor record's login time). */
export async function sessionStartedAt(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ at: session.createdAt }).from(session).where(eq(session.id, sessionId));
  return row?.at ?? null;
}

export interface PageViewKey {
  day: string;
  path: string;
  referrerDomain: string;
  country: string;
  device: DeviceClass;
}

/** Adds counted page views, one upsert per distinct key. */
export async function addPageViews(
  db: Db,
  counts: readonly (PageViewKey & { views: number })[],
): Promise<void> {
  for (const row of counts) {
    await db
      .insert(pageViewCounts)
      .values(row)
      .onConflictDoUpdate({
        target: [
          pageViewCounts.day,
          pageViewCounts.path,
          pageViewCounts.referrerDomain,
          pageViewCounts.country,
          pageViewCounts.device,
        ],
        set: { views: sql`${pageViewCounts.views} + ${row.views}` },
      });
  }
}

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}
const n = (value: unknown) => Number(value ?? 0);

/** Everything the analytics page shows for the Irish days `from`..`to` (inclusive). */
export async function readAnalytics(db: Db, from: string, to: string): Promise<AnalyticsResponse> {
  const visitDay = sql`(${visitorLocations.createdAt} at time zone ${EVENT_TIME_ZONE})::date`;
  const inVisits = sql`${visitDay} between ${from}::date and ${to}::date`;
  const inViews = sql`${pageViewCounts.day} between ${from}::date and ${to}::date`;
  const page = sql`coalesce(${visitorLocations.userData}->>'page', '')`;
  const [
    visitDays,
    viewDays,
    visitPages,
    viewPages,
    visitCountries,
    viewCountries,
    cities,
    types,
    devices,
    referrers,
  ] = await Promise.all([
    rows<{ day: string; visits: unknown; logins: unknown }>(
      db,
      sql`select ${visitDay}::text as day, count(*) filter (where ${visitorLocations.connectionType} = 'visit') as visits,
              count(*) filter (where ${visitorLocations.connectionType} = 'login') as logins
            from ${visitorLocations} where ${inVisits} group by 1`,
    ),
    rows<{ day: string; views: unknown }>(
      db,
      sql`select ${pageViewCounts.day}::text as day, sum(${pageViewCounts.views}) as views from ${pageViewCounts}
            where ${inViews} group by 1`,
    ),
    rows<{ path: string; visits: unknown }>(
      db,
      sql`select ${page} as path, count(*) as visits from ${visitorLocations} where ${inVisits} group by 1`,
    ),
    rows<{ path: string; views: unknown }>(
      db,
      sql`select ${pageViewCounts.path} as path, sum(${pageViewCounts.views}) as views from ${pageViewCounts}
            where ${inViews} group by 1`,
    ),
    rows<{ country: string; visits: unknown }>(
      db,
      sql`select coalesce(${visitorLocations.country}, '') as country, count(*) as visits from ${visitorLocations}
            where ${inVisits} group by 1`,
    ),
    rows<{ country: string; views: unknown }>(
      db,
      sql`select ${pageViewCounts.country} as country, sum(${pageViewCounts.views}) as views from ${pageViewCounts}
            where ${inViews} group by 1`,
    ),
    rows<{ country: string; city: string; visits: unknown }>(
      db,
      sql`select coalesce(${visitorLocations.country}, '') as country, coalesce(${visitorLocations.city}, '') as city,
              count(*) as visits from ${visitorLocations} where ${inVisits} group by 1, 2 order by 3 desc, 2 limit 50`,
    ),
    rows<{ type: 'visit' | 'login'; visits: unknown }>(
      db,
      sql`select ${visitorLocations.connectionType} as type, count(*) as visits from ${visitorLocations}
            where ${inVisits} group by 1`,
    ),
    rows<{ device: DeviceClass; views: unknown }>(
      db,
      sql`select ${pageViewCounts.device} as device, sum(${pageViewCounts.views}) as views from ${pageViewCounts}
            where ${inViews} group by 1 order by 2 desc`,
    ),
    rows<{ domain: string; views: unknown }>(
      db,
      sql`select ${pageViewCounts.referrerDomain} as domain, sum(${pageViewCounts.views}) as views
            from ${pageViewCounts} where ${inViews} and ${pageViewCounts.referrerDomain} <> '' group by 1
            order by 2 desc limit 20`,
    ),
  ]);
  const days = new Map<string, { day: string; visits: number; logins: number; pageViews: number }>();
  const dayOf = (day: string) => {
    let entry = days.get(day);
    if (!entry) {
      entry = { day, visits: 0, logins: 0, pageViews: 0 };
      days.set(day, entry);
    }
    return entry;
  };
  for (const row of visitDays)
    Object.assign(dayOf(row.day), { visits: n(row.visits), logins: n(row.logins) });
  for (const row of viewDays) dayOf(row.day).pageViews = n(row.views);
  const merge = <K extends string>(
    key: K,
    views: { [P in K]: string }[] & { views: unknown }[],
    visits: { [P in K]: string }[] & { visits: unknown }[],
  ) => {
    const out = new Map<string, { pageViews: number; visits: number }>();
    const of = (name: string) => out.get(name) ?? out.set(name, { pageViews: 0, visits: 0 }).get(name)!;
    for (const row of views as ({ [P in K]: string } & { views: unknown })[])
      of(row[key]).pageViews += n(row.views);
    for (const row of visits as ({ [P in K]: string } & { visits: unknown })[])
      of(row[key]).visits += n(row.visits);
    return [...out.entries()].sort((a, b) => b[1].pageViews + b[1].visits - (a[1].pageViews + a[1].visits));
  };
  const busiest = [...days.values()].sort((a, b) => b.visits + b.logins - (a.visits + a.logins))[0];
  const peakDay = busiest && busiest.visits + busiest.logins > 0 ? busiest.day : null;
  const minuteRows = peakDay
    ? await rows<{ minute: string; visits: unknown }>(
        db,
        sql`select to_char(${visitorLocations.createdAt} at time zone ${EVENT_TIME_ZONE}, 'HH24:MI') as minute,
              count(*) as visits from ${visitorLocations} where ${visitDay} = ${peakDay}::date
            group by 1 order by 2 desc, 1 limit 20`,
      )
    : [];
  const recent = await db
    .select()
    .from(visitorLocations)
    .where(sql`${inVisits}`)
    .orderBy(desc(visitorLocations.createdAt))
    .limit(50);
  return {
    from,
    to,
    byDay: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    byPage: merge('path', viewPages, visitPages).map(([path, counts]) => ({ path, ...counts })),
    byCountry: merge('country', viewCountries, visitCountries).map(([country, counts]) => ({
      country,
      ...counts,
    })),
    byCity: cities.map((row) => ({ country: row.country, city: row.city, visits: n(row.visits) })),
    byConnection: (['visit', 'login'] as const).map((type) => ({
      type,
      visits: n(types.find((row) => row.type === type)?.visits),
    })),
    byDevice: devices.map((row) => ({ device: row.device, pageViews: n(row.views) })),
    byReferrer: referrers.map((row) => ({ domain: row.domain, pageViews: n(row.views) })),
    peakMinutes: {
      day: peakDay,
      minutes: minuteRows.map((row) => ({ minute: row.minute, visits: n(row.visits) })),
    },
    recent: recent.map((row) => ({
      at: row.createdAt.toISOString(),
      type: row.connectionType,
      page: typeof row.userData.page === 'string' ? row.userData.page : null,
      country: row.country,
      city: row.city,
      userName: typeof row.userData.name === 'string' ? row.userData.name : null,
    })),
  };
}
