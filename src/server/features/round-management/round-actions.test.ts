import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { ROUND_MESSAGES, roundsResponseSchema } from '../../../contracts/round-management';
import { matches, rounds } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/**
 * The round summaries carry the lifecycle's answers (src/domain/tournament/rounds.ts), so the page shows a button
 * exactly when the server would take the action (issue #10 item 3: round management decides nothing itself).
 */
describe('round summaries: the actions the lifecycle allows', () => {
  let t: TestApp;
  let arbiter: string;
  const call = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: arbiter, origin: TEST_PUBLIC_URL },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
  const actionsOf = async () => {
    const body = roundsResponseSchema.parse((await call('GET', '/api/admin/rounds')).json());
    return new Map(body.rounds.map((round) => [round.number, round.actions]));
  };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
    // The demo has round 3 in progress: step back so that round 2 is in progress and round 3 is paired but
    // not started. Its status says "upcoming", yet it may not start before round 2 is completed.
    const db = t.database.db;
    await db.update(rounds).set({ status: 'upcoming', startTime: null }).where(eq(rounds.number, 3));
    await db.update(matches).set({ result: null }).where(eq(matches.roundNumber, 3));
    await db.update(rounds).set({ status: 'active', endTime: null }).where(eq(rounds.number, 2));
    await db
      .update(matches)
      .set({ result: null })
      .where(and(eq(matches.roundNumber, 2), eq(matches.boardNumber, 1)));
  });
  afterAll(async () => t?.close());

  it('refuses starting round 3 while round 2 is in progress, and the server refuses it too', async () => {
    const actions = await actionsOf();
    expect(actions.get(3)).toEqual({
      pair: 'unavailable',
      start: 'unavailable',
      complete: 'unavailable',
      changePairings: 'ready',
    });
    // Round 2 waits on one result: its Complete is offered, and explains itself when tried.
    expect(actions.get(2)).toMatchObject({ start: 'unavailable', complete: 'blocked', pair: 'unavailable' });
    expect(actions.get(1)).toMatchObject({ start: 'unavailable', complete: 'unavailable' });

    const start = await call('POST', '/api/admin/rounds/3/start');
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toBe(ROUND_MESSAGES.previousNotCompleted(2));
    const complete = await call('POST', '/api/admin/rounds/2/complete');
    expect(complete.json().error).toBe(ROUND_MESSAGES.unfinished);
  });

  it('offers Start on round 3 once round 2 is completed', async () => {
    await t.database.db
      .update(matches)
      .set({ result: 'draw' })
      .where(and(eq(matches.roundNumber, 2), isNull(matches.result)));
    expect((await actionsOf()).get(2)?.complete).toBe('ready');
    expect((await call('POST', '/api/admin/rounds/2/complete')).statusCode).toBe(200);

    const actions = await actionsOf();
    expect(actions.get(2)?.complete).toBe('unavailable');
    expect(actions.get(3)).toMatchObject({ start: 'ready', pair: 'ready', changePairings: 'ready' });
    expect(actions.get(4)).toMatchObject({ pair: 'unavailable', start: 'blocked' });
  });
});
