import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADULT,
  MINOR_WITH_CONSENT,
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import { SseClient } from '../../../../tests/support/server/sse-client';
import {
  buildTestApp,
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_AUTH_SECRET,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import {
  CRM_MESSAGES,
  type CrmCard,
  crmBoardSchema,
  crmBulkResultSchema,
  crmOverviewSchema,
  crmSchoolSchema,
  crmStaleSchema,
  crmTaskDetailSchema,
  crmTaskSchema,
} from '../../../contracts/crm';
import { SETTING_KEYS } from '../../../contracts/settings';
import type { CrmTaskKind } from '../../../domain/crm';
import { RegistrationKeys } from '../../core/registrations/registration-security';
import { saveSetting } from '../../core/settings/settings.repo';
import { user } from '../../db/schema/auth';
import { crmActivity, crmTasks } from '../../db/schema/crm';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { players } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

describe.each(databaseTargets)('team tasks (CRM) on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let superadmin: string;
  let player: string;
  let playerId: string;
  let adminId: string;
  const db = () => t.database.db;
  const keys = new RegistrationKeys(TEST_AUTH_SECRET);

  beforeAll(async () => {
    t = await startTestApp(target, { registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
    const idOf = async (email: string) =>
      (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    playerId = await idOf('player@demo.test');
    adminId = await idOf('admin@demo.test');
  });
  afterAll(async () => t?.close());
  beforeEach(async () => openRegistration(db()));

  const get = async (url: string, cookie = admin) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const call = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, cookie = admin) =>
    t.app.inject({ method, url, headers: { origin: TEST_PUBLIC_URL, cookie }, payload });
  const board = async () => crmBoardSchema.parse(await get('/api/crm/tasks'));
  const schoolIdOf = async (registrationId: string) =>
    (
      await db()
        .select({ id: registrations.schoolId })
        .from(registrations)
        .where(eq(registrations.id, registrationId))
    )[0]!.id;
  const tasksOf = async (schoolId: string) =>
    (await board()).tasks.filter((task) => task.schoolId === schoolId);
  const taskOf = async (schoolId: string, kind: CrmTaskKind) =>
    (await tasksOf(schoolId)).find((task) => task.kind === kind)!;
  const activityOf = (taskId: number) =>
    db().select().from(crmActivity).where(eq(crmActivity.taskId, taskId)).orderBy(crmActivity.id);
  /** The state stored, without a read through the API (which would sync first). */
  const storedState = async (schoolId: string, kind: CrmTaskKind) =>
    (
      await db()
        .select({ state: crmTasks.state })
        .from(crmTasks)
        .where(and(eq(crmTasks.schoolId, schoolId), eq(crmTasks.kind, kind)))
    )[0]?.state;

  let schoolCount = 0;
  /** A new school registers with these teams (by default one team of four adults). */
  const newSchool = async (teams?: (n: number) => ReturnType<typeof teamOf>[]) => {
    const n = ++schoolCount;
    const created = await register(t.app, {
      schoolName: `Test School ${n}`,
      registrantEmail: `teacher${n}@school.example`,
      teams: teams ? teams(n) : [teamOf(`S${n} A`)],
    });
    return { ...created, n, schoolId: await schoolIdOf(created.registration.id) };
  };

  it('gives a school that registers its tasks, due before the event day, some ticked at once', async () => {
    const { schoolId, n } = await newSchool();
    const tasks = await tasksOf(schoolId);
    expect(tasks.map((task) => task.kind).sort()).toEqual(
      [
        'arrived',
        'collected',
        'fee_paid',
        'guardian_consent',
        'medical_notes',
        'photo_permission',
        'roster_locked',
        'rosters_complete',
        'teacher_named',
      ].sort(),
    );
    const byKind = Object.fromEntries(tasks.map((task) => [task.kind, task]));
    // The demo tournament is on 2025-11-22 (tests/support/server/test-app.ts SEED_TIME).
    expect(byKind.fee_paid).toMatchObject({ dueDate: '2025-11-08', state: 'not_started', isAuto: true });
    expect(byKind.teacher_named).toMatchObject({ dueDate: '2025-11-01', state: 'done' });
    expect(byKind.arrived).toMatchObject({ dueDate: '2025-11-22', state: 'not_started' });
    expect(byKind.rosters_complete?.state).toBe('done');
    expect(byKind.guardian_consent?.state).toBe('done');
    expect(byKind.roster_locked).toMatchObject({ state: 'not_started', autoReason: null });
    expect(byKind.photo_permission).toMatchObject({ isAuto: false, state: 'not_started' });
    expect(byKind.fee_paid?.teams).toEqual([`S${n} A`]);
    const created = await activityOf(byKind.teacher_named!.id);
    expect(created.map((row) => [row.action, row.fromValue, row.toValue, row.actorId])).toEqual([
      ['create', null, 'Teacher in charge named', null],
      ['auto_move', 'not_started', 'done', null],
    ]);
  });

  it('ticks "fee paid" on a verified payment, by itself, and a cancellation reopens it saying why', async () => {
    const { registration, accessToken, schoolId } = await newSchool();
    const feePaid = await taskOf(schoolId, 'fee_paid');
    const started = await send(t.app, 'POST', '/api/payments/create-checkout', {
      registration_id: registration.id,
      team_count: 1,
      access_token: accessToken,
    });
    expect(started.statusCode).toBe(200);
    await send(t.app, 'POST', `/api/payments/offline/sessions/${started.json().sessionId}`, {
      outcome: 'succeed',
    });
    // No CRM read in between: the change feed drives the sync.
    await eventually(async () => ((await storedState(schoolId, 'fee_paid')) === 'done' ? true : undefined));
    expect(await taskOf(schoolId, 'fee_paid')).toMatchObject({
      state: 'done',
      autoReason: 'Every registration is paid',
      version: feePaid.version + 1,
    });

    const cancelled = await call(
      'POST',
      `/api/admin/registrations/${registration.id}/cancel`,
      { reason: 'The school withdrew; refunded by bank transfer', confirmPaid: true },
      superadmin,
    );
    expect(cancelled.statusCode).toBe(200);
    const reopened = await taskOf(schoolId, 'fee_paid');
    expect(reopened).toMatchObject({ state: 'not_started', autoReason: 'No registration' });
    const moves = (await activityOf(feePaid.id)).filter((row) => row.action === 'auto_move');
    expect(moves.map((row) => [row.fromValue, row.toValue, row.reason, row.actorId])).toEqual([
      ['not_started', 'done', 'Every registration is paid', null],
      ['done', 'not_started', 'No registration', null],
    ]);
  });

  it('ticks "guardian consent" with the last guardian confirmation', async () => {
    const { registration, schoolId } = await newSchool((n) => [
      teamOf(`S${n} Minors`, [MINOR_WITH_CONSENT, MINOR_WITH_CONSENT, ADULT, ADULT]),
    ]);
    const minors = await db()
      .select({
        id: registrationTeamPlayers.id,
        name: registrationTeamPlayers.name,
        email: registrationTeamPlayers.guardianEmail,
      })
      .from(registrationTeamPlayers)
      .innerJoin(registrationTeams, eq(registrationTeams.id, registrationTeamPlayers.teamId))
      .where(eq(registrationTeams.registrationId, registration.id))
      .orderBy(registrationTeamPlayers.position);
    const waiting = minors.filter((entry) => entry.email !== null);
    expect(waiting).toHaveLength(2);
    expect(await taskOf(schoolId, 'guardian_consent')).toMatchObject({
      state: 'not_started',
      autoReason: null,
    });
    const confirm = (entry: (typeof waiting)[number]) =>
      send(t.app, 'POST', `/api/registrations/consent/${entry.id}`, {
        token: keys.consentToken(entry.id, entry.email!, entry.name),
      });
    expect((await confirm(waiting[0]!)).statusCode).toBe(200);
    const school = crmSchoolSchema.parse(await get(`/api/crm/schools/${schoolId}`));
    expect(school.teams[0]?.pupils.map((pupil) => pupil.consent)).toEqual([
      'confirmed',
      'waiting',
      'not_needed',
      'not_needed',
    ]);
    expect((await taskOf(schoolId, 'guardian_consent')).state).toBe('not_started');
    expect((await confirm(waiting[1]!)).statusCode).toBe(200);
    expect(await taskOf(schoolId, 'guardian_consent')).toMatchObject({
      state: 'done',
      autoReason: 'Every under-18 has guardian consent',
    });
  });

  it('ticks "arrived" when every pupil of the school is checked in', async () => {
    const { registration, schoolId } = await newSchool();
    expect((await taskOf(schoolId, 'arrived')).autoReason).toBeNull();
    const promoted = await call(
      'POST',
      '/api/admin/registrations/promote',
      { registrationIds: [registration.id] },
      superadmin,
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    await saveSetting(db(), SETTING_KEYS.checkinOpen, true);
    const pupils = await db().select({ id: players.id }).from(players).where(eq(players.schoolId, schoolId));
    expect(pupils).toHaveLength(4);
    for (const [index, pupil] of pupils.entries()) {
      const checkedIn = await call('POST', `/api/admin/checkin/players/${pupil.id}`, {});
      expect(checkedIn.statusCode, checkedIn.body).toBe(200);
      const arrived = await taskOf(schoolId, 'arrived');
      expect(arrived.state).toBe(index === pupils.length - 1 ? 'done' : 'not_started');
    }
    const school = crmSchoolSchema.parse(await get(`/api/crm/schools/${schoolId}`));
    expect(school.teams[0]?.pupils.every((pupil) => pupil.checkedIn)).toBe(true);
    expect(school.activity[0]).toMatchObject({
      action: 'auto_move',
      to: 'done',
      reason: 'Every pupil is checked in',
    });

    // At pick-up: "collected" follows the sign-outs, and is ticked with the last pupil out.
    expect((await taskOf(schoolId, 'collected')).state).toBe('not_started');
    for (const [index, pupil] of pupils.entries()) {
      const signedOut = await call('POST', `/api/admin/checkin/players/${pupil.id}/sign-out`, {});
      expect(signedOut.statusCode, signedOut.body).toBe(200);
      const collected = await taskOf(schoolId, 'collected');
      expect(collected.state).toBe(index === pupils.length - 1 ? 'done' : 'not_started');
    }
    expect((await taskOf(schoolId, 'collected')).autoReason).toBe(
      'Every pupil who arrived has been signed out',
    );
  });

  it('applies a change naming the current version, one activity row per field, and refuses a stale one', async () => {
    const { schoolId } = await newSchool();
    const task = await taskOf(schoolId, 'photo_permission');
    const changed = await call('PATCH', `/api/crm/tasks/${task.id}`, {
      version: task.version,
      state: 'waiting_on_school',
      assigneeId: adminId,
      priority: 'high',
      reason: 'Form sent to the school',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = crmTaskSchema.parse(changed.json());
    expect(after).toMatchObject({
      version: task.version + 1,
      state: 'waiting_on_school',
      assigneeId: adminId,
      priority: 'high',
    });
    const rows = await activityOf(task.id);
    expect(
      rows.slice(1).map((row) => [row.action, row.fromValue, row.toValue, row.reason, row.actorId]),
    ).toEqual([
      ['state', 'not_started', 'waiting_on_school', 'Form sent to the school', adminId],
      ['assignee', null, 'Demo Admin', 'Form sent to the school', adminId],
      ['priority', 'normal', 'high', 'Form sent to the school', adminId],
    ]);

    const stale = await call(
      'PATCH',
      `/api/crm/tasks/${task.id}`,
      { version: task.version, state: 'done' },
      superadmin,
    );
    expect(stale.statusCode).toBe(409);
    const body = crmStaleSchema.parse(stale.json());
    expect(body).toMatchObject({ error: CRM_MESSAGES.stale, code: 'stale_task' });
    expect(body.current).toMatchObject({ id: task.id, version: after.version, state: 'waiting_on_school' });
    expect((await taskOf(schoolId, 'photo_permission')).state).toBe('waiting_on_school');
    expect(await activityOf(task.id)).toHaveLength(rows.length);

    const detail = crmTaskDetailSchema.parse(await get(`/api/crm/tasks/${task.id}`));
    expect(detail.activity[0]).toMatchObject({
      actorName: 'Demo Admin',
      taskTitle: 'Photo permission per pupil',
    });
    expect((await call('PATCH', '/api/crm/tasks/999999', { version: 1 })).statusCode).toBe(404);
  });

  it('changes the current tasks of a bulk change with its reason and returns the stale ones', async () => {
    const { schoolId } = await newSchool();
    const [a, b, c] = ['photo_permission', 'medical_notes', 'collected'].map(
      (kind) => async () => taskOf(schoolId, kind as CrmTaskKind),
    );
    const [first, second, third] = [await a!(), await b!(), await c!()];
    // Someone moves the second meanwhile.
    await call(
      'PATCH',
      `/api/crm/tasks/${second.id}`,
      { version: second.version, priority: 'low' },
      superadmin,
    );
    const response = await call('POST', '/api/crm/tasks/bulk', {
      tasks: [first, second, third].map((task) => ({ id: task.id, version: task.version })),
      change: { action: 'move', state: 'blocked' },
      reason: 'Waiting for the principal',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = crmBulkResultSchema.parse(response.json());
    expect(result.updated.sort()).toEqual([first.id, third.id].sort());
    expect(result.stale.map((task) => [task.id, task.state, task.version])).toEqual([
      [second.id, 'not_started', second.version + 1],
    ]);
    expect(result.message).toBe(CRM_MESSAGES.bulkUpdated(2));
    for (const task of [first, third]) {
      const rows = (await activityOf(task.id)).filter((row) => row.action === 'state');
      expect(rows.map((row) => [row.fromValue, row.toValue, row.reason])).toEqual([
        ['not_started', 'blocked', 'Waiting for the principal'],
      ]);
    }
    expect((await taskOf(schoolId, 'medical_notes')).state).toBe('not_started');

    const noReason = await call('POST', '/api/crm/tasks/bulk', {
      tasks: [{ id: first.id, version: first.version + 1 }],
      change: { action: 'due', dueDate: '2025-11-20' },
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(CRM_MESSAGES.reasonRequired);
  });

  it('refuses an assignee or watcher who is not CRM staff, and changes nothing', async () => {
    const { schoolId } = await newSchool();
    const task = await taskOf(schoolId, 'collected');
    const refusals = [
      await call('PATCH', `/api/crm/tasks/${task.id}`, { version: task.version, assigneeId: playerId }),
      await call('PATCH', `/api/crm/tasks/${task.id}`, { version: task.version, watcherIds: [playerId] }),
      await call('POST', '/api/crm/tasks/bulk', {
        tasks: [{ id: task.id, version: task.version }],
        change: { action: 'assign', assigneeId: 'no-such-user' },
        reason: 'Hand over',
      }),
      await call('POST', `/api/crm/tasks/${task.id}/checklist`, { text: 'Phone', assigneeId: playerId }),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refusals[0]?.json().error).toBe(CRM_MESSAGES.notStaff);
    expect(await taskOf(schoolId, 'collected')).toMatchObject({ version: task.version, assigneeId: null });
    const staff = (await board()).staff;
    expect(staff.map((member) => member.name)).toEqual(['Demo Admin', 'Demo Superadmin']);
    expect((await t.app.inject({ url: '/api/crm/tasks', headers: { cookie: player } })).statusCode).toBe(403);
  });

  it('adds manual tasks, checklist items, comments and notes, each recorded', async () => {
    const { schoolId } = await newSchool();
    const created = await call('POST', '/api/crm/tasks', {
      schoolId,
      title: 'Book the minibus',
      dueDate: '2025-11-15',
      assigneeId: adminId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = crmTaskSchema.parse(created.json());
    expect(task).toMatchObject({ kind: null, isAuto: false, title: 'Book the minibus', priority: 'normal' });
    const item = crmTaskSchema.parse(
      (await call('POST', `/api/crm/tasks/${task.id}/checklist`, { text: 'Ring the driver' })).json(),
    ).checklist[0]!;
    const ticked = crmTaskSchema.parse(
      (await call('PATCH', `/api/crm/checklist/${item.id}`, { done: true, assigneeId: adminId })).json(),
    );
    expect(ticked.checklist).toEqual([
      { id: item.id, text: 'Ring the driver', done: true, assigneeId: adminId },
    ]);
    expect(
      (await call('POST', `/api/crm/tasks/${task.id}/comments`, { body: 'Driver confirmed' })).json(),
    ).toEqual({ message: CRM_MESSAGES.commentAdded });
    expect(
      (await call('POST', `/api/crm/schools/${schoolId}/notes`, { body: 'Principal prefers calls' }))
        .statusCode,
    ).toBe(201);
    const detail = crmTaskDetailSchema.parse(await get(`/api/crm/tasks/${task.id}`));
    expect(detail.task.commentCount).toBe(1);
    expect(detail.comments.map((comment) => [comment.authorName, comment.body])).toEqual([
      ['Demo Admin', 'Driver confirmed'],
    ]);
    expect(detail.activity.map((row) => row.action)).toEqual([
      'checklist_assignee',
      'checklist_done',
      'checklist_add',
      'create',
    ]);
    const school = crmSchoolSchema.parse(await get(`/api/crm/schools/${schoolId}`));
    expect(school.notes.map((note) => note.body)).toEqual(['Principal prefers calls']);
    expect(school.tasks).toHaveLength(10);
    expect(
      (await call('POST', '/api/crm/tasks', { schoolId: crypto.randomUUID(), title: 'x' })).statusCode,
    ).toBe(404);
    // A mistyped school link (/crm/teams/not-a-uuid) is refused in words staff understand, not "Invalid UUID".
    const mistyped = await t.app.inject({
      method: 'GET',
      url: '/api/crm/schools/not-a-uuid',
      headers: { cookie: admin },
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error).toBe(CRM_MESSAGES.schoolLinkInvalid);
    expect(mistyped.body).not.toMatch(/uuid/i);
  });

  it('edits a template (audited): an inactive template creates no more tasks', async () => {
    const saved = await call('PUT', '/api/crm/templates/collected', {
      label: 'Collected by a parent or teacher',
      description: 'Every pupil left with an adult we know.',
      dueDaysBefore: 0,
      isActive: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { schoolId } = await newSchool();
    expect((await tasksOf(schoolId)).map((task) => task.kind)).not.toContain('collected');
    const templates = (await get('/api/crm/templates')).templates as { kind: string; isActive: boolean }[];
    expect(templates.find((template) => template.kind === 'collected')?.isActive).toBe(false);
    await call('PUT', '/api/crm/templates/collected', {
      label: 'Collected at the end',
      description: 'Every pupil left with their teacher or a parent.',
      dueDaysBefore: 0,
      isActive: true,
    });
    expect((await tasksOf(schoolId)).map((task) => task.kind)).toContain('collected');
  });

  it('shows the same facts in the overview and on the board (two views, one fact)', async () => {
    const { schoolId, n } = await newSchool((n) => [teamOf(`S${n} A`), teamOf(`S${n} B`)]);
    const photo = await taskOf(schoolId, 'photo_permission');
    await call('PATCH', `/api/crm/tasks/${photo.id}`, {
      version: photo.version,
      state: 'blocked',
      dueDate: '2025-01-01',
    });
    const overview = crmOverviewSchema.parse(await get('/api/crm/overview'));
    const { tasks, today } = await board();
    expect(overview.today).toBe(today);
    const row = overview.schools.find((school) => school.id === schoolId)!;
    const own = tasks.filter((task) => task.schoolId === schoolId);
    const settled = (task: CrmCard) => task.state === 'done' || task.state === 'not_applicable';
    expect(row).toMatchObject({
      open: own.filter((task) => !settled(task)).length,
      overdue: own.filter((task) => task.isOverdue).length,
      blocked: own.filter((task) => task.state === 'blocked').length,
      isReady: false,
      dueCents: 12_000,
      owedCents: 12_000,
      paidCents: 0,
      payment: 'unpaid',
      teams: [`S${n} A`, `S${n} B`],
    });
    expect(row.blocked).toBe(1);
    expect(row.overdue).toBeGreaterThanOrEqual(1);
    expect(
      row.cells.map((cell) => [cell.kind, cell.taskId, cell.state, cell.isOverdue, cell.dueDate]).sort(),
    ).toEqual(
      own
        .filter((task) => task.kind !== null)
        .map((task) => [task.kind, task.id, task.state, task.isOverdue, task.dueDate])
        .sort(),
    );
  });

  it('shows a change on one process to the boards open on another within a second', async () => {
    const other = await buildTestApp(t.database);
    try {
      const base = await other.listen({ port: 0, host: '127.0.0.1' });
      const stream = new SseClient(`${base}/api/live`);
      await stream.waitUntilConnected();
      const { schoolId } = await newSchool();
      const task = await taskOf(schoolId, 'medical_notes');
      const sentAt = Date.now();
      stream.events.length = 0;
      const response = await call('PATCH', `/api/crm/tasks/${task.id}`, {
        version: task.version,
        state: 'done',
      });
      expect(response.statusCode).toBe(200);
      await stream.waitFor((event) => event.topics.includes('crm'), 1_000);
      expect(Date.now() - sentAt).toBeLessThan(1_000);
      const seen = await other.inject({ url: '/api/crm/tasks', headers: { cookie: admin } });
      expect(crmBoardSchema.parse(seen.json()).tasks.find((card) => card.id === task.id)?.state).toBe('done');
      stream.close();
    } finally {
      await other.close();
    }
  });
});
