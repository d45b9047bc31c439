/**
 * The dress rehearsal (issue 34): the whole tournament day on the deployment's processes (PostgreSQL of its own,
 * two app processes, nginx with the shipped configuration; tests/support/deployment-stack.ts), from an empty
 * database through the HTTP API, with faults, then the checks of checks.ts printed as a report.
 * `npm run rehearsal` runs it at full size; tests/e2e/rehearsal.spec.ts at the CI size.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import type { TiebreakKey } from '../../src/domain/scoring/tiebreak-keys';
import { createAuth } from '../../src/server/auth/auth';
import { openDatabase } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../../src/server/db/seed/demo-accounts';
import { createOutboxMailer } from '../../src/server/mail/mailer';
import { type DeploymentStack, startDeploymentStack } from '../../tests/support/deployment-stack';
import { type CheckResult, checkRehearsal, formatReport } from './checks';
import {
  type Fault,
  Ledger,
  type RehearsalContext,
  type RehearsalEvidence,
  type RehearsalSize,
  type StackControl,
  Timings,
  type WriteKind,
} from './context';
import { runFault } from './faults';
import { type Device, SiteClient } from './http';
import { checkinFinalState, checkinPhase } from './phases/checkin';
import { closePhase } from './phases/close';
import { registrationFinalState, registrationPhase } from './phases/registration';
import { roundsFinalState, roundsPhase } from './phases/rounds';
import { standingsFromLeaderboard, standingsFromTrf } from './standings';

export const PHASES = ['registration', 'checkin', 'rounds', 'close'] as const;
export type PhaseName = (typeof PHASES)[number];

/** The round a fault is injected in: faults[i] in round i + 2, so the first and last rounds stay clean. */
export function faultRounds(size: RehearsalSize): Map<number, Fault> {
  const lastFaultRound = Math.max(2, size.rounds - 1);
  if (size.faults.length + 1 > lastFaultRound)
    throw new Error(`${size.faults.length} faults need at least ${size.faults.length + 2} rounds`);
  return new Map(size.faults.map((fault, index) => [index + 2, fault]));
}

export interface RehearsalOutcome {
  evidence: RehearsalEvidence;
  results: CheckResult[];
  report: string;
  passed: boolean;
}

/** Migrations and the staff accounts (the demo's roles and addresses) in the empty database, before the apps start. */
async function prepareDatabase(databaseUrl: string): Promise<void> {
  const logger = pino({ level: 'warn' });
  const database = await openDatabase({ url: databaseUrl }, logger);
  try {
    await applyMigrations(database);
    const auth = createAuth({
      db: database.db,
      baseURL: 'http://127.0.0.1',
      secret: 'rehearsal-setup-secret-at-least-32-characters',
      mailer: createOutboxMailer(database.db, logger),
      logger,
      isProduction: false,
    });
    await seedDemoAccounts(database.db, auth);
  } finally {
    await database.close();
  }
}

function stackControl(stack: DeploymentStack): StackControl {
  return {
    publicUrl: stack.publicUrl,
    databaseUrl: stack.databaseUrl,
    accessLogStatuses: () =>
      stack
        .accessLog()
        .map((line) => Number(/" (\d{3}) \d+ /.exec(line)?.[1]))
        .filter((status) => Number.isFinite(status)),
  };
}

export async function runRehearsal(
  size: RehearsalSize,
  options: {
    phases?: readonly PhaseName[];
    log?: (line: string) => void;
    /** A folder to copy nginx's logs and the processes' output into at the end. */
    keepLogs?: string;
  } = {},
): Promise<RehearsalOutcome> {
  const phases = options.phases ?? PHASES;
  const started = Date.now();
  const log = (line: string) =>
    (options.log ?? console.log)(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
  if (!existsSync('dist/client/index.html')) throw new Error('run `npm run build` first (the screens)');

  const faults = faultRounds(size);
  log(`starting PostgreSQL, two app processes and nginx (${size.name} size)`);
  const stack = await startDeploymentStack({
    database: 'own',
    beforeApps: prepareDatabase,
    poolMax: 10,
  });
  const http = new SiteClient(stack.publicUrl);
  const staffDevices = new Map<string, Device>();
  const context: RehearsalContext = {
    size,
    http,
    ledger: new Ledger(),
    timings: new Timings(),
    facts: { tournamentId: null, players: [], screenCodes: [], notes: new Map() },
    stack: stackControl(stack),
    async staff(role) {
      const known = staffDevices.get(role);
      if (known) return known;
      const account = DEMO_ACCOUNTS.find(
        (candidate) => (candidate.customRoleName?.toLowerCase() ?? candidate.role) === role,
      );
      if (!account) throw new Error(`no staff account with the role ${role}`);
      const device = http.device('staff', `${role}'s tablet`);
      await device.signIn(account.email, DEMO_PASSWORD);
      staffDevices.set(role, device);
      return device;
    },
    log,
  };
  const errors: string[] = [];
  const databaseDown: RehearsalEvidence['databaseDown'] = [];
  try {
    for (const phase of phases) {
      const phaseStarted = Date.now();
      log(`phase ${phase}`);
      try {
        if (phase === 'registration') await registrationPhase(context);
        else if (phase === 'checkin') await checkinPhase(context);
        else if (phase === 'rounds')
          await roundsPhase(context, {
            midRound: async (round) => {
              const fault = faults.get(round);
              if (fault) await runFault(context, stack, fault, round, databaseDown);
            },
          });
        else await closePhase(context);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        errors.push(`${phase}: ${message}`);
        log(`phase ${phase} FAILED: ${message}`);
        break;
      }
      context.timings.add(`phase: ${phase}`, Date.now() - phaseStarted);
    }

    log('reading the end state from the database');
    const finalState = new Map<WriteKind, Map<string, string>>();
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      for (const read of [registrationFinalState, checkinFinalState, roundsFinalState]) {
        for (const [kind, values] of await read(client)) {
          const merged = finalState.get(kind) ?? new Map<string, string>();
          for (const [key, value] of values) merged.set(key, value);
          finalState.set(kind, merged);
        }
      }
    } finally {
      await client.end();
    }
    const trf = context.facts.notes.get('trf');
    const leaderboard = context.facts.notes.get('leaderboard');
    let standings: RehearsalEvidence['standings'] = null;
    if (typeof trf === 'string' && leaderboard) {
      try {
        // The order the setup chose (registration.ts): the TRF does not carry it.
        const tiebreakOrder = context.facts.notes.get('tiebreakOrder') as TiebreakKey[] | undefined;
        standings = {
          fromTrf: standingsFromTrf(trf, tiebreakOrder ? { tiebreakOrder } : {}),
          leaderboard: standingsFromLeaderboard(leaderboard),
        };
      } catch (error) {
        errors.push(`standings: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const evidence: RehearsalEvidence = {
      size,
      ledger: context.ledger.all(),
      finalState,
      standings,
      rounds: (context.facts.notes.get('rounds') as number[] | undefined) ?? [],
      viewers: (context.facts.notes.get('viewers') as RehearsalEvidence['viewers'] | undefined) ?? [],
      screens: (context.facts.notes.get('screens') as RehearsalEvidence['screens'] | undefined) ?? [],
      exchanges: http.exchanges,
      databaseDown,
      nginxStatuses: context.stack.accessLogStatuses(),
      timings: context.timings.samples,
      errors,
    };
    const results = checkRehearsal(evidence);
    const report = formatReport(evidence, results);
    const passed = results.every((result) => result.passed);
    if (!passed && !options.keepLogs) log(`diagnostics of the processes:\n${stack.diagnostics()}`);
    return { evidence, results, report, passed };
  } finally {
    for (const device of staffDevices.values()) device.close();
    if (options.keepLogs) {
      stack.saveLogs(options.keepLogs);
      log(`logs kept in ${options.keepLogs}`);
    }
    await stack.stop();
  }
}
