import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import {
  DEFAULT_LOG_RETENTION_DAYS,
  SYSTEM_LOG_PAGE_SIZE,
  systemLogOptionsSchema,
  systemLogPageSchema,
} from '../../../contracts/system-logs';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { purgeOldLogs } from '../../core/system-logs/system-logs.service';
import { securityAuditLog } from '../../db/schema/accounts';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

const DAY_MS = 86_400_000;

describe.each(databaseTargets)('system logs on %s', (target) => {
  let t: TestApp;
  let superadmin: string;
  let admin: string;
  let player: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    const cookieOf = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).cookie;
    superadmin = await cookieOf('superadmin@demo.test');
    admin = await cookieOf('admin@demo.test');
    player = await cookieOf('player@demo.test');
    // 1,200 staff actions over the last days and 300 security events, some of them a year and more old.
    const now = Date.now();
    await t.database.db.insert(systemLogs).values(
      Array.from({ length: 1_200 }, (_, index) => ({
        eventType: index % 3 === 0 ? 'match_results' : 'round_management',
        actionType: index % 3 === 0 ? 'update_match_result' : 'generate_pairings',
        description: index === 7 ? 'Result of board 12 changed to 1-0 (Carlsen v Polgar)' : `Action ${index}`,
        metadata: { board: index % 40, round: 1 + (index % 5) },
        createdAt: new Date(now - index * 60_000),
      })),
    );
    await t.database.db.insert(securityAuditLog).values(
      Array.from({ length: 300 }, (_, index) => ({
        eventType: index % 2 === 0 ? 'sign_in_failed' : 'sign_in_succeeded',
        severity: index % 2 === 0 ? ('warning' as const) : ('info' as const),
        details: { email: `pupil${index}@school.example` },
        ipAddress: '192.0.2.10',
        createdAt: new Date(now - index * 3 * DAY_MS),
      })),
    );
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie = superadmin) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('reads both logs newest first, 500 a page, and pages on by cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(
        `/api/admin/system-logs${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = systemLogPageSchema.parse(response.json());
      expect(page.rows.length).toBeLessThanOrEqual(SYSTEM_LOG_PAGE_SIZE);
      seen.push(...page.rows.map((row) => row.id));
      const times = page.rows.map((row) => Date.parse(row.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    const total = await t.database.db.execute(
      sql`select (select count(*) from system_logs) + (select count(*) from security_audit_log) as n`,
    );
    const count = Number((total as unknown as { rows: { n: string }[] }).rows[0]?.n);
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    expect(pages).toBe(Math.ceil(count / SYSTEM_LOG_PAGE_SIZE));
  });

  it('filters by log, area, action, severity, user, dates and words', async () => {
    const read = async (query: string) =>
      systemLogPageSchema.parse((await get(`/api/admin/system-logs?${query}`)).json()).rows;
    const security = await read('source=security&severity=warning');
    expect(security.length).toBeGreaterThan(0);
    expect(security.every((row) => row.source === 'security' && row.severity === 'warning')).toBe(true);
    expect(security[0]?.description).toBe('Sign in failed');
    const results = await read('area=match_results&action=update_match_result&limit=50');
    expect(results).toHaveLength(50);
    expect(results.every((row) => row.action === 'update_match_result')).toBe(true);
    expect((await read('q=carlsen')).map((row) => row.description)).toEqual([
      'Result of board 12 changed to 1-0 (Carlsen v Polgar)',
    ]);
    // Words in the details count too (a security event stores its e-mail address there).
    expect((await read('q=pupil42%40school')).map((row) => row.metadata.email)).toEqual([
      'pupil42@school.example',
    ]);
    const from = new Date(Date.now() - 10 * 60_000).toISOString();
    const recent = await read(`source=system&from=${encodeURIComponent(from)}`);
    expect(recent.length).toBeGreaterThanOrEqual(10);
    expect(recent.length).toBeLessThanOrEqual(12);
    // A LIKE wildcard typed in the search is a character, not a wildcard.
    expect(await read('q=%25%25%25')).toEqual([]);
    const mine = await read('user=Demo%20Superadmin');
    expect(mine.every((row) => row.userName === 'Demo Superadmin')).toBe(true);
  });

  it('refuses a cursor it did not give and filters it does not know', async () => {
    expect((await get('/api/admin/system-logs?cursor=nonsense')).statusCode).toBe(400);
    expect((await get('/api/admin/system-logs?severity=loud')).statusCode).toBe(400);
    expect((await get('/api/admin/system-logs?limit=501')).statusCode).toBe(400);
    expect((await get('/api/admin/system-logs?drop=table')).statusCode).toBe(400);
    // A date that is not one is the caller's mistake (400), not the database's (500).
    expect((await get('/api/admin/system-logs?from=yesterday')).statusCode).toBe(400);
    expect((await get('/api/admin/system-logs/export?to=2026-13-45T99:00:00Z')).statusCode).toBe(400);
  });

  it('exports the filtered rows as CSV or JSON, and records that it did', async () => {
    const csv = await get('/api/admin/system-logs/export?format=csv&q=carlsen');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="system-logs-\d{4}-\d\d-\d\d\.csv"/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,log,area,action,severity,user id,user,address,description,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Carlsen v Polgar');
    const json = await get('/api/admin/system-logs/export?format=json&source=security&severity=warning');
    const rows = JSON.parse(json.body) as { severity: string }[];
    expect(rows.length).toBe(await countFailedSignIns());
    expect(rows.every((row) => row.severity === 'warning')).toBe(true);
    const exported = systemLogPageSchema.parse(
      (await get('/api/admin/system-logs?action=export_system_logs')).json(),
    );
    expect(exported.rows.length).toBe(2);
  });

  async function countFailedSignIns(): Promise<number> {
    const result = await t.database.db.execute(
      sql`select count(*) as n from security_audit_log where event_type = 'sign_in_failed' and severity = 'warning'`,
    );
    return Number((result as unknown as { rows: { n: string }[] }).rows[0]?.n);
  }

  it('lets admins read, only superadmins set the retention, and nobody else in', async () => {
    expect((await get('/api/admin/system-logs?limit=1', admin)).statusCode).toBe(200);
    expect((await get('/api/admin/system-logs?limit=1', player)).statusCode).toBe(403);
    const options = systemLogOptionsSchema.parse((await get('/api/admin/system-logs/options', admin)).json());
    expect(options.retentionDays).toBe(DEFAULT_LOG_RETENTION_DAYS);
    expect(options.areas).toContain('security');
    expect(options.actions).toContain('update_match_result');
    // Each action once: the filter's list has no duplicate (payment_amount_mismatch is in both logs).
    expect(options.actions.filter((action, index) => options.actions.indexOf(action) !== index)).toEqual([]);
    expect(options.actions).toContain('payment_amount_mismatch');
    const put = (cookie: string, days: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/system-logs/retention',
        headers: { cookie, origin: 'http://127.0.0.1:3000' },
        payload: { days },
      });
    expect((await put(admin, 365)).statusCode).toBe(403);
    expect((await put(superadmin, 10)).statusCode).toBe(400);
    expect((await put(superadmin, 365)).statusCode).toBe(200);
    expect(
      systemLogOptionsSchema.parse((await get('/api/admin/system-logs/options')).json()).retentionDays,
    ).toBe(365);
  });

  it('purges rows older than the retention from both logs, once, and records how many went', async () => {
    const audit = new Audit(createClock());
    const context = { db: t.database.db, audit };
    const first = await purgeOldLogs(context, new Date());
    // Retention 365 days (set above): security events every 3 days, so those past day 365 go.
    expect(first.system).toBe(0);
    expect(first.security).toBe(300 - Math.ceil(366 / 3));
    expect(await purgeOldLogs(context, new Date())).toEqual({ system: 0, security: 0 });
    const purged = systemLogPageSchema.parse((await get('/api/admin/system-logs?action=purge_logs')).json());
    expect(purged.rows).toHaveLength(1);
    expect(purged.rows[0]?.metadata).toMatchObject({ security: first.security, system: 0 });
  });
});
