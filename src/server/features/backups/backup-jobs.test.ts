import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupJobs, JOB_SILENT_MS, type JobReporter, type JobResult } from './backup-jobs';

const LOST = 'the process stopped';
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Two processes' job lists over one shared folder, each with its own clock. */
function twoProcesses(now = () => new Date()) {
  const dir = join(mkdtempSync(join(tmpdir(), 'backup-jobs-')), 'jobs');
  folders.push(dir.slice(0, -'/jobs'.length));
  const make = () =>
    new BackupJobs(
      now,
      () => 'failed',
      dir,
      () => undefined,
      LOST,
    );
  return { a: make(), b: make() };
}

/** What `read` gives once `ok` holds of it (the other process's writes are asynchronous), within 5 s. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A job that reports what it is told and ends when `finish` is called. */
function controllableJob() {
  let finish: () => void = () => undefined;
  let reporter: JobReporter | null = null;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const run = async (report: JobReporter): Promise<JobResult> => {
    reporter = report;
    report.phase('writing');
    report.progress({ tablesDone: 1, tablesTotal: 4, rowsDone: 10, rowsTotal: 40 });
    await done;
    return { backup: null, restore: null };
  };
  return { run, finish: () => finish(), reporter: () => reporter };
}

describe('backup jobs shared between processes', () => {
  it('lets the other process answer for a job: its phase while it runs, then done', async () => {
    const { a, b } = twoProcesses();
    const job = controllableJob();
    const started = a.start('backup', null, job.run)!;
    // The first writes are at once (start, phase), and the answer to the start waits for them: the other
    // process sees the job writing at its first poll.
    await a.written();
    const seen = await b.get(started.id);
    expect(seen?.phase).toBe('writing');
    expect(seen?.finishedAt).toBeNull();
    expect((await b.current())?.id).toBe(started.id);

    job.finish();
    await a.idle();
    const finished = await b.get(started.id);
    expect(finished?.phase).toBe('done');
    expect(finished?.finishedAt).not.toBeNull();
    expect(await b.current()).toBeNull();
  });

  it('reports a job whose process went silent as failed, and knows no job it never saw', async () => {
    let clock = Date.now();
    const { a, b } = twoProcesses(() => new Date(clock));
    const job = controllableJob();
    const started = a.start('backup', null, job.run)!;
    const seen = await eventually(
      () => b.get(started.id),
      (job) => job?.phase === 'writing',
    );
    expect(seen?.phase).toBe('writing');

    // As if process A were killed: its file stops changing; a minute later B says so.
    clock += JOB_SILENT_MS + 1_000;
    const lost = await b.get(started.id);
    expect(lost).toMatchObject({ phase: 'failed', error: LOST });
    expect(lost?.finishedAt).not.toBeNull();
    expect(await b.current()).toBeNull();
    expect(await b.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    job.finish();
    await a.idle();
  });

  it('keeps a job in its own process only when no folder is given', async () => {
    const alone = new BackupJobs(
      () => new Date(),
      () => 'failed',
    );
    const other = new BackupJobs(
      () => new Date(),
      () => 'failed',
    );
    const job = controllableJob();
    const started = alone.start('backup', null, job.run)!;
    expect((await alone.get(started.id))?.kind).toBe('backup');
    expect(await other.get(started.id)).toBeUndefined();
    job.finish();
    await alone.idle();
  });
});
