import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/server/free-port';

const serverEntry = new URL('./main.ts', import.meta.url).pathname;

interface Started {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

// Generous: a behaviour test, not a timing one. Seeding the demo in a child process took over 30 s on CI's two
// cores while other test files ran beside it.
async function waitForOutput(started: Started, pattern: RegExp, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.output())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${pattern}; output:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'main-test-'));
  let port: number;
  let server: Started;

  beforeAll(async () => {
    port = await freePort();
    // HOST asks for every interface, but a demo must stay on loopback.
    server = startServer({ PORT: String(port), DATA_DIR: dataDir, HOST: '0.0.0.0' });
    await waitForOutput(server, /Server listening/);
  }, 120_000);

  afterAll(async () => {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo into an empty DATA_DIR, says so loudly and listens on 127.0.0.1 only', async () => {
    expect(server.output()).toContain('the database is empty: seeding the demo tournament');
    expect(server.output()).toContain('*** DEMO MODE ***');
    expect(server.output()).toContain(`Server listening at http://127.0.0.1:${port}`);
    expect(server.output()).not.toContain('0.0.0.0:');
    const home = await (await fetch(`http://127.0.0.1:${port}/api/public/home`)).json();
    expect(home.tournament.name).toBe('Schools Team Chess Championship 2025');
  });

  it('logs JSON lines with the request id it returns', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    const requestId = response.headers.get('x-request-id');
    await waitForOutput(server, new RegExp(`"requestId":"${requestId}"`), 5_000);
  });

  it('refuses a second server on the same DATA_DIR', async () => {
    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another server \(pid \d+\) is using/);
  });

  it('shuts down cleanly on SIGTERM, even with a live-update stream open', async () => {
    const stream = await fetch(`http://127.0.0.1:${port}/api/live`);
    expect(stream.status).toBe(200);
    const started = Date.now();
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('shutting down');
  });

  it('restarts on the same data without seeding again', async () => {
    const again = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitForOutput(again, /Server listening/);
    expect(again.output()).not.toContain('seeding');
    again.process.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});

describe('configuration', () => {
  it('stops with a message naming a bad variable', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'main-bad-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  });
});
