import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BackupJob, type BackupPhase, backupJobSchema } from '../../../contracts/backups';

/**
 * The backup and restore jobs (ADR 025): run by one process, in memory there, and written to a file in the
 * backup folder's `jobs/` (which every process of the site shares, as it shares the backups), so the page that
 * started a job can poll it through whichever process nginx picks. One job at a time per process.
 *
 * A job whose file has not changed for JOB_SILENT_MS while unfinished is reported failed: the process running
 * it stopped (the dress rehearsal kills one in mid-round).
 */

/** The share of the whole job each phase covers, as [from, to] percent. */
const PHASE_SPANS: Record<BackupJob['kind'], Partial<Record<BackupPhase, [number, number]>>> = {
  backup: { writing: [0, 50], verifying: [50, 100] },
  restore: {
    'rollback-point': [0, 30],
    'verifying-rollback-point': [30, 50],
    restoring: [50, 100],
  },
};
/** Finished jobs kept for a late poll. */
const KEEP_FINISHED = 20;
/** Progress is written at most this often (a phase change or the end at once). */
const WRITE_EVERY_MS = 250;
/** An unfinished job not written for this long has lost its process (a phase writes at least every few s). */
export const JOB_SILENT_MS = 60_000;

export interface JobProgress {
  tablesDone: number;
  tablesTotal: number;
  rowsDone: number;
  rowsTotal: number;
}

/** What a running job reports through. */
export interface JobReporter {
  phase(phase: BackupPhase): void;
  progress(progress: JobProgress): void;
  named(backupName: string): void;
}

export type JobResult = Pick<BackupJob, 'backup' | 'restore'>;

function percentOf(job: BackupJob): number {
  if (job.phase === 'done') return 100;
  const span = PHASE_SPANS[job.kind][job.phase];
  if (!span) return job.percent;
  const [from, to] = span;
  const fraction =
    job.rowsTotal > 0
      ? job.rowsDone / job.rowsTotal
      : job.tablesTotal > 0
        ? job.tablesDone / job.tablesTotal
        : 0;
  return Math.min(100, Math.max(job.percent, Math.round(from + (to - from) * Math.min(1, fraction))));
}

export class BackupJobs {
  private readonly jobs = new Map<string, BackupJob>();
  private running: Promise<void> | null = null;
  /** The writes of this process's job files, one after another, so the last state written is the last made. */
  private writes: Promise<void> = Promise.resolve();
  private lastWriteAt = 0;

  constructor(
    private readonly now: () => Date,
    /** The message a failed job shows: the error's own for an expected refusal, else a generic one. */
    private readonly describeError: (error: unknown, kind: BackupJob['kind']) => string,
    /** The shared folder of job files (`<backup folder>/jobs`); null keeps the jobs in this process only. */
    private readonly dir: string | null = null,
    /** Told when a job file cannot be written or read (the job itself goes on). */
    private readonly warn: (error: unknown, message: string) => void = () => undefined,
    /** The message of a job whose process stopped. */
    private readonly lostMessage = 'The server process running this job stopped',
  ) {}

  get isBusy(): boolean {
    return this.running !== null;
  }

  /** A job of this process, or of another through its file (a silent unfinished one as failed). */
  async get(id: string): Promise<BackupJob | undefined> {
    const job = this.jobs.get(id);
    if (job) return { ...job };
    if (!this.dir) return undefined;
    const path = join(this.dir, `${id}.json`);
    try {
      const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
      const stored = backupJobSchema.parse(JSON.parse(text));
      if (stored.finishedAt === null && this.now().getTime() - info.mtimeMs > JOB_SILENT_MS) {
        return { ...stored, phase: 'failed', error: this.lostMessage, finishedAt: info.mtime.toISOString() };
      }
      return stored;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.warn(error, 'could not read a backup job file');
      return undefined;
    }
  }

  /** The running job, if any: this process's, or another's through the shared files. */
  async current(): Promise<BackupJob | null> {
    const running = [...this.jobs.values()].find((job) => job.finishedAt === null);
    if (running) return { ...running };
    if (!this.dir) return null;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.json'))) {
      const job = await this.get(name.slice(0, -'.json'.length));
      if (job && job.finishedAt === null) return job;
    }
    return null;
  }

  /** Starts `run` in the background; null when a job is already running here. */
  start(
    kind: BackupJob['kind'],
    backupName: string | null,
    run: (report: JobReporter) => Promise<JobResult>,
  ): BackupJob | null {
    if (this.running) return null;
    const job: BackupJob = {
      id: randomUUID(),
      kind,
      backupName,
      phase: 'starting',
      tablesDone: 0,
      tablesTotal: 0,
      rowsDone: 0,
      rowsTotal: 0,
      percent: 0,
      startedAt: this.now().toISOString(),
      finishedAt: null,
      error: null,
      backup: null,
      restore: null,
    };
    this.jobs.set(job.id, job);
    this.save(job, true);
    this.running = this.execute(job, run).finally(() => {
      this.running = null;
      this.save(job, true);
      this.forgetOldJobs();
    });
    return { ...job };
  }

  /** Resolves when no job runs and its file is written (app shutdown waits for it). */
  async idle(): Promise<void> {
    await this.running;
    await this.writes;
  }

  /** Resolves once the job files written so far are on disk. */
  async written(): Promise<void> {
    await this.writes;
  }

  /** Writes the job's file (at once, or when WRITE_EVERY_MS has passed since the last write). */
  private save(job: BackupJob, now = false): void {
    const dir = this.dir;
    if (!dir) return;
    const at = Date.now();
    if (!now && at - this.lastWriteAt < WRITE_EVERY_MS) return;
    this.lastWriteAt = at;
    const snapshot = JSON.stringify(job);
    const target = join(dir, `${job.id}.json`);
    this.writes = this.writes.then(async () => {
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeFile(`${target}.partial`, snapshot, { mode: 0o600 });
        await rename(`${target}.partial`, target);
      } catch (error) {
        this.warn(error, 'could not write a backup job file');
      }
    });
  }

  private async execute(job: BackupJob, run: (report: JobReporter) => Promise<JobResult>) {
    const report: JobReporter = {
      phase: (phase) => {
        Object.assign(job, { phase, tablesDone: 0, tablesTotal: 0, rowsDone: 0, rowsTotal: 0 });
        this.save(job, true);
      },
      progress: (progress) => {
        Object.assign(job, progress, { percent: percentOf({ ...job, ...progress }) });
        this.save(job);
      },
      named: (backupName) => {
        Object.assign(job, { backupName });
        this.save(job, true);
      },
    };
    try {
      const result = await run(report);
      Object.assign(job, result, { phase: 'done', percent: 100 });
    } catch (error) {
      Object.assign(job, { phase: 'failed', error: this.describeError(error, job.kind) });
    } finally {
      job.finishedAt = this.now().toISOString();
    }
  }

  private forgetOldJobs(): void {
    const finished = [...this.jobs.values()].filter((job) => job.finishedAt !== null);
    for (const job of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED)))
      this.jobs.delete(job.id);
    const dir = this.dir;
    if (!dir) return;
    // The folder's files too (every process's): the oldest beyond KEEP_FINISHED, by when they were last written.
    this.writes = this.writes.then(async () => {
      try {
        const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
        const dated = await Promise.all(
          names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })),
        );
        dated.sort((a, b) => b.at - a.at);
        for (const old of dated.slice(KEEP_FINISHED)) await rm(join(dir, old.name), { force: true });
      } catch (error) {
        this.warn(error, 'could not tidy the backup job files');
      }
    });
  }
}
