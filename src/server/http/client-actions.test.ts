import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../tests/support/server/test-app';
import { databaseTargets } from '../../../tests/support/server/test-database';
import { CHECKIN_MESSAGES, checkinActionResponseSchema } from '../../contracts/checkin';
import { OUTBOX_MESSAGES } from '../../contracts/client-actions';
import {
  type EntryBoard,
  matchResultConflictSchema,
  resultEntryResponseSchema,
  setMatchResultResponseSchema,
} from '../../contracts/match-results';
import { SETTING_KEYS } from '../../contracts/settings';
import { saveSetting } from '../core/settings/settings.repo';
import { clientActions } from '../db/schema/client-actions';
import { systemLogs } from '../db/schema/settings';
import { matches, players } from '../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed/demo-accounts';
import { purgeClientActions } from './client-actions';

/**
 * ADR 032: a change sent with a client id is applied once however often it arrives — one after another, or
 * many copies at the same moment — on PGlite and on PostgreSQL.
 */
describe.each(databaseTargets)('replayed client actions on %s', (target) => {
  let t: TestApp;
  let admin = '';
  let arbiter = '';
  const arrived = new Date('2026-11-22T09:40:00Z');

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload }),
    });
  const db = () => t.database.db;
  const playerIds = async () =>
    (await db().select({ id: players.id }).from(players).where(eq(players.active, true))).map(
      (row) => row.id,
    );
  const checkedInAt = async (id: string) =>
    (await db().select({ at: players.checkedInAt }).from(players).where(eq(players.id, id)))[0]!.at;
  const boards = async (): Promise<EntryBoard[]> =>
    resultEntryResponseSchema.parse((await call('GET', '/api/admin/match-results', admin)).json()).boards;
  const putResult = (board: EntryBoard, body: object, cookie = admin) =>
    call('PUT', `/api/admin/match-results/${board.matchId}`, cookie, body);
  const resultLogs = async (matchId: string) =>
    (await db().select().from(systemLogs)).filter(
      (row) => row.actionType === 'update_match_result' && row.metadata.matchId === matchId,
    );

  beforeAll(async () => {
    t = await startTestApp(target, { now: () => arrived.getTime() });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
    await saveSetting(db(), SETTING_KEYS.checkinOpen, true, null);
  }, 60_000);
  afterAll(async () => t?.close());

  it('checks a player in once for 8 copies of one offline check-in sent at the same moment, keeping the time it was made', async () => {
    const [id] = await playerIds();
    const clientId = randomUUID();
    const madeAt = '2026-11-22T09:31:00.000Z';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', `/api/admin/checkin/players/${id}`, admin, { clientId, madeAt, source: 'offline' }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const bodies = answers.map((answer) => checkinActionResponseSchema.parse(answer.json()));
    // Every copy gets the first answer: "checked in", never "was already checked in".
    expect(new Set(bodies.map((body) => body.message)).size).toBe(1);
    expect(bodies[0]!.message).toBe(CHECKIN_MESSAGES.checkedIn(bodies[0]!.player.name));
    expect((await checkedInAt(id!))?.toISOString()).toBe(madeAt);
    const stored = await db().select().from(clientActions).where(eq(clientActions.clientId, clientId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'checkin.check-in', target: id, statusCode: 200 });
  });

  it('replays an undo as the undo it was: a later check-in is not undone by the old undo arriving again', async () => {
    const [, id] = await playerIds();
    const checkIn = randomUUID();
    const undo = randomUUID();
    expect(
      (await call('POST', `/api/admin/checkin/players/${id}`, admin, { clientId: checkIn })).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/admin/checkin/players/${id}`, admin, { clientId: undo })).statusCode,
    ).toBe(200);
    expect(await checkedInAt(id!)).toBeNull();
    // Checked in again at the desk (a new action), then the old undo arrives once more from a second tab.
    expect(
      (await call('POST', `/api/admin/checkin/players/${id}`, admin, { clientId: randomUUID() })).statusCode,
    ).toBe(200);
    const replay = await call('DELETE', `/api/admin/checkin/players/${id}`, admin, { clientId: undo });
    expect(replay.statusCode).toBe(200);
    expect(await checkedInAt(id!)).not.toBeNull();
  });

  it('keeps client ids per user, refuses an id reused for another action, and keeps a refusal retryable', async () => {
    const [, , a, b] = await playerIds();
    const clientId = randomUUID();
    expect((await call('POST', `/api/admin/checkin/players/${a}`, admin, { clientId })).statusCode).toBe(200);
    // The same id from another user is another action.
    await saveSetting(db(), SETTING_KEYS.checkinOpen, false, null);
    const closed = await call('POST', `/api/admin/checkin/players/${b}`, arbiter, { clientId });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(CHECKIN_MESSAGES.closed);
    // A refusal is not stored: once check-in is open, the same queued action goes through.
    await saveSetting(db(), SETTING_KEYS.checkinOpen, true, null);
    expect((await call('POST', `/api/admin/checkin/players/${b}`, arbiter, { clientId })).statusCode).toBe(
      200,
    );
    const reused = await call('POST', `/api/admin/checkin/players/${b}`, admin, { clientId });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe(OUTBOX_MESSAGES.reused);
    const bad = await call('POST', `/api/admin/checkin/players/${b}`, admin, { clientId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('POST', `/api/admin/checkin/players/${b}`, admin, { clientId, extra: 1 });
    expect(unknown.statusCode).toBe(400);
  });

  it('stores a result once for 6 parallel copies: one version step, one audit row, every copy answered alike', async () => {
    const board = (await boards()).find((candidate) => candidate.result === null)!;
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => putResult(board, { result: 'white', expected: null, clientId })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const versions = answers.map((answer) => setMatchResultResponseSchema.parse(answer.json()).board.version);
    expect(new Set(versions)).toEqual(new Set([board.version + 1]));
    const [row] = await db().select().from(matches).where(eq(matches.id, board.matchId));
    expect(row).toMatchObject({ result: 'white', version: board.version + 1 });
    expect(await resultLogs(board.matchId)).toHaveLength(1);
    // Arriving again later (the answer was lost on the way back): the stored answer, not a conflict with itself.
    const late = await putResult(board, { result: 'white', expected: null, clientId });
    expect(late.statusCode).toBe(200);
    expect(await resultLogs(board.matchId)).toHaveLength(1);
  });

  it('answers 409 with the board as stored when another arbiter changed it meanwhile, and stores nothing', async () => {
    const board = (await boards()).find((candidate) => candidate.result === null)!;
    const other = await putResult(board, { result: 'black', expectedVersion: board.version }, arbiter);
    expect(other.statusCode).toBe(200);
    const clientId = randomUUID();
    const mine = await putResult(board, { result: 'white', expected: null, clientId });
    expect(mine.statusCode).toBe(409);
    const conflict = matchResultConflictSchema.parse(mine.json());
    expect(conflict.current).toMatchObject({ matchId: board.matchId, result: 'black' });
    expect(conflict.error).toBe(`Board ${board.board} was changed by someone else: now 0-1`);
    const [claimed] = await db().select().from(clientActions).where(eq(clientActions.clientId, clientId));
    expect(claimed).toBeUndefined();
    // "Keep mine": sent again naming what the board now says.
    const kept = await putResult(board, { result: 'white', expected: 'black', clientId: randomUUID() });
    expect(kept.statusCode).toBe(200);
    // Another arbiter entering the very same result is no conflict.
    const same = await putResult(board, { result: 'white', expected: null, clientId: randomUUID() });
    expect(same.statusCode).toBe(200);
    // Neither a version nor an expected result: refused as input.
    expect((await putResult(board, { result: 'white' })).statusCode).toBe(400);
  });

  it('purges stored answers after the retention', async () => {
    const later = new Date(arrived.getTime() + 15 * 24 * 60 * 60 * 1000);
    expect(await purgeClientActions(db(), later)).toBeGreaterThan(0);
    expect(await db().select().from(clientActions)).toEqual([]);
  });
});
