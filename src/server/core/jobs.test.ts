import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../tests/support/server/test-app';
import { databaseTargets } from '../../../tests/support/server/test-database';
import { type BackgroundJob, JobRunner } from './jobs';

/** A stand-in for the app: the close hooks it was given, run last-added first as Fastify does. */
function fakeApp() {
  const hooks: (() => Promise<void>)[] = [];
  return {
    addHook: (_name: string, hook: () => Promise<void>) => void hooks.push(hook),
    close: async () => {
      for (const hook of [...hooks].reverse()) await hook();
    },
  };
}

function job(overrides: Partial<BackgroundJob> & Pick<BackgroundJob, 'run'>): BackgroundJob {
  return {
    name: 'test-job',
    firstAfterMs: 100,
    everyMs: 1_000,
    claim: 'none',
    claimNote: 'a test',
    shutdownMs: 500,
    ...overrides,
  };
}

/** A promise and the means to settle it from outside. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('the job runner (issue #28)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job first after firstAfterMs, then every everyMs', async () => {
    vi.useFakeTimers();
    const app = fakeApp();
    const run = vi.fn(async () => {});
    new JobRunner(app, { warn: vi.fn() }).start([job({ run })]);
    await vi.advanceTimersByTimeAsync(99);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(4);
    await app.close();
  });

  it('never starts a run while the previous one is still going', async () => {
    vi.useFakeTimers();
    const app = fakeApp();
    const slow = deferred();
    let calls = 0;
    const run = vi.fn(() => (++calls === 1 ? slow.promise : Promise.resolve()));
    new JobRunner(app, { warn: vi.fn() }).start([job({ run, firstAfterMs: 1_000 })]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    slow.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('logs a failed run, throws nothing, and runs again at the next time', async () => {
    vi.useFakeTimers();
    const app = fakeApp();
    const warn = vi.fn();
    const failure = new Error('database gone');
    const run = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    new JobRunner(app, { warn }).start([job({ name: 'flaky', run })]);
    await vi.advanceTimersByTimeAsync(100);
    expect(warn).toHaveBeenCalledWith({ err: failure, job: 'flaky' }, expect.stringContaining('failed'));
    await vi.advanceTimersByTimeAsync(900);
    expect(run).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('on close clears the timers and waits for a run in flight, at most its shutdownMs', async () => {
    vi.useFakeTimers();
    const app = fakeApp();
    const warn = vi.fn();
    const hung = deferred();
    const run = vi.fn(() => hung.promise);
    new JobRunner(app, { warn }).start([job({ name: 'stuck', run, shutdownMs: 500 })]);
    await vi.advanceTimersByTimeAsync(100);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(closed).toBe(true);
    expect(warn).toHaveBeenCalledWith({ job: 'stuck', waitedMs: 500 }, expect.any(String));
    // No timer is left: the job never runs again.
    hung.resolve();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on close waits for a run in flight that finishes within its bound, and no longer', async () => {
    vi.useFakeTimers();
    const app = fakeApp();
    const warn = vi.fn();
    const running = deferred();
    new JobRunner(app, { warn }).start([job({ run: () => running.promise, shutdownMs: 5_000 })]);
    await vi.advanceTimersByTimeAsync(100);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(closed).toBe(false);
    running.resolve();
    await closing;
    expect(warn).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait at close for a job whose shutdownMs is 0 (its owner waits)', async () => {
    vi.useFakeTimers();
    const app = fakeApp();
    const hung = deferred();
    new JobRunner(app, { warn: vi.fn() }).start([job({ run: () => hung.promise, shutdownMs: 0 })]);
    await vi.advanceTimersByTimeAsync(100);
    await app.close();
    expect(vi.getTimerCount()).toBe(0);
    hung.resolve();
  });

  it('starts followers in order and stops them on close, the last started first', async () => {
    const app = fakeApp();
    const events: string[] = [];
    const runner = new JobRunner(app, { warn: vi.fn() });
    const follower = (name: string) => ({
      start: () => void events.push(`start ${name}`),
      stop: () => void events.push(`stop ${name}`),
    });
    await runner.follow('feed', follower('feed'));
    await runner.follow('switches', follower('switches'));
    expect(runner.started).toEqual(['feed', 'switches']);
    await app.close();
    expect(events).toEqual(['start feed', 'start switches', 'stop switches', 'stop feed']);
  });
});

describe.each(databaseTargets)('the app’s background jobs on %s', (target) => {
  it('are the ones src/server/background-jobs.ts lists, and nothing else starts a repeating timer', async () => {
    const backupDir = mkdtempSync(join(tmpdir(), 'jobs-test-backups-'));
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const t = await startTestApp(target, { seed: false, backupDir });
    try {
      const intervals = setIntervalSpy.mock.calls.length;
      setIntervalSpy.mockRestore();
      const jobs = [
        'mail-queue',
        'push-queue',
        'page-view-flush',
        'crm-sync',
        'crm-reminders',
        'log-purge',
        'daily-retention',
        'daily-backup',
      ];
      expect(t.app.backgroundJobs.started).toEqual([
        'change-feed',
        'safe-control',
        'crm-sync-changes',
        'follow-announcer',
        ...jobs,
      ]);
      // One interval per job, none of a feature's own.
      expect(intervals).toBe(jobs.length);
    } finally {
      setIntervalSpy.mockRestore();
      await t.close();
      rmSync(backupDir, { recursive: true, force: true });
    }
  });
});
