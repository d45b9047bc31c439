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
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
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
import { meetsDifficulty } from '../src/domain/registration';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';

const repoRoot = new URL('..', import.meta.url).pathname;
const deployDir = join(repoRoot, 'deploy');
const serverEntry = join(repoRoot, 'src/server/main.ts');
/** The ports chess-upstream.conf names, replaced by this test's free ports. */
const SHIPPED_PORTS = [3001, 3002] as const;
const AUTH_SECRET = 'deployment-test-secret-at-least-32-characters';
const isCi = process.env.CI === 'true' || process.env.CI === '1';

function findNginx(): string | null {
  const candidates = [
    process.env.NGINX_PATH,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nginx')),
    '/usr/sbin/nginx',
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

async function canConnect(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const nginxPath = findNginx();
const serverUrl = process.env.TEST_DATABASE_URL;
const missing: string[] = [];
if (!nginxPath) missing.push('nginx is not installed (apt-get install -y nginx, or set NGINX_PATH)');
if (!serverUrl) missing.push('TEST_DATABASE_URL is not set (bash .ci/run sets it)');
else {
  const problem = await canConnect(serverUrl);
  if (problem) missing.push(`cannot reach the TEST_DATABASE_URL server: ${problem}`);
}
if (missing.length > 0 && !isCi) console.warn(`deployment test skipped: ${missing.join('; ')}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Child {
  name: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  let output = '';
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, process: child, output: () => output, exited };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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

function solveChallenge(challenge: string, bits: number): string {
  for (let nonce = 0; ; nonce += 1) {
    if (meetsDifficulty(createHash('sha256').update(`${challenge}${nonce}`, 'utf8').digest(), bits)) {
      return String(nonce);
    }
  }
}

describe.skipIf(missing.length > 0 && !isCi)('the deployment: nginx in front of two app processes', () => {
  /** nginx's prefix: its configuration, logs, pid and temporary files. */
  let work = '';
  const databaseName = `chess_test_deploy_${randomBytes(5).toString('hex')}`;
  const children: Child[] = [];
  const ports = { nginx: 0, a: 0, b: 0 };
  let databaseUrl = '';
  let publicUrl = '';
  let appA: Child;
  let appB: Child;
  let nginx: Child;
  let failed = false;

  const direct = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  const viaNginx = (path: string) => direct(ports.nginx, path);
  const accessLog = () => {
    try {
      return readFileSync(join(work, 'access.log'), 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
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

  function startApp(name: string, port: number, extra: NodeJS.ProcessEnv = {}): Child {
    const child = startChild(name, process.execPath, ['--import', 'tsx', serverEntry], {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_OFFLINE_PAYMENTS: '1',
      DATABASE_URL: databaseUrl,
      DB_POOL_MAX: '5',
      AUTH_SECRET,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY_HOPS: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...extra,
    });
    children.push(child);
    return child;
  }
  async function listening(child: Child, port: number): Promise<void> {
    const deadline = Date.now() + 45_000;
    while (!child.output().includes(`Server listening at http://127.0.0.1:${port}`)) {
      if (child.process.exitCode !== null)
        throw new Error(`${child.name} exited with ${child.process.exitCode}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${child.name} to listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function renderNginxConfig(): string {
    let upstream = readFileSync(join(deployDir, 'nginx/chess-upstream.conf'), 'utf8');
    for (const [index, shipped] of SHIPPED_PORTS.entries()) {
      const pattern = new RegExp(`server 127\\.0\\.0\\.1:${shipped}\\b`, 'g');
      const found = upstream.match(pattern)?.length ?? 0;
      if (found !== 1)
        throw new Error(`chess-upstream.conf should name 127.0.0.1:${shipped} once (${found})`);
      upstream = upstream.replace(pattern, `server 127.0.0.1:${index === 0 ? ports.a : ports.b}`);
    }
    writeFileSync(join(work, 'chess-upstream.conf'), upstream);
    const temp = (name: string) => join(work, name);
    // As /etc/nginx/nginx.conf and chess-site.conf would, minus TLS, root and the system's log folders.
    return `worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} info;
events { worker_connections 1024; }
http {
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${temp('chess-upstream.conf')};
  server {
    listen 127.0.0.1:${ports.nginx};
    access_log ${temp('access.log')} chess;
    include ${join(deployDir, 'nginx/chess-proxy.conf')};
  }
}
`;
  }

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`the deployment test cannot run in CI: ${missing.join('; ')}`);
    work = mkdtempSync(join(tmpdir(), 'chess-deploy-'));
    // Started as root (.ci/run), nginx's master stays root and its workers run as `nobody`, nginx's default:
    // they must reach the temporary folders inside this one (bodies and answers too large for memory spill
    // there), which mkdtemp made 0700. nginx creates those folders and hands them to the workers itself.
    if (process.getuid?.() === 0) chmodSync(work, 0o755);
    ports.nginx = await freePort();
    ports.a = await freePort();
    ports.b = await freePort();
    publicUrl = `http://127.0.0.1:${ports.nginx}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(databaseName)}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();

    try {
      // Both start at once, as systemd starts them: one applies the migrations while the other waits on the
      // advisory lock. Only the first seeds the demo.
      appA = startApp('app A', ports.a, { SEED_DEMO: '1' });
      appB = startApp('app B', ports.b);
      const configPath = join(work, 'nginx.conf');
      writeFileSync(configPath, renderNginxConfig());
      nginx = startChild(
        'nginx',
        nginxPath!,
        ['-p', work, '-c', configPath, '-e', 'stderr', '-g', 'daemon off;'],
        {
          ...process.env,
        },
      );
      children.push(nginx);
      await listening(appA, ports.a);
      await listening(appB, ports.b);
      await waitFor(
        'nginx to answer',
        async () => ((await fetch(viaNginx('/api/health'))).status === 200 ? true : undefined),
        10_000,
      );
    } catch (error) {
      failed = true;
      throw error;
    }
  }, 90_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });

  afterAll(async () => {
    // nginx gets SIGTERM so that its master stops its workers too (SIGKILL would leave them running); the app
    // processes have no children. Whatever has not exited after 5 s is killed.
    await Promise.all(
      children.map(async (child) => {
        if (child.process.exitCode !== null || child.process.signalCode !== null) return;
        child.process.kill(child === nginx ? 'SIGTERM' : 'SIGKILL');
        const timer = setTimeout(() => child.process.kill('SIGKILL'), 5_000);
        await child.exited;
        clearTimeout(timer);
      }),
    );
    if (failed) {
      for (const child of children) {
        console.error(
          `----- ${child.name} output (last 6000 characters) -----\n${child.output().slice(-6000)}`,
        );
      }
      try {
        console.error(
          `----- nginx error.log -----\n${readFileSync(join(work, 'error.log'), 'utf8').slice(-4000)}`,
        );
      } catch {
        // no log
      }
    }
    if (work) rmSync(work, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`);
      await admin.end();
    }
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
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const cutOff = async () => {
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(databaseName)} ALLOW_CONNECTIONS false`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
    };
    const restore = () =>
      admin.query(`ALTER DATABASE ${pg.escapeIdentifier(databaseName)} ALLOW_CONNECTIONS true`);
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
      await admin.end();
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
    const stoppedB = await stop(appB);
    // A browser told to reconnect opens a new stream through nginx, which finds the running process.
    const reconnected = new LiveStream(viaNginx('/api/live'));
    watchers.push(reconnected);
    await reconnected.opened;
    const restartedAt = accessLog().length;
    appB = startApp('app B (new release)', ports.b);
    await listening(appB, ports.b);
    await servedBy(ports.b, restartedAt);
    const stoppedA = await stop(appA);
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
