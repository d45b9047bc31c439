import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/server/free-port';
import { SseClient } from '../../tests/support/server/sse-client';
import { LIVE_RECONNECT_EVENT_NAME } from '../contracts/live';
import { DRAINING_MESSAGE } from './http/drain';

const serverEntry = new URL('./main.ts', import.meta.url).pathname;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  agent: http.Agent,
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A phone reading the leaderboard over and over on one keep-alive connection, until told to go away. */
function reader(port: number) {
  const answers: Answer[] = [];
  return { answers, done: read(port, answers) };
}

async function read(port: number, answers: Answer[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const errors: string[] = [];
  try {
    for (;;) {
      try {
        const answer = await request(agent, port, { path: '/api/public/leaderboard' });
        answers.push(answer);
        if (answer.status === 503) break;
      } catch (error) {
        errors.push(`${(error as NodeJS.ErrnoException).code ?? ''} ${(error as Error).message}`);
        break;
      }
    }
  } finally {
    agent.destroy();
  }
  return { errors };
}

describe('stopping the server process (SIGTERM) under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-test-'));
  let port: number;
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '8000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000;
    while (!/Server listening/.test(output)) {
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes what is running, answers the rest 503 + Connection: close, resets nothing, and exits 0', async () => {
    const live = new SseClient(`http://127.0.0.1:${port}/api/live`);
    await live.waitUntilConnected();

    // A sign-in whose body is still arriving when the signal comes: it is in flight and must finish.
    const slow = new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.write('{"email":"arbiter@demo.test",');
      setTimeout(() => req.end('"password":"demo-pass-2025"}'), 1_000);
    });

    // Sixteen phones, each on its own keep-alive connection, all of them already answered at least once.
    const readers = Array.from({ length: 16 }, () => reader(port));
    const deadline = Date.now() + 20_000;
    while (readers.some((r) => r.answers.length < 2) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    const results = await Promise.all(readers.map((r) => r.done));
    const signIn = await slow;
    const code = await exited;
    const elapsed = Date.now() - signalledAt;

    const errors = results.flatMap((result) => result.errors);
    expect(errors, 'requests that got no answer (a reset or hang-up)').toEqual([]);
    const answers = readers.flatMap((r) => r.answers);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(16);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    for (const r of readers) {
      // Every connection was told, on that connection, to go away.
      const last = r.answers.at(-1) as Answer;
      expect(last.status).toBe(503);
      expect(last.headers.connection).toBe('close');
      expect(last.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(last.body).error).toBe(DRAINING_MESSAGE);
    }

    expect(signIn.status).toBe(200);
    expect(signIn.headers['set-cookie']?.join(';')).toContain('session_token');
    expect(signIn.headers.connection).toBe('close');

    expect(live.otherEvents.map((event) => event.event)).toContain(LIVE_RECONNECT_EVENT_NAME);
    expect(live.ended).toBe(true);
    live.close();

    expect(code).toBe(0);
    expect(elapsed).toBeLessThan(8_000);
    expect(output).toContain('shutting down');
    expect(output).toContain('"finished":true');
    await expect(request(new http.Agent(), port, { path: '/api/health' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  }, 60_000);
});
