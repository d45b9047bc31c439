/**
 * The faults a school hall brings, injected in the middle of a round while the phones go on reporting
 * (run.ts picks the round): the database restarted, one app process killed and started again, a backup taken
 * and verified during play.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BACKUP_JOB_POLL_MS,
  type BackupJob,
  backupJobSchema,
  backupJobStartedSchema,
} from '../../src/contracts/backups';
import { type DeploymentStack, deployDir } from '../../tests/support/deployment-stack';
import type { Fault, RehearsalContext } from './context';

/** How long PostgreSQL stays down in its restart: a restart of the service, not an outage. */
const DATABASE_DOWN_MS = 3_000;
/** systemd's pause before it starts a crashed process again (chess@.service's RestartSec). */
function restartSecondsOf(): number {
  const unit = readFileSync(join(deployDir, 'systemd/chess@.service'), 'utf8');
  const seconds = Number(/^RestartSec=(\d+)s?$/m.exec(unit)?.[1]);
  if (!Number.isFinite(seconds)) throw new Error('chess@.service names no RestartSec=<seconds>');
  return seconds;
}

/**
 * A backup as the backups page takes it: POST, then the job polled every BACKUP_JOB_POLL_MS through nginx (so
 * through either process) until it is done, and its verification must be ok.
 */
async function backupDuringPlay(context: RehearsalContext): Promise<void> {
  const superadmin = await context.staff('superadmin');
  const asked = Date.now();
  const { jobId } = backupJobStartedSchema.parse(await superadmin.must('POST', '/api/admin/backups'));
  let job: BackupJob;
  for (;;) {
    job = backupJobSchema.parse(await superadmin.must('GET', `/api/admin/backups/jobs/${jobId}`));
    if (job.finishedAt !== null) break;
    if (Date.now() - asked > 120_000)
      throw new Error('the backup was not made and verified within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, BACKUP_JOB_POLL_MS));
  }
  const made = job.backup;
  if (job.phase !== 'done' || !made) throw new Error(`the backup job failed: ${job.error}`);
  if (made.verification.status !== 'ok')
    throw new Error(
      `the backup ${made.name} did not verify: ${made.verification.status} ${made.verification.error ?? ''} ${made.verification.mismatchedTables.join(', ')}`,
    );
  context.timings.add('backup during play: made and verified', Date.now() - asked);
  context.log(
    `backup ${made.name}: ${made.totalRows} rows, ${Math.round(made.sizeBytes / 1024)} kB, verified in ${made.verification.durationMs} ms`,
  );
}

/** Injects `fault`; a database restart's window is added to `databaseDown` (the 503s it excuses). */
export async function runFault(
  context: RehearsalContext,
  stack: DeploymentStack,
  fault: Fault,
  round: number,
  databaseDown: { from: number; to: number }[],
): Promise<void> {
  const started = Date.now();
  context.log(`round ${round}: fault — ${fault}`);
  if (fault === 'database-restart') {
    await stack.restartDatabase(DATABASE_DOWN_MS);
    databaseDown.push({ from: started, to: Date.now() });
    context.timings.add('fault: database restarted (down → accepting again)', Date.now() - started);
  } else if (fault === 'app-killed') {
    const child = stack.app('b');
    child.process.kill('SIGKILL');
    await child.exited;
    await new Promise((resolve) => setTimeout(resolve, restartSecondsOf() * 1_000));
    await stack.startApp('b', 'app B (restarted after SIGKILL)');
    context.timings.add('fault: app process killed → listening again', Date.now() - started);
  } else {
    await backupDuringPlay(context);
  }
  context.log(`round ${round}: fault over after ${Date.now() - started} ms`);
}
