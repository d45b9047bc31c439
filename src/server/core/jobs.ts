import type { Logger } from 'pino';

/** The work of one run of a background job; a rejection is logged by the runner, never thrown. */
export type JobRun = () => Promise<unknown>;

/**
 * A loop every server process runs on a clock (issue #28): what it is, when it runs, whether one process of the
 * cluster claims each run, and how long shutting down waits for a run in flight. All of them are listed in
 * `src/server/background-jobs.ts`; the features give only the work (`run`).
 */
export interface BackgroundJob {
  /** A short name, unique among the jobs (logs, tests, docs/architecture.md "Background jobs"). */
  name: string;
  /** The first run this long after start (not at once: a restart loop must not run the job in a loop). */
  firstAfterMs: number;
  /** Then a run this often, counted from start (a run still going at its time is skipped, not doubled). */
  everyMs: number;
  /**
   * 'day': every process runs the timer and the run itself claims the day in the database (`claimDay` in `core/settings/settings.service.ts`),
   * so one process does the work per day; 'none': every process does it.
   */
  claim: 'none' | 'day';
  /** One line: why the job claims the day, or why it need not. */
  claimNote: string;
  /**
   * On close, how long to wait for a run in flight before closing without it (0: not waited here — its owner's
   * own close waits for it, see the job's entry).
   */
  shutdownMs: number;
  run: JobRun;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background jobs and followers (`src/server/background-jobs.ts`). */
    backgroundJobs: JobRunner;
  }
}

/** Something a process follows on the database's notifications rather than a clock (the change feed, …). */
export interface Follower {
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** Where the runner adds its close hooks: the Fastify app (its `onClose` hooks run last-added first). */
export interface CloseHooks {
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
}

interface Scheduled {
  job: BackgroundJob;
  timers: NodeJS.Timeout[];
  inFlight: Promise<void> | null;
}

/**
 * Starts the background jobs and followers of one app and stops them when it closes. A job's timers never keep
 * the process alive; a run never overlaps the job's previous run; a rejected run is logged, and the next run
 * goes at its time. On close the timers are cleared first and each run in flight is waited for, all at once,
 * at most its `shutdownMs`. `started` names everything started, in order (the app-level test reads it).
 */
export class JobRunner {
  private readonly names: string[] = [];

  constructor(
    private readonly app: CloseHooks,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** The followers and jobs started, in the order they started. */
  get started(): readonly string[] {
    return this.names;
  }

  /** Starts a follower now; it stops when the app closes (Fastify runs close hooks last-added first). */
  async follow(name: string, follower: Follower): Promise<void> {
    await follower.start();
    this.names.push(name);
    this.app.addHook('onClose', async () => {
      await follower.stop();
    });
  }

  /** Schedules `jobs`; their close hook goes last, so it runs before the features' own close hooks. */
  start(jobs: readonly BackgroundJob[]): void {
    const scheduled = jobs.map((job) => this.schedule(job));
    this.app.addHook('onClose', async () => {
      for (const entry of scheduled) for (const timer of entry.timers) clearTimeout(timer);
      await Promise.all(scheduled.map((entry) => this.settle(entry)));
    });
  }

  private schedule(job: BackgroundJob): Scheduled {
    const entry: Scheduled = { job, timers: [], inFlight: null };
    const tick = () => {
      if (entry.inFlight) return;
      const run = Promise.resolve()
        .then(() => job.run())
        .then(
          () => undefined,
          (error: unknown) =>
            this.logger.warn(
              { err: error, job: job.name },
              'background job failed; it runs again at its next time',
            ),
        )
        .finally(() => {
          if (entry.inFlight === run) entry.inFlight = null;
        });
      entry.inFlight = run;
    };
    const every = setInterval(tick, job.everyMs);
    every.unref();
    entry.timers.push(every);
    // A first run at the interval's own first time needs no timer of its own.
    if (job.firstAfterMs !== job.everyMs) {
      const first = setTimeout(tick, job.firstAfterMs);
      first.unref();
      entry.timers.push(first);
    }
    this.names.push(job.name);
    return entry;
  }

  /** Waits for the job's run in flight, at most its `shutdownMs`. */
  private async settle({ job, inFlight }: Scheduled): Promise<void> {
    if (!inFlight || job.shutdownMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      inFlight.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), job.shutdownMs);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) {
      this.logger.warn(
        { job: job.name, waitedMs: job.shutdownMs },
        'shutdown: a background job is still running; closing without it',
      );
    }
  }
}

/**
 * `create(context)` once per app: the one object a feature's routes and its background job share (the CRM
 * sync, the page-view counter, the backup service), reached by both from the app's context object.
 */
export function onePerApp<K extends object, T>(create: (context: K) => T): (context: K) => T {
  const made = new WeakMap<K, T>();
  return (context) => {
    if (!made.has(context)) made.set(context, create(context));
    return made.get(context) as T;
  };
}
