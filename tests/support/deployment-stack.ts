/**
 * The deployment of deploy/, run for real, as the deployment test (deploy/deployment.test.ts) and the dress
 * rehearsal (scripts/rehearsal.ts) run it: a throw-away PostgreSQL database, two app processes
 * (`node --import tsx src/server/main.ts`, as chess@.service starts them) and Debian's nginx in front with the
 * shipped configuration (deploy/nginx/chess-upstream.conf with free ports, chess-proxy.conf as it is).
 *
 * The database is either a new database on a PostgreSQL server the caller names (TEST_DATABASE_URL), or a
 * PostgreSQL server of the stack's own (a throw-away cluster, tests/support/server/throwaway-postgres.ts), which
 * can then really be restarted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { freePort } from './server/free-port';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
  throwawayPostgresUnavailable,
} from './server/throwaway-postgres';

const repoRoot = new URL('../..', import.meta.url).pathname;
export const deployDir = join(repoRoot, 'deploy');
const serverEntry = join(repoRoot, 'src/server/main.ts');
/** The ports chess-upstream.conf names, replaced by the stack's free ports. */
const SHIPPED_PORTS = [3001, 3002] as const;
const AUTH_SECRET = 'deployment-stack-secret-at-least-32-characters';

export function findNginx(): string | null {
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

/**
 * Why the stack cannot run here (empty when it can): nginx, and either the PostgreSQL server of
 * TEST_DATABASE_URL (`database: 'server'`) or PostgreSQL's binaries for a cluster of its own (`'own'`).
 */
export async function deploymentStackMissing(database: 'server' | 'own'): Promise<string[]> {
  const missing: string[] = [];
  if (!findNginx()) missing.push('nginx is not installed (apt-get install -y nginx, or set NGINX_PATH)');
  if (database === 'own') {
    const problem = throwawayPostgresUnavailable();
    if (problem) missing.push(problem);
    return missing;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) missing.push('TEST_DATABASE_URL is not set (bash .ci/run sets it)');
  else {
    const problem = await canConnect(serverUrl);
    if (problem) missing.push(`cannot reach the TEST_DATABASE_URL server: ${problem}`);
  }
  return missing;
}

export interface Child {
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
    // Keep the tail only: a day's worth of logs would otherwise fill the memory.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, process: child, output: () => output, exited };
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type AppName = 'a' | 'b';

export interface DeploymentStack {
  /** nginx's prefix folder: its configuration, logs, pid and temporary files. */
  work: string;
  ports: { nginx: number; a: number; b: number };
  /** nginx's address, the site's PUBLIC_URL. */
  publicUrl: string;
  /** The stack's database (DATABASE_URL of both processes). */
  databaseUrl: string;
  /** A URL on one process directly, past nginx. */
  direct(port: number, path: string): string;
  viaNginx(path: string): string;
  /** The running (or last started) process of each name. */
  app(name: AppName): Child;
  /** Starts the process of that name again (after it exited) and waits until it listens. */
  startApp(name: AppName, label?: string, env?: NodeJS.ProcessEnv): Promise<Child>;
  /** nginx's access log, one line per answered request (the `chess` format of chess-proxy.conf). */
  accessLog(): string[];
  /** Cuts every connection to the database and refuses new ones until `restore()`. */
  cutDatabase(): Promise<{ restore(): Promise<void> }>;
  /** Restarts the stack's own PostgreSQL server (`database: 'own'` only): down for `downMs`, then up. */
  restartDatabase(downMs: number): Promise<void>;
  /** Every process's output and nginx's error log, for a failure report. */
  diagnostics(): string;
  /** Copies nginx's logs and each process's output (its last 100–200 kB) into `dir`, for a closer look. */
  saveLogs(dir: string): void;
  /** Stops everything and removes the database and folders. */
  stop(): Promise<void>;
}

export interface DeploymentStackOptions {
  /** The database: a new one on TEST_DATABASE_URL's server, or a PostgreSQL server of the stack's own. */
  database: 'server' | 'own';
  /** Set on both processes (e.g. SEED_DEMO for the first). */
  env?: NodeJS.ProcessEnv;
  /** Set on process A only (both start at once; only A seeds the demo, when asked). */
  envA?: NodeJS.ProcessEnv;
  /** Runs once the database exists, before the processes start (e.g. migrations and accounts). */
  beforeApps?: (databaseUrl: string) => Promise<void>;
  /** The processes' pool size (DB_POOL_MAX). */
  poolMax?: number;
}

export async function startDeploymentStack(options: DeploymentStackOptions): Promise<DeploymentStack> {
  const nginxPath = findNginx();
  if (!nginxPath) throw new Error('nginx is not installed');
  const work = mkdtempSync(join(tmpdir(), 'chess-deploy-'));
  // Started as root (.ci/run), nginx's master stays root and its workers run as `nobody`, nginx's default:
  // they must reach the temporary folders inside this one (bodies and answers too large for memory spill
  // there), which mkdtemp made 0700. nginx creates those folders and hands them to the workers itself.
  if (process.getuid?.() === 0) chmodSync(work, 0o755);
  const ports = { nginx: await freePort(), a: await freePort(), b: await freePort() };
  const publicUrl = `http://127.0.0.1:${ports.nginx}`;
  const children: Child[] = [];
  const apps = new Map<AppName, Child>();
  let own: ThrowawayPostgres | null = null;
  let serverUrl = '';
  const databaseName = `chess_test_deploy_${randomBytes(5).toString('hex')}`;
  try {
    if (options.database === 'own') {
      own = await startThrowawayPostgres();
      serverUrl = own.url;
    } else {
      serverUrl = process.env.TEST_DATABASE_URL ?? '';
      if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    }
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(databaseName)}`).finally(() => admin.end());
  } catch (error) {
    own?.stop();
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();

  const direct = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  const viaNginx = (path: string) => direct(ports.nginx, path);
  const accessLog = () => {
    try {
      return readFileSync(join(work, 'access.log'), 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };

  function launch(name: AppName, label: string, extra: NodeJS.ProcessEnv = {}): Child {
    const port = ports[name];
    const child = startChild(label, process.execPath, ['--import', 'tsx', serverEntry], {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_OFFLINE_PAYMENTS: '1',
      DATABASE_URL: databaseUrl,
      DB_POOL_MAX: String(options.poolMax ?? 5),
      AUTH_SECRET,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY_HOPS: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The processes' own folder (the backups and their job files among it), shared by both as in production.
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'info',
      ...options.env,
      ...extra,
    });
    children.push(child);
    apps.set(name, child);
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
events { worker_connections 4096; }
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

  let nginx: Child | null = null;
  const stop = async () => {
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
    rmSync(work, { recursive: true, force: true });
    if (own) own.stop();
    else {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`);
      await cleanup.end();
    }
  };

  const diagnostics = () => {
    const parts = children.map(
      (child) => `----- ${child.name} output (last 6000 characters) -----\n${child.output().slice(-6000)}`,
    );
    try {
      parts.push(
        `----- nginx error.log -----\n${readFileSync(join(work, 'error.log'), 'utf8').slice(-4000)}`,
      );
    } catch {
      // no log
    }
    return parts.join('\n');
  };

  try {
    await options.beforeApps?.(databaseUrl);
    // Both start at once, as systemd starts them: one applies the migrations while the other waits on the
    // advisory lock.
    const appA = launch('a', 'app A', options.envA);
    const appB = launch('b', 'app B');
    const configPath = join(work, 'nginx.conf');
    writeFileSync(configPath, renderNginxConfig());
    nginx = startChild(
      'nginx',
      nginxPath,
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
    console.error(diagnostics());
    await stop();
    throw error;
  }

  return {
    work,
    ports,
    publicUrl,
    databaseUrl,
    direct,
    viaNginx,
    app: (name) => apps.get(name)!,
    async startApp(name, label = `app ${name.toUpperCase()} (again)`, env = {}) {
      const child = launch(name, label, env);
      await listening(child, ports[name]);
      return child;
    },
    accessLog,
    async cutDatabase() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`ALTER DATABASE ${pg.escapeIdentifier(databaseName)} ALLOW_CONNECTIONS false`);
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      return {
        async restore() {
          await client.query(`ALTER DATABASE ${pg.escapeIdentifier(databaseName)} ALLOW_CONNECTIONS true`);
          await client.end();
        },
      };
    },
    async restartDatabase(downMs) {
      if (!own) throw new Error('restartDatabase needs the stack’s own PostgreSQL server (database: "own")');
      await own.restart(downMs);
    },
    diagnostics,
    saveLogs(dir) {
      mkdirSync(dir, { recursive: true });
      for (const name of ['access.log', 'error.log']) {
        try {
          copyFileSync(join(work, name), join(dir, name));
        } catch {
          // not written
        }
      }
      children.forEach((child, index) => {
        writeFileSync(join(dir, `${index}-${child.name.replace(/\W+/g, '-')}.log`), child.output());
      });
    },
    stop,
  };
}
