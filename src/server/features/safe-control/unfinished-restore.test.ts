import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestAuth,
  eventually,
  signIn,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { databaseTargets, silentLogger } from '../../../../tests/support/server/test-database';
import { restoreMaintenanceReason } from '../../../contracts/backups';
import {
  SAFE_CONTROL_MESSAGES,
  SAFE_SWITCH_INFO,
  safeControlResponseSchema,
  siteStatusSchema,
} from '../../../contracts/safe-control';
import { systemStatusSchema } from '../../../contracts/system-status';
import type { App } from '../../app';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { SafeControl } from '../../core/safe-control/safe-control.state';
import { readSetting, saveSetting } from '../../core/settings/settings.repo';
import type { Database } from '../../db/client';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';

/**
 * A restore holds the site read-only (safe-control's `Maintenance`). A process that dies in the middle of one
 * must not leave the site read-only for ever: the next start switches it back, audits it, and tells staff the
 * restore did not finish (ADR 025) — but a restore still running in another live process is left alone.
 */
describe.each(databaseTargets)('a restore that did not finish, on %s', (target) => {
  let t: TestApp;
  let superadmin: string;
  const repoRoot = new URL('../../../../', import.meta.url).pathname;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
  }, 60_000);
  afterAll(async () => t?.close());

  const call = (app: App, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: superadmin, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** A change any day needs: a broadcast (refused with 503 while the site is read-only). */
  const write = (app: App) =>
    call(app, 'POST', '/api/admin/broadcasts', {
      message: 'Round 4 starts at 14:10',
      audience: 'staff',
      style: 'info',
      dismissable: true,
      endsAt: new Date(Date.now() + 60_000).toISOString(),
      sendEmail: false,
    });
  const siteStatus = async (app: App) =>
    siteStatusSchema.parse((await call(app, 'GET', '/api/site-status')).json());
  const safeControl = async (app: App) =>
    safeControlResponseSchema.parse((await call(app, 'GET', '/api/admin/safe-control')).json());
  const auditRows = (action: 'unfinished_restore_cleared' | 'dismiss_unfinished_restore') =>
    t.database.db
      .select({ description: systemLogs.description, metadata: systemLogs.metadata })
      .from(systemLogs)
      .where(and(eq(systemLogs.eventType, 'system'), eq(systemLogs.actionType, action)));
  /** Another server process's connections: its own pool on PostgreSQL; PGlite has one. */
  const anotherProcess = (): Promise<Database> =>
    target === 'postgres' ? t.testDatabase.openAnother() : Promise.resolve(t.database);
  const maintenanceOf = (database: Database) => {
    const clock = createClock();
    return new SafeControl(database, new Audit(clock), clock, silentLogger);
  };

  it('switches read-only back at the next start, audits it once, and tells staff until dismissed', async () => {
    const reason = restoreMaintenanceReason('backup-20251122T120000-000Z.jsonl.gz');
    // The state a restore leaves while it runs, written by the restore's own code: read what it stored in the
    // middle of the restore and, once it is over, put that back — as if its process had died right there.
    let leftBehind: unknown;
    await maintenanceOf(await anotherProcess()).during(reason, async () => {
      leftBehind = await readSetting(t.database.db, 'safe_control');
    });
    await saveSetting(t.database.db, 'safe_control', leftBehind);
    // The process that was running all along follows the row: read-only, with no end time.
    await eventually(async () => ((await siteStatus(t.app)).on.includes('read_only') ? true : undefined));
    expect((await write(t.app)).statusCode).toBe(503);

    // A server process starts on the same database.
    const restarted = await buildTestApp(t.database);
    await restarted.ready();
    try {
      expect((await siteStatus(restarted)).on).toEqual([]);
      const written = await write(restarted);
      expect(written.statusCode, written.body).toBe(201);
      // The process that was already running follows within a second.
      await eventually(async () => ((await siteStatus(t.app)).on.length === 0 ? true : undefined));
      expect((await write(t.app)).statusCode).toBe(201);

      // Staff are told, on the safe-control page and the dashboard, with what was running and since when.
      const { unfinishedRestore, switches } = await safeControl(restarted);
      expect(switches.read_only.on).toBe(false);
      expect(unfinishedRestore).toEqual({
        reason,
        startedAt: expect.any(String),
        clearedAt: expect.any(String),
      });
      expect(Date.parse(unfinishedRestore!.clearedAt)).toBeGreaterThanOrEqual(
        Date.parse(unfinishedRestore!.startedAt),
      );
      const status = systemStatusSchema.parse(
        (await call(restarted, 'GET', '/api/admin/system-status')).json(),
      );
      expect(status.unfinishedRestore).toEqual(unfinishedRestore);
      expect((await safeControl(t.app)).unfinishedRestore).toEqual(unfinishedRestore);

      // One audit row, whichever process got there: another start finds nothing left to clear.
      const third = await buildTestApp(t.database);
      await third.close();
      const cleared = await auditRows('unfinished_restore_cleared');
      expect(cleared).toHaveLength(1);
      expect(cleared[0]?.description).toBe(SAFE_CONTROL_MESSAGES.unfinishedRestoreCleared(reason));

      // A superadmin who has checked the data dismisses the notice (audited).
      const dismissed = await call(restarted, 'DELETE', '/api/admin/safe-control/unfinished-restore');
      expect(dismissed.json()).toEqual({ message: SAFE_CONTROL_MESSAGES.unfinishedRestoreDismissed });
      expect((await safeControl(restarted)).unfinishedRestore).toBeNull();
      expect(await auditRows('dismiss_unfinished_restore')).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  }, 90_000);

  it('leaves a restore that is still running in another process alone', async () => {
    const reason = restoreMaintenanceReason('backup-20251122T130000-000Z.jsonl.gz');
    const clearedBefore = (await auditRows('unfinished_restore_cleared')).length;
    let finish!: () => void;
    let started!: () => void;
    const isRestoring = new Promise<void>((resolve) => {
      started = resolve;
    });
    const restore = maintenanceOf(await anotherProcess()).during(reason, async () => {
      started();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await isRestoring;

    // A peer starts while the restore runs: it must not end the maintenance under the restore.
    const peer = await buildTestApp(t.database);
    await peer.ready();
    try {
      expect((await siteStatus(peer)).on).toEqual(['read_only']);
      const refused = await write(peer);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toBe(SAFE_SWITCH_INFO.read_only.refusal);
      expect((await safeControl(peer)).unfinishedRestore).toBeNull();
      expect(await auditRows('unfinished_restore_cleared')).toHaveLength(clearedBefore);

      // The restore finishes: read-only as before, and nothing to report.
      finish();
      await restore;
      await eventually(async () => ((await siteStatus(peer)).on.length === 0 ? true : undefined));
      expect((await write(peer)).statusCode).toBe(201);
      expect((await safeControl(peer)).unfinishedRestore).toBeNull();
      expect(await auditRows('unfinished_restore_cleared')).toHaveLength(clearedBefore);
    } finally {
      finish?.();
      await peer.close();
    }
  }, 90_000);

  it.runIf(target === 'postgres')(
    'a restoring process killed with kill -9: a live peer leaves it alone, the next start clears it',
    async () => {
      const reason = restoreMaintenanceReason('backup-20251122T140000-000Z.jsonl.gz');
      const clearedBefore = (await auditRows('unfinished_restore_cleared')).length;
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/support/server/restoring-process.ts'],
        {
          cwd: repoRoot,
          env: { ...process.env, DATABASE_URL: t.testDatabase.url!, RESTORE_REASON: reason },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout?.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('restoring')) resolve();
          });
          child.once('exit', (code) => reject(new Error(`the restoring process exited (${code})`)));
        });

        // Alive and restoring in another process: a peer starting leaves it alone.
        const peer = await buildTestApp(t.database);
        await peer.ready();
        try {
          expect((await siteStatus(peer)).on).toEqual(['read_only']);
          expect((await write(peer)).statusCode).toBe(503);
          expect((await safeControl(peer)).unfinishedRestore).toBeNull();
        } finally {
          await peer.close();
        }

        // kill -9 in the middle of the restore; PostgreSQL ends its connections (and so its lock).
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
        await eventually(async () => {
          const { rows } = (await t.database.db.execute(
            sql`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
                 where l.locktype = 'advisory' and d.datname = current_database()`,
          )) as unknown as { rows: { n: number }[] };
          return rows[0]?.n === 0 ? true : undefined;
        }, 10_000);

        const restarted = await buildTestApp(t.database);
        await restarted.ready();
        try {
          expect((await siteStatus(restarted)).on).toEqual([]);
          expect((await write(restarted)).statusCode).toBe(201);
          expect((await safeControl(restarted)).unfinishedRestore?.reason).toBe(reason);
          expect(await auditRows('unfinished_restore_cleared')).toHaveLength(clearedBefore + 1);
        } finally {
          await restarted.close();
        }
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
