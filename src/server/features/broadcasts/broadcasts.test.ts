import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../../../tests/support/server/sse-client';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import {
  BROADCAST_MESSAGES,
  type BroadcastCreate,
  broadcastHistorySchema,
  currentBroadcastsSchema,
} from '../../../contracts/broadcasts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { recipientsOf } from './broadcasts.service';

describe.each(databaseTargets)('broadcasts on %s', (target) => {
  let t: TestApp;
  let base: string;
  let superadmin: string;
  let admin: string;
  let player: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
    player = (await signIn(t.app, 'player@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => t?.close());

  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  const send = (body: Partial<BroadcastCreate>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/broadcasts',
      headers: { origin: TEST_PUBLIC_URL, cookie: superadmin },
      payload: {
        message: 'Round 4 is delayed by 15 minutes',
        audience: 'everyone',
        style: 'warning',
        dismissable: false,
        endsAt: inSeconds(60),
        ...body,
      },
    });
  const current = async (cookie?: string) =>
    currentBroadcastsSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/broadcasts/current',
          headers: cookie ? { cookie } : {},
        })
      ).json(),
    );
  const history = async () =>
    broadcastHistorySchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/admin/broadcasts', headers: { cookie: superadmin } })
      ).json(),
    ).broadcasts;
  const messagesSeen = async (cookie?: string) => (await current(cookie)).broadcasts.map((b) => b.message);

  it('reaches an open anonymous page within a second and is gone after its end time', async () => {
    const stream = new SseClient(`${base}/api/live`);
    await stream.waitUntilConnected();
    const endsAt = inSeconds(1.5);
    const sentAt = Date.now();
    const response = await send({ message: 'Round 4 is delayed by 15 minutes', endsAt });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: BROADCAST_MESSAGES.sent });
    await eventually(
      async () => (stream.events.some((e) => e.topics.includes('broadcasts')) ? true : undefined),
      1_000,
    );
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    const seen = await current();
    expect(seen.broadcasts.map((b) => b.message)).toEqual(['Round 4 is delayed by 15 minutes']);
    expect(seen.nextChangeAt).toBe(new Date(endsAt).toISOString());
    await eventually(async () => ((await messagesSeen()).length === 0 ? true : undefined), 3_000);
    expect((await history())[0]?.state).toBe('ended');
    stream.close();
  });

  it('gets five broadcasts in a row each to an open page within a second (stream event, then its read)', async () => {
    const stream = new SseClient(`${base}/api/live`);
    await stream.waitUntilConnected();
    const took: number[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const message = `Five in a row: number ${n}`;
      const eventsBefore = stream.events.length;
      const sentAt = Date.now();
      expect((await send({ message, endsAt: inSeconds(60) })).statusCode).toBe(201);
      // As an open page does: wait for the stream's event, then read what is on now.
      await eventually(
        async () =>
          stream.events.slice(eventsBefore).some((event) => event.topics.includes('broadcasts'))
            ? true
            : undefined,
        5_000,
      );
      await eventually(async () => ((await messagesSeen()).includes(message) ? true : undefined), 5_000);
      took.push(Date.now() - sentAt);
    }
    expect(
      took.filter((ms) => ms >= 1_000),
      `delays: ${took.join(', ')} ms`,
    ).toEqual([]);
    stream.close();
    // Ended again, so the next tests start with none on.
    for (const broadcast of await history()) {
      if (broadcast.state !== 'on') continue;
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/broadcasts/${broadcast.id}/end`,
        headers: { origin: TEST_PUBLIC_URL, cookie: superadmin },
      });
    }
    await eventually(async () => ((await messagesSeen()).length === 0 ? true : undefined));
  });

  it('shows each audience only its own broadcasts', async () => {
    await send({ message: 'For staff', audience: 'staff' });
    await send({ message: 'For signed-in users', audience: 'signed_in' });
    await send({ message: 'For registrants', audience: 'registrants' });
    expect(await messagesSeen()).toEqual([]);
    expect(await messagesSeen(player)).toEqual(['For signed-in users']);
    expect((await messagesSeen(admin)).sort()).toEqual(['For signed-in users', 'For staff']);
    for (const row of await history()) {
      if (row.state !== 'ended') await endNow(row.id);
    }
  });

  const endNow = (id: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/broadcasts/${id}/end`,
      headers: { origin: TEST_PUBLIC_URL, cookie: superadmin },
    });

  it('schedules a later one, and ends one early once', async () => {
    const startsAt = inSeconds(30);
    const scheduled = await send({ message: 'Prize-giving at 17:00', startsAt, endsAt: inSeconds(90) });
    expect(scheduled.json()).toEqual({ message: BROADCAST_MESSAGES.scheduled });
    const seen = await current();
    expect(seen.broadcasts).toEqual([]);
    expect(seen.nextChangeAt).toBe(startsAt);
    const [row] = await history();
    expect(row).toMatchObject({
      message: 'Prize-giving at 17:00',
      state: 'scheduled',
      createdBy: 'Demo Superadmin',
    });

    expect((await endNow(row!.id)).json()).toEqual({ message: BROADCAST_MESSAGES.ended });
    const again = await endNow(row!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BROADCAST_MESSAGES.alreadyEnded);
    expect((await current()).nextChangeAt).toBeNull();
    expect((await endNow(999_999)).statusCode).toBe(404);
  });

  it('e-mails the audience through the queue and counts the delivery', async () => {
    const staff = await recipientsOf(t.database.db, 'staff');
    expect(staff).toContain('admin@demo.test');
    expect(staff).not.toContain('player@demo.test');
    const response = await send({ message: 'Staff briefing at 9:15', audience: 'staff', sendEmail: true });
    expect(response.statusCode).toBe(201);
    const delivered = await eventually(async () => {
      const [row] = await history();
      return row?.email && row.email.sent === staff.length ? row.email : undefined;
    }, 8_000);
    expect(delivered).toEqual({ total: staff.length, sent: staff.length, failed: 0 });
  });

  it('refuses a broadcast that ends before it starts, is empty or too long, and creates nothing', async () => {
    const before = (await history()).length;
    const refusals = [
      await send({ endsAt: inSeconds(-10) }),
      await send({ message: '   ' }),
      await send({ startsAt: inSeconds(120), endsAt: inSeconds(60) }),
      await send({ endsAt: inSeconds(15 * 24 * 3600) }),
      await send({ audience: 'nobody' as never }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refusals.slice(0, 4).map((r) => r.json().error)).toEqual([
      BROADCAST_MESSAGES.endInPast,
      BROADCAST_MESSAGES.messageRequired,
      BROADCAST_MESSAGES.endBeforeStart,
      BROADCAST_MESSAGES.tooLong,
    ]);
    expect(await history()).toHaveLength(before);
  });
});
