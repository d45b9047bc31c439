/**
 * npm run bench:logs — the system logs page (issue 14): 10,000 log rows (staff actions and security events, as a
 * tournament season leaves them), each request timed through the real app and database: the first page, pages
 * further on by cursor, each filter alone and combined, and the CSV export of everything. PGlite in a temporary
 * folder by default; DATABASE_URL=postgres://… to measure a PostgreSQL server (its tables are used as they are).
 * Target: under 300 ms per page or filter request. Options: --rows <n> (default 10000), --runs <n> (default 7).
 */
import { securityAuditLog } from '../src/server/db/schema/accounts';
import { systemLogs } from '../src/server/db/schema/settings';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';
import { startBenchApp } from './lib/bench-app';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const rows = option('rows', 10_000);
const runs = option('runs', 7);
const base = 'http://127.0.0.1:3000';
const TARGET_MS = 300;

const { app, database, close } = await startBenchApp({
  base,
  scale: 'demo',
  usePostgres: Boolean(process.env.DATABASE_URL),
});

try {
  // A season's worth: four staff actions to one security event, spread over 300 days.
  const now = Date.now();
  const actions = [
    'update_match_result',
    'generate_pairings',
    'add_player',
    'registration_created',
    'update_setting',
  ];
  const areas = ['match_results', 'round_management', 'player_management', 'registration', 'site_settings'];
  const staff = Math.round(rows * 0.8);
  for (let start = 0; start < staff; start += 1_000) {
    await database.db.insert(systemLogs).values(
      Array.from({ length: Math.min(1_000, staff - start) }, (_, offset) => {
        const index = start + offset;
        return {
          eventType: areas[index % areas.length] ?? 'system',
          actionType: actions[index % actions.length] ?? 'update_setting',
          description: `Board ${index % 60} of round ${1 + (index % 7)}: result entered by the arbiter`,
          metadata: { board: index % 60, round: 1 + (index % 7), before: null, after: '1-0' },
          createdAt: new Date(now - index * ((300 * 86_400_000) / rows)),
        };
      }),
    );
  }
  await database.db.insert(securityAuditLog).values(
    Array.from({ length: rows - staff }, (_, index) => ({
      eventType: index % 3 === 0 ? 'sign_in_failed' : 'sign_in_succeeded',
      severity: index % 3 === 0 ? ('warning' as const) : ('info' as const),
      details: { email: `teacher${index % 90}@school.example` },
      ipAddress: `192.0.2.${index % 250}`,
      createdAt: new Date(now - index * ((300 * 86_400_000) / (rows - staff))),
    })),
  );

  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: base },
    payload: { email: 'superadmin@demo.test', password: DEMO_PASSWORD },
  });
  const cookie = String(signIn.headers['set-cookie'] ?? '')
    .split(/,(?=\s*[\w-]+=)/)
    .map((part) => part.split(';')[0])
    .join('; ');
  const get = async (url: string) => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return { ms, body: response.body };
  };

  // Cursors of page 2 and of the last page, to time reading further on.
  const cursors: string[] = [];
  for (let cursor: string | null = null; ; ) {
    const page = JSON.parse(
      (await get(`/api/admin/system-logs${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).body,
    );
    if (!page.nextCursor) break;
    cursor = page.nextCursor as string;
    cursors.push(cursor);
  }
  const since = encodeURIComponent(new Date(now - 30 * 86_400_000).toISOString());
  const cases: [string, string][] = [
    ['first page (500 rows)', '/api/admin/system-logs'],
    ['page 2 by cursor', `/api/admin/system-logs?cursor=${encodeURIComponent(cursors[0] ?? '')}`],
    [
      `page ${cursors.length + 1} (the last) by cursor`,
      `/api/admin/system-logs?cursor=${encodeURIComponent(cursors.at(-1) ?? '')}`,
    ],
    ['security events only', '/api/admin/system-logs?source=security'],
    ['one area and action', '/api/admin/system-logs?area=match_results&action=update_match_result'],
    ['severity warning', '/api/admin/system-logs?severity=warning'],
    ['a user by name', '/api/admin/system-logs?user=Demo%20Superadmin'],
    ['the last 30 days', `/api/admin/system-logs?from=${since}`],
    ['free text in descriptions and details', '/api/admin/system-logs?q=teacher42%40school'],
    ['free text matching nothing', '/api/admin/system-logs?q=no-such-words-anywhere'],
    [
      'all filters at once',
      `/api/admin/system-logs?source=system&area=match_results&from=${since}&q=board%2010`,
    ],
    [`CSV export of all ${rows.toLocaleString('en-IE')} rows`, '/api/admin/system-logs/export?format=csv'],
  ];

  console.log(
    `${rows.toLocaleString('en-IE')} log rows on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${runs} runs each\n`,
  );
  console.log('| request | rows | median | slowest |');
  console.log('|---|---:|---:|---:|');
  const misses: string[] = [];
  for (const [label, url] of cases) {
    await get(url); // warm-up
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < runs; run++) {
      const { ms, body } = await get(url);
      times.push(ms);
      count = url.includes('/export') ? body.trim().split('\r\n').length - 1 : JSON.parse(body).rows.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const slowest = times.at(-1) ?? 0;
    console.log(`| ${label} | ${count} | ${median.toFixed(0)} ms | ${slowest.toFixed(0)} ms |`);
    if (!url.includes('/export') && slowest >= TARGET_MS) misses.push(label);
  }
  console.log(
    misses.length === 0
      ? `\ntarget met: every page and filter request under ${TARGET_MS} ms`
      : `\ntarget missed by: ${misses.join(', ')}`,
  );
} finally {
  await close();
}
