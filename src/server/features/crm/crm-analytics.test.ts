import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { crmBoardSchema, crmOverviewSchema } from '../../../contracts/crm';
import { crmActivityPageSchema, crmAnalyticsSchema } from '../../../contracts/crm-analytics';
import { CRM_TASK_STATES } from '../../../domain/crm';
import { parseCsv } from '../../../domain/csv';
import { user } from '../../db/schema/auth';
import { registrations } from '../../db/schema/registrations';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe.each(databaseTargets)('team-tasks analytics and activity log on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let superadmin: string;
  let adminId: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, { registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    adminId = (await db().select({ id: user.id }).from(user).where(eq(user.email, 'admin@demo.test')))[0]!.id;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => openRegistration(db()));

  const get = async (url: string, cookie = admin) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const call = (method: 'POST' | 'PATCH', url: string, payload: object, cookie = admin) =>
    t.app.inject({ method, url, headers: { origin: TEST_PUBLIC_URL, cookie }, payload });
  const analytics = async () => crmAnalyticsSchema.parse((await get('/api/crm/analytics')).json());
  const activity = async (query: string) =>
    crmActivityPageSchema.parse((await get(`/api/crm/activity${query}`, superadmin)).json());

  let schoolCount = 0;
  const newSchool = async (teams = 1) => {
    const n = ++schoolCount;
    const created = await register(t.app, {
      schoolName: `Analytics School ${n}`,
      registrantEmail: `analytics${n}@school.example`,
      teams: Array.from({ length: teams }, (_, index) => teamOf(`A${n} ${index + 1}`)),
    });
    const [row] = await db()
      .select({ id: registrations.schoolId })
      .from(registrations)
      .where(eq(registrations.id, created.registration.id));
    return { ...created, schoolId: row!.id! };
  };

  it('agrees with the overview and the board for the same data (two views, one fact)', async () => {
    const first = await newSchool(2);
    await newSchool(1);
    // The first school pays; one of its tasks is assigned, overdue and blocked; another is moved by hand.
    const started = await send(t.app, 'POST', '/api/payments/create-checkout', {
      registration_id: first.registration.id,
      team_count: 2,
      access_token: first.accessToken,
    });
    await send(t.app, 'POST', `/api/payments/offline/sessions/${started.json().sessionId}`, {
      outcome: 'succeed',
    });
    const board = crmBoardSchema.parse((await get('/api/crm/tasks')).json());
    const photo = board.tasks.find(
      (task) => task.schoolId === first.schoolId && task.kind === 'photo_permission',
    )!;
    expect(
      (
        await call('PATCH', `/api/crm/tasks/${photo.id}`, {
          version: photo.version,
          state: 'blocked',
          dueDate: '2025-01-01',
          assigneeId: adminId,
        })
      ).statusCode,
    ).toBe(200);

    const view = await analytics();
    const overview = crmOverviewSchema.parse((await get('/api/crm/overview')).json());
    const { tasks, today } = crmBoardSchema.parse((await get('/api/crm/tasks')).json());
    expect(view.today).toBe(today);
    // Readiness and money: the overview's numbers.
    expect(view.readiness).toEqual({
      ready: overview.schools.filter((school) => school.isReady).length,
      notReady: overview.schools.filter((school) => !school.isReady).length,
    });
    expect(view.money).toEqual({
      collectedCents: overview.schools.reduce((total, school) => total + school.paidCents, 0),
      outstandingCents: overview.schools.reduce((total, school) => total + school.owedCents, 0),
    });
    expect(view.money.collectedCents).toBeGreaterThan(0);
    // Overdue: the board's overdue tasks, by assignee; the overview's overdue counts add up to the same.
    const overdueTotal = view.overdueByAssignee.reduce((total, row) => total + row.overdue, 0);
    expect(overdueTotal).toBe(tasks.filter((task) => task.isOverdue).length);
    expect(overdueTotal).toBe(overview.schools.reduce((total, school) => total + school.overdue, 0));
    expect(view.overdueByAssignee.find((row) => row.assigneeId === adminId)?.overdue).toBe(1);
    // Per kind: the matrix's cells in each state.
    expect(view.byKind.filter((row) => row.kind !== null).map((row) => row.kind)).toEqual(
      overview.kinds.map((kind) => kind.kind),
    );
    for (const row of view.byKind.filter((entry) => entry.kind !== null)) {
      for (const state of CRM_TASK_STATES) {
        const cells = overview.schools.flatMap((school) => school.cells);
        expect(row.counts[state]).toBe(
          cells.filter((cell) => cell.kind === row.kind && cell.state === state).length,
        );
      }
    }
    // The flow's last day is today's board; the funnel starts with the registered schools.
    const lastDay = view.flow.at(-1)!;
    expect(lastDay.date).toBe(today);
    for (const state of CRM_TASK_STATES) {
      expect(lastDay.counts[state]).toBe(tasks.filter((task) => task.state === state).length);
    }
    expect(view.funnel[0]).toMatchObject({ step: 'registered', schools: overview.schools.length });
    expect(view.funnel[1]).toMatchObject({
      step: 'paid',
      schools: overview.schools.filter((school) => school.payment === 'paid').length,
    });
  });

  it('lists the activity newest first, filtered, paged by cursor without gaps or repeats, and as CSV', async () => {
    const school = await newSchool();
    const all = await activity(`?school=${school.schoolId}`);
    expect(all.rows.length).toBeGreaterThanOrEqual(9);
    expect(all.rows.every((row) => row.schoolId === school.schoolId)).toBe(true);
    expect(all.options.schools.map((option) => option.id)).toContain(school.schoolId);
    const times = all.rows.map((row) => `${row.at}|${String(row.id).padStart(10, '0')}`);
    expect([...times].sort().reverse()).toEqual(times);

    // Paging: three at a time gives the same rows in the same order.
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await activity(
        `?school=${school.schoolId}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.rows.length).toBeLessThanOrEqual(3);
      paged.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all.rows.map((row) => row.id));

    // Filters: kind, action, actor (an event or a person), date range.
    const feePaid = await activity(`?school=${school.schoolId}&kind=fee_paid`);
    expect(feePaid.rows.length).toBeGreaterThan(0);
    expect(feePaid.rows.every((row) => row.taskKind === 'fee_paid')).toBe(true);
    const created = await activity(`?school=${school.schoolId}&action=create&actor=event`);
    expect(created.rows.every((row) => row.action === 'create' && row.actorId === null)).toBe(true);
    const task = (await activity(`?school=${school.schoolId}&kind=medical_notes`)).rows[0]!;
    await call('PATCH', `/api/crm/tasks/${task.taskId}`, { version: 1, state: 'done' });
    const byAdmin = await activity(`?school=${school.schoolId}&actor=${adminId}`);
    expect(byAdmin.rows.map((row) => [row.action, row.from, row.to])).toEqual([
      ['state', 'not_started', 'done'],
    ]);
    const future = await activity(`?school=${school.schoolId}&from=2999-01-01T00:00:00.000Z`);
    expect(future.rows).toEqual([]);
    const past = await activity(`?school=${school.schoolId}&to=2000-01-01T00:00:00.000Z`);
    expect(past.rows).toEqual([]);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/crm/activity?cursor=nonsense',
      headers: { cookie: superadmin },
    });
    expect(bad.statusCode).toBe(400);

    const csv = await get(`/api/crm/activity/export?school=${school.schoolId}`, superadmin);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const records = parseCsv(csv.body);
    expect(records[0]!.fields).toEqual([
      'time',
      'school',
      'task',
      'task kind',
      'actor',
      'action',
      'from',
      'to',
      'reason',
    ]);
    expect(records).toHaveLength(all.rows.length + 2);
  });

  it('keeps the log to crm_admin: an admin with crm_access gets 403', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/crm/activity',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(403);
  });
});
