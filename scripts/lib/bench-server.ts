import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real server in its own process, on loopback with a throw-away data folder and the demo tournament, as
 * benchmarks measure it: `base` once it answers /api/ready, `stop()` to end it and remove its data.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = 7000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { base, pid: server.pid ?? 0, stop };
    } catch {}
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error('the server did not start within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The server-drawn pages are measured from the built client (ADR 023): stop early, saying how, without it. */
export function requireClientBuild(): void {
  if (!existsSync('dist/client/index.html') || !existsSync('dist/client-ssr/entry-server.js')) {
    console.error('The pages are measured from the built client: run `npm run build` first.');
    process.exit(1);
  }
}

/** CPU time a process has used so far, in ms (Linux: user + system time from /proc/<pid>/stat, 100 ticks/s). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
