import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL server of its own for a test that must stop or restart the server (ADR 016): a fresh cluster
 * (`initdb`) in a temporary folder on a free port, never the shared server other tests use. Needs Debian's
 * PostgreSQL binaries (the `postgresql` package, which `.ci/run` installs); as root it runs them as the
 * `postgres` system user, since PostgreSQL refuses to run as root.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /**
   * Stops the server (fast shutdown: open connections are cut), keeps it down for `downMs`, starts it again;
   * resolves once it accepts connections. Runs the tools asynchronously, so a test's load goes on meanwhile.
   */
  restart(downMs?: number): Promise<void>;
  stop(): void;
}

/** The folder of initdb and pg_ctl, newest version first, or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config (only the client package): look in Debian's layout
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Why a throw-away cluster cannot be made here, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  if (!postgresBinDir()) return 'PostgreSQL server binaries (initdb, pg_ctl) are not installed';
  if (isRoot()) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres system user to run PostgreSQL as';
    }
  }
  return null;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('PostgreSQL server binaries are not installed');
  const folder = mkdtempSync(join(tmpdir(), 'throwaway-pg-'));
  const dataDir = join(folder, 'data');
  const log = join(folder, 'server.log');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const commandFor = (tool: string, args: string[]): [string, string[]] => {
    const command = join(binDir, tool);
    return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  };
  const run = (tool: string, args: string[]) => {
    const [command, commandArgs] = commandFor(tool, args);
    execFileSync(command, commandArgs, { stdio: 'pipe' });
  };
  const runAsync = async (tool: string, args: string[]) => {
    const [command, commandArgs] = commandFor(tool, args);
    await execFileAsync(command, commandArgs);
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const startArgs = ['-D', dataDir, '-o', serverOptions, '-l', log, '-w', '-t', '30', 'start'];
  run('pg_ctl', startArgs);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async (downMs = 0) => {
      await runAsync('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await runAsync('pg_ctl', startArgs);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
