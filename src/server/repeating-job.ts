import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` `firstAfterMs` after start (so a restart loop does not run it in a loop) and then every `everyMs`,
 * in every process, until the app closes; the timers never keep the process alive. A daily job that must run
 * once per day across processes claims the day in the database first (`db/day-claim.ts`). `job` handles its
 * own failures: a rejection is left to it.
 */
export function scheduleRepeatingJob(
  app: Pick<FastifyInstance, 'addHook'>,
  timing: { firstAfterMs: number; everyMs: number },
  job: () => Promise<unknown>,
): void {
  const run = () => void job();
  const first = setTimeout(run, timing.firstAfterMs);
  const every = setInterval(run, timing.everyMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
