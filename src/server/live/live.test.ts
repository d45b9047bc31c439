import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../../tests/support/server/sse-client';
import { buildTestApp, eventually, startTestApp, type TestApp } from '../../../tests/support/server/test-app';
import { databaseTargets } from '../../../tests/support/server/test-database';
import { SETTING_KEYS } from '../../contracts/settings';
import type { App } from '../app';
import { saveSetting } from '../core/settings/settings.repo';
import { matches } from '../db/schema/tournaments';

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe.each(databaseTargets)('live updates on %s', (target) => {
  let t: TestApp;
  let base: string;
  const clients: SseClient[] = [];
  const connect = async () => {
    const client = new SseClient(`${base}/api/live`);
    clients.push(client);
    await client.waitUntilConnected();
    return client;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    base = await listen(t.app);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => t?.close());

  it('streams server-sent events with the no-cache headers proxies need', async () => {
    const response = await fetch(`${base}/api/live`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.body?.cancel();
  });

  it('tells connected browsers which setting changed', async () => {
    const client = await connect();
    await saveSetting(t.database.db, SETTING_KEYS.leaderboardVisible, false);
    const event = await client.waitFor((e) => e.topics.includes('settings'));
    expect(event.settingsKeys).toEqual([SETTING_KEYS.leaderboardVisible]);
  });

  it("tells a drawn page's stream to catch up on a change made after its data was read", async () => {
    const readAt = Date.now() - 1;
    const watcher = await connect();
    await saveSetting(t.database.db, SETTING_KEYS.checkinOpen, readAt);
    await watcher.waitFor((e) => e.settingsKeys.includes(SETTING_KEYS.checkinOpen));

    const late = new SseClient(`${base}/api/live?since=${readAt}`);
    clients.push(late);
    await late.waitUntilConnected();
    await eventually(async () => (late.otherEvents.some((e) => e.event === 'catch-up') ? true : undefined));

    // A page drawn after the change has nothing to catch up on.
    const fresh = new SseClient(`${base}/api/live?since=${Date.now()}`);
    clients.push(fresh);
    await fresh.waitUntilConnected();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fresh.otherEvents).toEqual([]);
  });

  it('sends one event for a transaction that changes many results', async () => {
    const client = await connect();
    const rows = (await t.database.db.select().from(matches).where(eq(matches.roundNumber, 3))).slice(0, 6);
    await t.database.db.transaction(async (tx) => {
      for (const row of rows) await tx.update(matches).set({ result: 'draw' }).where(eq(matches.id, row.id));
    });
    await client.waitFor((e) => e.topics.includes('matches'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(client.events.filter((e) => e.topics.includes('matches'))).toHaveLength(1);
  });

  it('reaches every connected browser', async () => {
    const browsers = await Promise.all(Array.from({ length: 20 }, () => connect()));
    await saveSetting(t.database.db, SETTING_KEYS.homePage, { header_title: 'Live!' });
    await Promise.all(
      browsers.map((browser) => browser.waitFor((e) => e.settingsKeys.includes(SETTING_KEYS.homePage))),
    );
  });
});

describe.runIf(databaseTargets.includes('postgres'))('two server processes on one PostgreSQL', () => {
  it('delivers a settings change made through one server to a browser connected to the other', async () => {
    const first = await startTestApp('postgres', { seed: false });
    const secondDatabase = await first.testDatabase.openAnother();
    const second = await buildTestApp(secondDatabase);
    const client = new SseClient(`${await listen(second)}/api/live`);
    try {
      await client.waitUntilConnected();
      // The write goes through the first server's own connection pool; only the database links the two.
      await saveSetting(first.database.db, SETTING_KEYS.registration, { is_enabled: true, team_price: 6000 });
      const event = await client.waitFor((e) => e.settingsKeys.includes(SETTING_KEYS.registration));
      expect(event.topics).toContain('settings');
      // …and the second server's cache was invalidated too.
      const body = (await second.inject('/api/public/settings/registration')).json();
      expect(body).toEqual({ is_enabled: true, team_price: 6000 });
    } finally {
      client.close();
      await second.close();
      await first.close();
    }
  });
});

describe.runIf(databaseTargets.includes('postgres'))('when PostgreSQL drops every connection (T29)', () => {
  it('keeps running, answers again within seconds, and resumes live updates', async () => {
    const t = await startTestApp('postgres', { seed: false });
    const base = await listen(t.app);
    const client = new SseClient(`${base}/api/live`);
    try {
      await client.waitUntilConnected();
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const name = result.rows[0]!.name;
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();

      const deadline = Date.now() + 10_000;
      let ready = 0;
      while (Date.now() < deadline) {
        ready = (await fetch(`${base}/api/ready`)).status;
        if (ready === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toBe(200);
      expect((await fetch(`${base}/api/public/home`)).status).toBe(200);

      // The listener reconnects by itself: a change made now still reaches the browser.
      await eventually(async () => {
        await saveSetting(t.database.db, SETTING_KEYS.checkinOpen, Date.now());
        return client.events.some((e) => e.settingsKeys.includes(SETTING_KEYS.checkinOpen))
          ? true
          : undefined;
      }, 10_000);
    } finally {
      client.close();
      await t.close();
    }
  });
});
