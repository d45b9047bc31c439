/**
 * npm run rehearsal — the dress rehearsal (issue 34, docs/performance.md "Dress rehearsal"): the whole tournament
 * day on PostgreSQL, two app processes and nginx, from an empty database, with faults; prints the report and
 * exits 1 when any check fails.
 *
 * Options: --size full|ci (default full: 44 schools, 88 teams, 352 pupils, 5 rounds, 400 viewers, 5 screens,
 * three faults; ci: 8 schools, 3 rounds, one fault), --phases registration,checkin,rounds,close (part of the
 * day, in its order, for working on a phase), --keep-logs <folder> (nginx's logs and the processes' output). Needs nginx, PostgreSQL's binaries and the built client (`npm run build`).
 */
import { deploymentStackMissing } from '../tests/support/deployment-stack';
import { CI_SIZE, FULL_SIZE } from './rehearsal/context';
import { PHASES, type PhaseName, runRehearsal } from './rehearsal/run';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
const sizes = { full: FULL_SIZE, ci: CI_SIZE } as const;
const sizeName = option('size') ?? 'full';
if (!(sizeName in sizes)) {
  console.error(`unknown size: ${sizeName} (full or ci)`);
  process.exit(2);
}
const size = sizes[sizeName as keyof typeof sizes];
const phases = (option('phases')?.split(',') ?? PHASES) as PhaseName[];
const unknown = phases.filter((phase) => !PHASES.includes(phase));
if (unknown.length > 0) {
  console.error(`unknown phases: ${unknown.join(', ')} (the day's phases: ${PHASES.join(', ')})`);
  process.exit(2);
}
const missing = await deploymentStackMissing('own');
if (missing.length > 0) {
  console.error(`the rehearsal cannot run here: ${missing.join('; ')}`);
  process.exit(2);
}
const keepLogs = option('keep-logs');
const outcome = await runRehearsal(size, { phases, ...(keepLogs ? { keepLogs } : {}) });
console.log(`\n${outcome.report}`);
process.exit(outcome.passed ? 0 : 1);
