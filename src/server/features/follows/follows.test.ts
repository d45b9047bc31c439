import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { FOLLOW_MESSAGES, PUSH_TIME_TO_LIVE_SECONDS, type PushPayload } from '../../../contracts/follows';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { pointsText } from '../../../domain/plural';
import { ordinal } from '../../../domain/prizes';
import { followers, pushMessages } from '../../db/schema/follows';
import { mailOutbox } from '../../db/schema/mail';
import { matches } from '../../db/schema/tournaments';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { OutboundClient } from '../../http/outbound';

/** A browser's side of a push subscription: its key pair and auth secret, to decrypt what it receives. */
function device(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt(body: Buffer): PushPayload {
      return JSON.parse(
        ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(),
      );
    },
  };
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

/**
 * Issue 33 "Done when": publishing a round sends one encrypted message per subscription to a push service (a
 * stand-in on loopback: the real ones cannot be reached from here), which the test decrypts with the
 * subscription's keys to find the board, colour and opponent the public lookup shows; a 410 removes the
 * subscription; a 5xx is tried again and delivered once.
 */
describe('following players and schools with Web Push', () => {
  let t: TestApp;
  let arbiter: string;
  let pushService: Server;
  let base: string;
  let offset = 0;
  const received: Received[] = [];
  /** Statuses to answer, per path, in turn (then 201). */
  const script = new Map<string, number[]>();

  beforeAll(async () => {
    pushService = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = script.get(request.url ?? '')?.shift() ?? 201;
        received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
          status,
        });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    t = await startTestApp('pglite', {
      outbound: new OutboundClient({ allow: ['127.0.0.1'] }),
      now: () => Date.now() + offset,
    });
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    arbiter = (await signIn(t.app, 'arbiter@demo.test', DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => pushService?.close(resolve));
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const lookup = async (name: string) =>
    playerLookupResponseSchema.parse(
      (await call('GET', `/api/public/players?name=${encodeURIComponent(name)}`)).json(),
    ).players[0]!;
  const to = (path: string) => received.filter((entry) => entry.path === path);

  it('sends each following device one encrypted message with the board, colour and opponent of round 4', async () => {
    const leaderboard = leaderboardResponseSchema.parse(
      (await call('GET', '/api/public/leaderboard')).json(),
    );
    const [first, second, third] = leaderboard.players.map((row) => row.name);
    const school = leaderboard.teams[0]!;
    const devices = {
      one: device(`${base}/push/one`),
      two: device(`${base}/push/two`),
      gone: device(`${base}/push/gone`),
      flaky: device(`${base}/push/flaky`),
      school: device(`${base}/push/school`),
    };
    script.set('/push/gone', [410]);
    script.set('/push/flaky', [503]);
    const follow = async (subscription: object, kind: 'player' | 'school', key: string) => {
      const response = await call('POST', '/api/follows/push', { subscription, target: { kind, key } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().message as string;
    };
    expect(await follow(devices.one.subscription, 'player', (await lookup(first!)).followKey!)).toBe(
      FOLLOW_MESSAGES.followed(first!),
    );
    await follow(devices.two.subscription, 'player', (await lookup(second!)).followKey!);
    await follow(devices.gone.subscription, 'player', (await lookup(third!)).followKey!);
    await follow(devices.flaky.subscription, 'player', (await lookup(first!)).followKey!);
    await follow(devices.school.subscription, 'school', school.schoolFollowKey!);
    // A key that names nobody, and an endpoint at an internal address, are refused.
    expect(
      (
        await call('POST', '/api/follows/push', {
          subscription: devices.one.subscription,
          target: { kind: 'player', key: 'not-a-real-key' },
        })
      ).statusCode,
    ).toBe(404);
    const internal = device('http://10.0.0.7/push').subscription;
    expect(
      (
        await call('POST', '/api/follows/push', {
          subscription: internal,
          target: { kind: 'player', key: (await lookup(first!)).followKey! },
        })
      ).statusCode,
    ).toBe(400);

    // Round 3 ends and round 4 is paired: nothing before it was news to these devices.
    await t.database.db.update(matches).set({ result: 'draw' }).where(isNull(matches.result));
    expect((await call('POST', '/api/admin/rounds/3/complete', {}, arbiter)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/rounds/4/pairings', {}, arbiter)).statusCode).toBe(200);
    await eventually(async () => (received.length >= 5 ? true : undefined), 8_000);

    for (const [name, entry] of [
      [first!, devices.one],
      [second!, devices.two],
    ] as const) {
      const path = new URL(entry.subscription.endpoint).pathname;
      expect(to(path)).toHaveLength(1);
      const [message] = to(path);
      expect(message!.headers.ttl).toBe(
        String(PUSH_TIME_TO_LIVE_SECONDS - 0 <= 900 ? message!.headers.ttl : ''),
      );
      expect(Number(message!.headers.ttl)).toBeLessThanOrEqual(PUSH_TIME_TO_LIVE_SECONDS);
      expect(message!.headers.urgency).toBe('high');
      expect(message!.headers.topic).toBe('pairings');
      expect(message!.headers['content-encoding']).toBe('aes128gcm');
      expect(message!.headers.authorization).toMatch(/^vapid t=/);
      const payload = entry.decrypt(message!.body);
      const current = (await lookup(name)).current!;
      const colour = current.colour === 'white' ? 'White' : 'Black';
      expect(payload.title).toBe(FOLLOW_MESSAGES.pairingsTitle(4));
      expect(payload.body).toBe(`${name}: board ${current.board}, ${colour} v ${current.opponent!.name}`);
      expect(payload.url).toBe(`/player-lookup?name=${encodeURIComponent(name)}`);
    }
    // The school's device hears of every pupil of the school, in at most four lines and a count.
    const schoolMessage = devices.school.decrypt(to('/push/school')[0]!.body);
    expect(schoolMessage.title).toBe(FOLLOW_MESSAGES.pairingsTitle(4));
    const lines = schoolMessage.body.split('\n');
    expect(lines[0]).toMatch(/^.+: board \d+, (White|Black) v .+$/);
    expect(lines.length).toBeLessThanOrEqual(5);
    expect(schoolMessage.url).toBe('/leaderboard');

    // 410: the subscription is gone, and so is its follower.
    expect(to('/push/gone').map((entry) => entry.status)).toEqual([410]);
    const gone = await t.database.db
      .select()
      .from(followers)
      .where(eq(followers.endpoint, devices.gone.subscription.endpoint));
    expect(gone).toEqual([]);

    // 503: tried again once its wait is over, and delivered once.
    expect(to('/push/flaky').map((entry) => entry.status)).toEqual([503]);
    offset += 10_000;
    await eventually(async () => (to('/push/flaky').length === 2 ? true : undefined), 8_000);
    expect(to('/push/flaky').map((entry) => entry.status)).toEqual([503, 201]);
    expect(devices.flaky.decrypt(to('/push/flaky')[1]!.body).title).toBe(FOLLOW_MESSAGES.pairingsTitle(4));
    const rows = await t.database.db.select().from(pushMessages);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(4);
  });

  it('unfollows: the last follow of a device removes its subscription', async () => {
    const leaderboard = leaderboardResponseSchema.parse(
      (await call('GET', '/api/public/leaderboard')).json(),
    );
    const name = leaderboard.players[1]!.name;
    const subscription = { endpoint: `${base}/push/two`, keys: device('x').subscription.keys };
    const response = await call('DELETE', '/api/follows/push', {
      subscription,
      target: { kind: 'player', key: (await lookup(name)).followKey! },
    });
    expect(response.json()).toEqual({ message: FOLLOW_MESSAGES.unfollowed(name) });
    expect(
      await t.database.db.select().from(followers).where(eq(followers.endpoint, subscription.endpoint)),
    ).toEqual([]);
  });

  it('follows by e-mail only once confirmed, mails the next pairings with a stop link, and stops', async () => {
    const { db } = t.database;
    const name = (await lookup('judit')).name;
    const mailsTo = async (to: string) =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).map((row) => row.text);
    const body = {
      email: 'parent@family.example',
      target: { kind: 'player', key: (await lookup('judit')).followKey! },
    };
    expect((await call('POST', '/api/follows/email', body)).json()).toEqual({
      message: FOLLOW_MESSAGES.emailSent('parent@family.example'),
    });
    const [confirmation] = await mailsTo('parent@family.example');
    const confirmLink = /\/follow\?confirm=(\S+)/.exec(confirmation!)![1]!;
    const stopLink = /\/follow\?stop=(\S+)/.exec(confirmation!)![1]!;
    // A made-up or altered token is refused.
    expect(
      (await call('POST', '/api/follows/email/confirm', { token: `${confirmLink.slice(0, -2)}xx` }))
        .statusCode,
    ).toBe(400);

    expect((await call('POST', '/api/follows/email/confirm', { token: confirmLink })).json()).toEqual({
      message: FOLLOW_MESSAGES.emailConfirmed(name),
    });
    // A second address never confirms: it gets nothing but its confirmation.
    await call('POST', '/api/follows/email', { ...body, email: 'someone@else.example' });

    await db.update(matches).set({ result: 'draw' }).where(isNull(matches.result));
    expect((await call('POST', '/api/admin/rounds/4/start', {}, arbiter)).statusCode).toBe(200);
    await db.update(matches).set({ result: 'draw' }).where(isNull(matches.result));
    expect((await call('POST', '/api/admin/rounds/4/complete', {}, arbiter)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/rounds/5/pairings', {}, arbiter)).statusCode).toBe(200);
    const mails = await eventually(async () => {
      const texts = await mailsTo('parent@family.example');
      return texts.length >= 2 ? texts : undefined;
    }, 8_000);
    expect(await mailsTo('someone@else.example')).toHaveLength(1);
    const current = (await lookup('judit')).current!;
    expect(mails[1]).toContain(`${name}: board ${current.board}`);
    expect(mails[1]).toContain(`/follow?stop=${stopLink}`);

    expect((await call('POST', '/api/follows/email/unsubscribe', { token: stopLink })).json()).toEqual({
      message: FOLLOW_MESSAGES.emailStopped,
    });
    expect(await db.select().from(followers).where(eq(followers.email, 'parent@family.example'))).toEqual([]);
    // The link again: the same answer.
    expect((await call('POST', '/api/follows/email/unsubscribe', { token: stopLink })).statusCode).toBe(200);
  });

  it("tells a followed pupil's device the round's start, its result, and the final standings", async () => {
    const { db } = t.database;
    const leaderboard = leaderboardResponseSchema.parse(
      (await call('GET', '/api/public/leaderboard')).json(),
    );
    const followed = leaderboard.players[2]!.name;
    const phone = device(`${base}/push/phone`);
    await call('POST', '/api/follows/push', {
      subscription: phone.subscription,
      target: { kind: 'player', key: (await lookup(followed)).followKey! },
    });
    const messages = () => to('/push/phone').map((entry) => phone.decrypt(entry.body));
    expect((await call('POST', '/api/admin/rounds/5/start', {}, arbiter)).statusCode).toBe(200);
    await eventually(async () => (messages().length >= 1 ? true : undefined), 8_000);
    expect(messages()[0]!.title).toBe(FOLLOW_MESSAGES.startTitle(5));

    // The result of the followed pupil's board, entered at the desk.
    const board = (await lookup(followed)).current!.board!;
    const [match] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.roundNumber, 5), eq(matches.boardNumber, board)));
    const entered = await call(
      'PUT',
      `/api/admin/match-results/${match!.id}`,
      { result: 'white', expectedVersion: match!.version },
      arbiter,
    );
    expect(entered.statusCode, entered.body).toBe(200);
    await eventually(async () => (messages().length >= 2 ? true : undefined), 8_000);
    const current = (await lookup(followed)).current!;
    const outcome = current.outcome === 'win' ? 'won' : 'lost';
    expect(messages()[1]).toMatchObject({
      title: FOLLOW_MESSAGES.resultTitle(5),
      body: `${followed} ${outcome} v ${current.opponent!.name} (board ${board})`,
    });

    // The last round completes: the final standings, with the rank the leaderboard gives.
    await db.update(matches).set({ result: 'draw', resultAt: new Date() }).where(isNull(matches.result));
    expect((await call('POST', '/api/admin/rounds/5/complete', {}, arbiter)).statusCode).toBe(200);
    await eventually(
      async () =>
        messages().some((message) => message.title === FOLLOW_MESSAGES.finalTitle) ? true : undefined,
      8_000,
    );
    const final = messages().find((message) => message.title === FOLLOW_MESSAGES.finalTitle)!;
    const row = leaderboardResponseSchema
      .parse((await call('GET', '/api/public/leaderboard')).json())
      .players.find((player) => player.name === followed)!;
    expect(final.body.startsWith(`${followed}: ${ordinal(row.rank)}, ${pointsText(row.halfPoints)}`)).toBe(
      true,
    );
  });
});
