/**
 * The deployment of deploy/, run for real: a throw-away PostgreSQL database, two app processes
 * (`node --import tsx src/server/main.ts`, as chess@.service starts them) and Debian's nginx in front with the
 * shipped configuration (deploy/nginx/chess-upstream.conf with this test's ports, chess-proxy.conf as it is).
 * Checks what several processes must share (sessions, live updates, spent proof-of-work challenges) and that
 * stopping one process under load loses no request (ADR 018).
 *
 * Needs nginx and TEST_DATABASE_URL (a PostgreSQL server the test may create a database on). Without them it
 * is skipped with the reason printed, except in CI (CI=true), where it fails instead.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT_NAME,
  type LiveEvent,
  liveEventSchema,
} from '../src/contracts/live';
import type { CreateRegistrationBody } from '../src/contracts/registrations';
import { REGISTRATION_MESSAGES } from '../src/contracts/registrations';
import { solveChallenge } from '../src/server/core/registrations/registration-security';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';
import {
  type Child,
  type DeploymentStack,
  deployDir,
  deploymentStackMissing,
  findNginx,
  startDeploymentStack,
  waitFor,
} from '../tests/support/deployment-stack';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const missing = await deploymentStackMissing('server');
if (missing.length > 0 && !isCi) console.warn(`deployment test skipped: ${missing.join('; ')}`);

/** The `cookie` request header for the cookies a response set (cleared ones left out). */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** A server-sent events reader that notes when each `change` event arrived. */
class LiveStream {
  readonly events: { at: number; event: LiveEvent }[] = [];
  readonly opened: Promise<void>;
  private readonly controller = new AbortController();
  ended = false;
  /** Whether the server said goodbye (a `reconnect` event: it is shutting down) before the stream ended. */
  toldToReconnect = false;

  constructor(url: string) {
    this.opened = new Promise((resolve, reject) => {
      void (async () => {
        try {
          const response = await fetch(url, { signal: this.controller.signal });
          if (response.status !== 200 || !response.body) throw new Error(`live stream: ${response.status}`);
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            buffer += decoder.decode(chunk, { stream: true });
            for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.includes(': connected')) resolve();
              const data = block
                .split('\n')
                .filter((line) => line.startsWith('data: '))
                .map((line) => line.slice(6))
                .join('\n');
              if (block.includes(`event: ${LIVE_RECONNECT_EVENT_NAME}\n`)) this.toldToReconnect = true;
              if (block.includes(`event: ${LIVE_EVENT_NAME}\n`) && data) {
                this.events.push({ at: Date.now(), event: liveEventSchema.parse(JSON.parse(data)) });
              }
            }
          }
        } catch (error) {
          reject(error);
        } finally {
          this.ended = true;
        }
      })();
    });
  }

  /** Milliseconds from `since` until a change event with `topic` arrived after it. */
  async latency(topic: LiveEvent['topics'][number], since: number, timeoutMs: number): Promise<number> {
    const found = await waitFor(
      `a live "${topic}" event`,
      async () => this.events.find((entry) => entry.at >= since && entry.event.topics.includes(topic)),
      timeoutMs,
    );
    return found.at - since;
  }

  close(): void {
    this.controller.abort();
  }
}

describe.skipIf(missing.length > 0 && !isCi)('the deployment: nginx in front of two app processes', () => {
  let stack: DeploymentStack;
  const ports = { nginx: 0, a: 0, b: 0 };
  let work = '';
  let publicUrl = '';
  let databaseUrl = '';
  let failed = false;
  const nginxPath = findNginx();

  const direct = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  const viaNginx = (path: string) => direct(ports.nginx, path);
  const accessLog = () => stack.accessLog();
  const send = (url: string, method: string, body: unknown, cookie = '') =>
    fetch(url, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: publicUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  let clients = 0;
  /**
   * Signs in directly on one process, as a client of its own address: the process trusts one proxy hop, so
   * X-Forwarded-For names the client, and the per-address sign-in limit does not see one busy client.
   */
  const signIn = async (port: number, email: string) => {
    clients += 1;
    const response = await fetch(direct(port, '/api/auth/sign-in/email'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: publicUrl,
        'x-forwarded-for': `198.51.100.${clients}`,
      },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return cookieFrom(response);
  };
  const accountOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`the deployment test cannot run in CI: ${missing.join('; ')}`);
    try {
      // Only the first process seeds the demo.
      stack = await startDeploymentStack({ database: 'server', envA: { SEED_DEMO: '1' } });
    } catch (error) {
      failed = true;
      throw error;
    }
    Object.assign(ports, stack.ports);
    work = stack.work;
    publicUrl = stack.publicUrl;
    databaseUrl = stack.databaseUrl;
  }, 90_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });

  afterAll(async () => {
    if (!stack) return;
    if (failed) console.error(stack.diagnostics());
    await stack.stop();
  }, 30_000);

  it('ships a site file (HTTPS, the redirect from HTTP) that nginx accepts', (context) => {
    const site = join(work, 'site');
    const openssl = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=chess.example.org',
      ].concat(['-keyout', join(work, 'key.pem'), '-out', join(work, 'cert.pem')]),
      { encoding: 'utf8' },
    );
    if (openssl.status !== 0) {
      console.warn('deployment: openssl is missing, so chess-site.conf was not checked with nginx -t');
      context.skip();
    }
    // The installed paths of deploy/README.md, pointed at this test's folder.
    const rendered = readFileSync(join(deployDir, 'nginx/chess-site.conf'), 'utf8')
      .replaceAll('/etc/nginx/snippets/', `${join(deployDir, 'nginx')}/`)
      .replaceAll('/etc/letsencrypt/live/chess.example.org/fullchain.pem', join(work, 'cert.pem'))
      .replaceAll('/etc/letsencrypt/live/chess.example.org/privkey.pem', join(work, 'key.pem'))
      .replaceAll('/var/log/nginx/', `${work}/site-`);
    writeFileSync(`${site}.conf`, rendered);
    writeFileSync(
      `${site}-nginx.conf`,
      readFileSync(join(work, 'nginx.conf'), 'utf8').replace(
        / {2}server \{[\s\S]*\n {2}\}\n/,
        `  include ${site}.conf;\n`,
      ),
    );
    const check = spawnSync(nginxPath!, ['-t', '-p', work, '-c', `${site}-nginx.conf`, '-e', 'stderr'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toContain('test is successful');
    expect(rendered).toContain(`include ${join(deployDir, 'nginx/chess-proxy.conf')};`);
  });

  it('keeps a session made through one process valid on the other, and a sign-out ends it on both', async () => {
    const email = accountOf('admin');
    const cookie = await signIn(ports.a, email);
    for (const url of [direct(ports.b, '/api/me'), viaNginx('/api/me'), direct(ports.a, '/api/me')]) {
      const response = await fetch(url, { headers: { cookie } });
      expect(response.status, url).toBe(200);
      expect((await response.json()).user.email).toBe(email);
    }
    const signOut = await send(direct(ports.b, '/api/auth/sign-out'), 'POST', {}, cookie);
    expect(signOut.status).toBe(200);
    expect((await fetch(direct(ports.a, '/api/me'), { headers: { cookie } })).status).toBe(401);
  });

  it('counts the client address nginx saw, whatever X-Forwarded-For the client sends', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const before = Number(
        (await db.query('select coalesce(max(id), 0) as id from security_audit_log')).rows[0].id,
      );
      const response = await fetch(viaNginx('/api/auth/sign-in/email'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl, 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: accountOf('player'), password: 'not-the-password' }),
      });
      expect(response.status).toBe(401);
      // The audit rows of that failed sign-in name the address the limits count.
      const { rows } = await db.query<{ ip_address: string }>(
        'select ip_address from security_audit_log where id > $1',
        [before],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.ip_address))).toEqual(new Set(['127.0.0.1']));
    } finally {
      await db.end();
    }
  });

  it('brings a result entered through one process to live streams on both within a second', async () => {
    const cookie = await signIn(ports.a, accountOf('admin'));
    const onB = new LiveStream(direct(ports.b, '/api/live'));
    // Two streams through nginx: round robin gives one to each process.
    const throughNginx = [new LiveStream(viaNginx('/api/live')), new LiveStream(viaNginx('/api/live'))];
    const streams = [onB, ...throughNginx];
    try {
      await Promise.all(streams.map((stream) => stream.opened));
      const entry = await (
        await fetch(direct(ports.a, '/api/admin/match-results'), { headers: { cookie } })
      ).json();
      const board = entry.boards.find((candidate: { result: unknown }) => candidate.result === null);
      expect(board, 'the demo has an open board in the current round').toBeDefined();
      const written = Date.now();
      const put = await send(
        direct(ports.a, `/api/admin/match-results/${board.matchId}`),
        'PUT',
        { result: 'draw', expectedVersion: board.version },
        cookie,
      );
      expect(put.status, await put.clone().text()).toBe(200);
      const latencies = await Promise.all(streams.map((stream) => stream.latency('matches', written, 3_000)));
      console.info(`deployment: result → live event on B direct / via nginx: ${latencies.join(' / ')} ms`);
      for (const latency of latencies) expect(latency).toBeLessThan(1_000);
    } finally {
      for (const stream of streams) stream.close();
    }
    // nginx logs a stream when it ends: the two through nginx were served by different processes.
    const served = await waitFor(
      'the live streams in the access log',
      async () => {
        const lines = accessLog().filter((line) => line.includes('"GET /api/live '));
        return lines.length >= 2 ? lines : undefined;
      },
      5_000,
    );
    const upstreams = new Set(served.map((line) => /upstream=(\S+)/.exec(line)?.[1]));
    expect(upstreams).toEqual(new Set([`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`]));
  });

  it('accepts a proof-of-work challenge once across processes, even sent to both at the same moment', async () => {
    const cookie = await signIn(ports.a, accountOf('superadmin'));
    const opened = await send(
      direct(ports.a, '/api/admin/registration-settings'),
      'PUT',
      { is_enabled: true, team_price: 6000, closes_at: null },
      cookie,
    );
    expect(opened.status, await opened.clone().text()).toBe(200);

    const { challenge, difficultyBits } = await (
      await fetch(viaNginx('/api/registrations/challenge'))
    ).json();
    const botProof = { challenge, nonce: solveChallenge(challenge, difficultyBits) };
    const player = (team: string, index: number) => ({
      name: `Player ${team} ${index}`,
      dateOfBirth: '2000-05-01',
    });
    const body = (school: string): CreateRegistrationBody => ({
      registrantName: 'Teacher Example',
      registrantEmail: `teacher@${school}.example`,
      registrantPhone: null,
      schoolName: `${school} Community School`,
      teams: [{ name: `${school} A`, players: [1, 2, 3, 4].map((index) => player(school, index)) }],
      botProof,
    });
    const register = (port: number, school: string) =>
      send(direct(port, '/api/registrations'), 'POST', body(school));

    const [onA, onB] = await Promise.all([register(ports.a, 'Alpha'), register(ports.b, 'Beta')]);
    expect([onA.status, onB.status].sort()).toEqual([201, 400]);
    const refused = onA.status === 400 ? onA : onB;
    expect((await refused.json()).error).toBe(REGISTRATION_MESSAGES.botCheckFailed);

    for (const port of [ports.a, ports.b]) {
      const replay = await register(port, 'Gamma');
      expect(replay.status).toBe(400);
      expect((await replay.json()).error).toBe(REGISTRATION_MESSAGES.botCheckFailed);
    }
  });

  it('keeps nginx out of the way of large bodies and secrets: spills to its temporary files, logs no reset token', async () => {
    // 200 kB is far above nginx's in-memory body buffer: it is written to client_body_temp_path first.
    const large = await fetch(viaNginx('/api/auth/sign-in/email'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({ email: 'nobody@example.org', password: 'x'.repeat(200_000) }),
    });
    expect(large.status).toBeLessThan(500);
    expect(readFileSync(join(work, 'error.log'), 'utf8')).not.toMatch(/Permission denied/);

    const token = 'secret-reset-token-0123456789';
    await (await fetch(viaNginx(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`))).text();
    await (await fetch(viaNginx(`/reset-password?token=${token}`))).text();
    await (await fetch(viaNginx(`/api/auth/verify-email?callbackURL=%2F&token=${token}`))).text();
    const lines = await waitFor(
      'the reset requests in the access log',
      async () => {
        const found = accessLog().filter((line) => line.includes('[redacted]'));
        return found.length >= 3 ? found : undefined;
      },
      5_000,
    );
    expect(lines.join('\n')).toContain('"GET /api/auth/reset-password/[redacted] HTTP/1.1"');
    expect(lines.join('\n')).toContain('"GET /reset-password[redacted] HTTP/1.1"');
    expect(lines.join('\n')).toContain('"GET /api/auth/verify-email?[redacted] HTTP/1.1"');
    expect(accessLog().join('\n')).not.toContain(token);
  });

  it('answers from the snapshot or 503 with Retry-After while the database is lost, never 502, and recovers', async () => {
    const paths = [
      '/api/public/home',
      '/api/public/leaderboard',
      '/api/public/tournament',
      '/api/ready',
      '/api/me',
    ];
    // A signed-in arbiter's page too: it must say 503, never 401 or 403 because the session could not load.
    const signedIn = await signIn(ports.a, accountOf('admin'));
    const get = (path: string) =>
      fetch(viaNginx(path), { headers: path === '/api/me' ? { cookie: signedIn } : {} });
    let cut: { restore(): Promise<void> } | null = null;
    const cutOff = async () => {
      cut = await stack.cutDatabase();
    };
    const restore = async () => {
      await cut?.restore();
    };
    const logStart = accessLog().length;
    const seen = new Map<number, number>();
    const wrong: string[] = [];
    try {
      // Warm: the public snapshot is in each process.
      for (const path of paths.concat(paths)) await (await get(path)).arrayBuffer();
      await cutOff();
      const deadline = Date.now() + 3_000;
      const loop = async (worker: number) => {
        for (let i = worker; Date.now() < deadline; i += 1) {
          const path = paths[i % paths.length]!;
          const response = await get(path);
          await response.arrayBuffer();
          seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
          if (response.status === 503 && !response.headers.get('retry-after'))
            wrong.push(`${path}: 503 without Retry-After`);
          else if (response.status !== 200 && response.status !== 503)
            wrong.push(`${path}: ${response.status}`);
        }
      };
      await Promise.all(Array.from({ length: 4 }, (_, worker) => loop(worker)));
    } finally {
      await restore();
    }
    console.info(
      `deployment: while the database was lost, statuses ${JSON.stringify(Object.fromEntries(seen))}`,
    );
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(seen.get(503) ?? 0, '/api/ready and /api/me at least say the database is gone').toBeGreaterThan(0);
    expect(
      accessLog()
        .slice(logStart)
        .filter((line) => / 502 \d+ /.test(line)),
    ).toEqual([]);
    // Back: every path answers 200 again through nginx, from both processes.
    await waitFor(
      'every path to answer 200 again',
      async () => {
        const statuses = await Promise.all(paths.concat(paths).map(async (path) => (await get(path)).status));
        return statuses.every((status) => status === 200) ? true : undefined;
      },
      15_000,
    );
    const cookie = await signIn(ports.b, accountOf('admin'));
    expect((await fetch(viaNginx('/api/me'), { headers: { cookie } })).status).toBe(200);
  }, 30_000);

  it('loses no request in a rolling restart under load (SIGTERM to one process, then the other)', async () => {
    const paths = ['/api/public/leaderboard', '/api/public/home', '/api/health', '/api/public/tournament'];
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let running = true;
    let sent = 0;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const loop = async (worker: number) => {
      for (let i = worker; running; i += 1) {
        const path = paths[i % paths.length]!;
        sent += 1;
        try {
          const response = await fetch(viaNginx(path));
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status !== 200) failures.push(`${path}: ${response.status}`);
        } catch (error) {
          failures.push(
            `${path}: ${error instanceof Error ? `${error.message} ${String(error.cause)}` : error}`,
          );
        }
        // A phone's pace rather than a benchmark's, so the restarting process gets its share of the cores.
        await pause(5);
      }
    };
    const unitFile = readFileSync(join(deployDir, 'systemd/chess@.service'), 'utf8');
    const stopTimeoutMs = Number(/^TimeoutStopSec=(\d+)s?$/m.exec(unitFile)?.[1]) * 1_000;
    const stop = async (child: Child) => {
      const asked = Date.now();
      child.process.kill('SIGTERM');
      const code = await child.exited;
      return { code, ms: Date.now() - asked };
    };
    const logStart = accessLog().length;
    /** Waits until nginx has answered a request through the process on `port` since `since` lines. */
    const servedBy = (port: number, since: number) => {
      const answered = new RegExp(`upstream=127\\.0\\.0\\.1:${port} upstream_status=200 `);
      return waitFor(
        `nginx to send requests to port ${port} again`,
        async () =>
          accessLog()
            .slice(since)
            .some((line) => answered.test(line))
            ? true
            : undefined,
        10_000,
      );
    };

    // Two live streams opened one after the other go to both processes (round robin).
    const watchers = [new LiveStream(viaNginx('/api/live')), new LiveStream(viaNginx('/api/live'))];
    await Promise.all(watchers.map((watcher) => watcher.opened));
    const loops = Array.from({ length: 20 }, (_, worker) => loop(worker));
    await pause(1_000);
    // The deploy/README.md loop: restart one process, wait until it serves again, then the next.
    const stoppedB = await stop(stack.app('b'));
    // A browser told to reconnect opens a new stream through nginx, which finds the running process.
    const reconnected = new LiveStream(viaNginx('/api/live'));
    watchers.push(reconnected);
    await reconnected.opened;
    const restartedAt = accessLog().length;
    await stack.startApp('b', 'app B (new release)');
    await servedBy(ports.b, restartedAt);
    const stoppedA = await stop(stack.app('a'));
    await pause(1_000);
    running = false;
    await Promise.all(loops);

    // Every stream ended with the server's goodbye, not a cut connection.
    await waitFor(
      'the live streams to end',
      async () => (watchers.every((watcher) => watcher.ended) ? true : undefined),
      5_000,
    );
    expect(watchers.map((watcher) => watcher.toldToReconnect)).toEqual([true, true, true]);

    const lines = accessLog().slice(logStart);
    const retried = lines.filter((line) => /upstream_status=\S+, /.test(line)).length;
    console.info(
      `deployment: rolling restart under 20 request loops: ${sent} GETs through nginx, statuses ` +
        `${JSON.stringify(Object.fromEntries(statuses))}, ${retried} passed on to the other process; ` +
        `B stopped in ${stoppedB.ms} ms, A in ${stoppedA.ms} ms`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(statuses.get(200)).toBe(sent);
    expect([stoppedB.code, stoppedA.code]).toEqual([0, 0]);
    // systemd's TimeoutStopSec leaves room for the drain.
    expect(Math.max(stoppedB.ms, stoppedA.ms)).toBeLessThan(stopTimeoutMs);
    // nginx itself answered nothing with an error: every request ended with a process's 200.
    expect(lines.filter((line) => !/ 200 \d+ [\d.]+ upstream=/.test(line))).toEqual([]);
  }, 45_000);
});
