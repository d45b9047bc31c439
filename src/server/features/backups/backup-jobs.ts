import { randomUUID } from 'node:crypto';
import type { BackupJob, BackupPhase } from '../../../contracts/backups';

/**
 * The backup and restore jobs of this process (ADR 025), in memory: a job's progress is only of interest while
 * the page that started it polls, and only the process running it knows it. One job at a time per process.
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

  constructor(
    private readonly now: () => Date,
    /** The message a failed job shows: the error's own for an expected refusal, else a generic one. */
    private readonly describeError: (error: unknown, kind: BackupJob['kind']) => string,
  ) {}

  get isBusy(): boolean {
    return this.running !== null;
  }

  get(id: string): BackupJob | undefined {
    const job = this.jobs.get(id);
    return job ? { ...job } : undefined;
  }

  /** The running job, if any. */
  current(): BackupJob | null {
    const running = [...this.jobs.values()].find((job) => job.finishedAt === null);
    return running ? { ...running } : null;
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
    this.running = this.execute(job, run).finally(() => {
      this.running = null;
      this.forgetOldJobs();
    });
    return { ...job };
  }

  /** Resolves when no job runs (app shutdown waits for it). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async execute(job: BackupJob, run: (report: JobReporter) => Promise<JobResult>) {
    const report: JobReporter = {
      phase: (phase) =>
        Object.assign(job, { phase, tablesDone: 0, tablesTotal: 0, rowsDone: 0, rowsTotal: 0 }),
      progress: (progress) => Object.assign(job, progress, { percent: percentOf({ ...job, ...progress }) }),
      named: (backupName) => Object.assign(job, { backupName }),
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
  }
}
