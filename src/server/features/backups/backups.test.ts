import { chmod, copyFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createTestAuth, SEED_TIME } from '../../../../tests/support/server/test-app';
import {
  createTestDatabase,
  databaseTargets,
  silentLogger,
  type TestDatabase,
} from '../../../../tests/support/server/test-database';
import {
  BACKUP_MESSAGES,
  type Backup,
  type BackupVerification,
  restoreMaintenanceReason,
} from '../../../contracts/backups';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { readSetting, saveSetting } from '../../core/settings/settings.repo';
import type { Database, Db } from '../../db/client';
import { seedDemoAccounts } from '../../db/seed/demo-accounts';
import { seedDemoTournament } from '../../db/seed/demo-seed';
import { listTables, orderByForeignKeys, qualifiedTable, selectRows } from './backup-catalog';
import { BackupRefusedError, restoreBackupFile } from './backup-restore';
import {
  type BackupMeta,
  backupNameFor,
  backupPath,
  listBackupMetas,
  PENDING_VERIFICATION,
  readBackupMeta,
  secureBackupDir,
  writeBackupMeta,
} from './backup-store';
import { BACKUP_SETTING_KEYS, BackupService } from './backups.service';

const who = { actorId: null, ip: '127.0.0.1' };

/** The maintenance switch as app.ts has it until safe-control replaces it, recording each use. */
function recordingMaintenance() {
  const reasons: string[] = [];
  return {
    reasons,
    during: async <T>(reason: string, work: () => Promise<T>) => {
      reasons.push(reason);
      return work();
    },
  };
}

async function countsOf(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const [row] = await selectRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${qualifiedTable(table)}`,
    );
    counts[table] = Number(row?.n);
  }
  return counts;
}

/** A table's rows as sorted JSON text: equal snapshots mean equal data. */
async function rowsOf(db: Db, table: string): Promise<string[]> {
  const rows = await selectRows<{ line: string }>(
    db,
    sql`select row_to_json(t)::text as line from ${qualifiedTable(table)} t order by 1`,
  );
  return rows.map((row) => row.line);
}

/** A backup's name and what its verification found. */
interface Verified {
  name: string;
  verification: BackupVerification;
}

/** Rewrites a backup's header (the first line) with `change`, keeping the rest of the file. */
async function rewriteHeader(path: string, change: (header: Record<string, unknown>) => void) {
  const text = gunzipSync(await readFile(path)).toString('utf8');
  const newline = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, newline)) as Record<string, unknown>;
  change(header);
  await writeFile(path, gzipSync(`${JSON.stringify(header)}${text.slice(newline)}`));
}

describe.each(databaseTargets)('backups on %s', (target) => {
  /**
   * Checks of a backup file that do not depend on the database that wrote it run on the first target only: a
   * verification restores into a scratch PGlite whatever made the file, and each one costs seconds.
   */
  const checksFiles = target === databaseTargets[0];
  let testDatabase: TestDatabase;
  let database: Database;
  let db: Db;
  let dir: string;
  let now = SEED_TIME.getTime();
  const clock = createClock(() => now);
  const maintenance = recordingMaintenance();
  let service: BackupService;
  /**
   * The one backup written and verified here (in `beforeAll`); the tests that only read, restore or copy a
   * verified backup share it. `source` is the row count per table before it was written; `after` the data
   * as it was just after it was written.
   */
  let shared: {
    backup: Backup;
    took: number;
    source: Record<string, number>;
    after: {
      matches: string[];
      players: string[];
      counts: Record<string, number>;
      sessions: string[];
      checkinOpen: unknown;
    };
  };
  /**
   * Damaged or edited copies of the shared backup and their verifications (first target only), in a folder of
   * their own so that the tests' folder lists only what they write. Started in `beforeAll` and awaited by the
   * last tests: the scratch restores run in worker threads meanwhile, beside the other tests, and touch
   * nothing but these copies (no verification of theirs succeeds, so none records `last_verified_restore`).
   */
  let checksDir: string | undefined;
  let checks: BackupService;
  let fileChecks: Promise<Record<'cut' | 'flipped' | 'mismatch' | 'otherSchema', Verified>> | undefined;
  /** Moves the clock on, so the next backup gets a new name. */
  const tick = (ms = 1_000) => {
    now += ms;
  };

  /**
   * The shared backup's bytes and sidecar under a new name: a verified backup (these very bytes were verified)
   * that a test may edit or damage, without writing and verifying another.
   */
  async function copyOfSharedBackup(into = dir): Promise<BackupMeta> {
    tick();
    const createdAt = new Date(now);
    const name = backupNameFor('manual', createdAt);
    const meta = await readBackupMeta(dir, shared.backup.name);
    expect(meta?.verification.status).toBe('ok');
    await copyFile(backupPath(dir, shared.backup.name), backupPath(into, name));
    const copy: BackupMeta = { ...meta!, name, createdAt: createdAt.toISOString() };
    await writeBackupMeta(into, copy);
    return copy;
  }

  /** Cuts, damages and edits copies of the shared backup in `checksDir`, then verifies them one by one. */
  async function verifyDamagedCopies() {
    const folder = checksDir!;
    const copies = {
      cut: await copyOfSharedBackup(folder),
      flipped: await copyOfSharedBackup(folder),
      mismatch: await copyOfSharedBackup(folder),
      otherSchema: await copyOfSharedBackup(folder),
    };
    const pathOf = (meta: BackupMeta) => backupPath(folder, meta.name);
    const bytes = await readFile(pathOf(copies.cut));
    // Cut short.
    await truncate(pathOf(copies.cut), Math.floor(bytes.length * 0.8));
    // A flipped byte in the middle.
    const damaged = Buffer.from(bytes);
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
    await writeFile(pathOf(copies.flipped), damaged);
    // One table's count in the header one more than the rows that follow.
    await rewriteHeader(pathOf(copies.mismatch), (header) => {
      const tables = header.tables as Record<string, number>;
      tables.players = (tables.players ?? 0) + 1;
    });
    // Made by a schema this database never had.
    await rewriteHeader(pathOf(copies.otherSchema), (header) => {
      header.schemaMigration = 'a-migration-this-database-never-ran';
    });
    // One after another: one scratch database at a time beside the tests' own work.
    const verify = async (meta: BackupMeta): Promise<Verified> => ({
      name: meta.name,
      verification: await checks.verifyBackup(meta.name),
    });
    return {
      cut: await verify(copies.cut),
      flipped: await verify(copies.flipped),
      mismatch: await verify(copies.mismatch),
      otherSchema: await verify(copies.otherSchema),
    };
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    database = testDatabase.database;
    db = database.db;
    await seedDemoTournament(db, SEED_TIME);
    await seedDemoAccounts(db, createTestAuth(database));
    dir = await mkdtemp(join(tmpdir(), 'backups-test-'));
    service = new BackupService({
      database,
      audit: new Audit(clock),
      clock,
      logger: silentLogger,
      maintenance,
      dir,
    });

    const source = await countsOf(db);
    const started = performance.now();
    const backup = await service.createBackup('manual', who);
    const took = Math.round(performance.now() - started);
    shared = {
      backup,
      took,
      source,
      after: {
        matches: await rowsOf(db, 'matches'),
        players: await rowsOf(db, 'players'),
        counts: await countsOf(db),
        sessions: await rowsOf(db, 'session'),
        checkinOpen: await readSetting(db, 'checkin_open'),
      },
    };

    if (checksFiles) {
      checksDir = await mkdtemp(join(tmpdir(), 'backups-checks-'));
      checks = new BackupService({
        database,
        audit: new Audit(clock),
        clock,
        logger: silentLogger,
        maintenance,
        dir: checksDir,
      });
      fileChecks = verifyDamagedCopies();
      // Awaited by the tests below; until then, a failure must not count as an unhandled rejection.
      fileChecks.catch(() => {});
    }
  }, 90_000);
  afterAll(async () => {
    await fileChecks?.catch(() => {});
    await testDatabase?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (checksDir) await rm(checksDir, { recursive: true, force: true });
  });

  it('writes a backup and verifies it: the scratch database holds as many rows per table as the source', async () => {
    const { backup, source, took } = shared;
    expect(source.players).toBeGreaterThan(10);
    expect(source.user).toBeGreaterThan(0);

    expect(backup.kind).toBe('manual');
    expect(backup.verification.status).toBe('ok');
    expect(backup.verification.mismatchedTables).toEqual([]);
    const verified = Object.fromEntries(backup.verification.tables.map((t) => [t.name, t.restored]));
    // The backup wrote its own audit row after the snapshot: the source has one more system_logs row now.
    expect(verified).toEqual({ ...source });
    expect(backup.totalRows).toBe(Object.values(source).reduce((a, b) => a + b, 0));
    expect((await service.list()).backups.map((b) => b.name)).toEqual([backup.name]);
    expect(await readSetting(db, BACKUP_SETTING_KEYS.lastBackup)).toBe(backup.createdAt);
    expect(await readSetting(db, BACKUP_SETTING_KEYS.lastVerifiedRestore)).toBe(
      backup.verification.verifiedAt,
    );
    const [logged] = await selectRows<{ action_type: string }>(
      db,
      sql`select action_type from system_logs order by id desc limit 1`,
    );
    expect(logged?.action_type).toBe('create_backup');
    console.info(
      `[${target}] demo database: backup and verify ${took} ms (write ${backup.durationMs} ms, verify ${backup.verification.durationMs} ms), ${backup.totalRows} rows, ${backup.sizeBytes} bytes`,
    );
  });

  it('keeps backups to the server’s user: files 0600 in a 0700 folder, older ones put right at start', async () => {
    const { backup } = shared;
    const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(backupPath(dir, backup.name))).toBe(0o600);
    expect(await modeOf(`${backupPath(dir, backup.name)}.meta.json`)).toBe(0o600);

    // A folder and a backup as an older version left them: world-readable.
    const old = await mkdtemp(join(tmpdir(), 'backups-old-'));
    try {
      await chmod(old, 0o755);
      const oldFile = join(old, 'backup-20250101T000000-000Z.jsonl.gz');
      await writeFile(oldFile, 'x', { mode: 0o644 });
      await writeFile(`${oldFile}.meta.json`, '{}', { mode: 0o644 });
      expect((await secureBackupDir(old)).sort()).toEqual([
        'backup-20250101T000000-000Z.jsonl.gz',
        'backup-20250101T000000-000Z.jsonl.gz.meta.json',
      ]);
      expect(await modeOf(old)).toBe(0o700);
      expect(await modeOf(oldFile)).toBe(0o600);
      expect(await modeOf(`${oldFile}.meta.json`)).toBe(0o600);
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });

  it('restores a backup: the data is back, sequences continue, and the rollback point holds the changed data', async () => {
    const { backup } = shared;
    const { matches: matchesBefore, players: playersBefore, counts, sessions: sessionsBefore } = shared.after;
    const { checkinOpen } = shared.after;
    // Nothing has changed the data since the shared backup was written.
    expect(await rowsOf(db, 'matches')).toEqual(matchesBefore);

    // Change the data: a result, a removed announcement, a new log row and a setting that is data.
    await db.execute(
      sql`update matches set result = 'draw', version = version + 1 where result is distinct from 'draw'`,
    );
    await db.execute(sql`delete from announcements`);
    await saveSetting(db, 'checkin_open', 'changed');
    await saveSetting(db, 'safe_control', { read_only: true });
    // A mail queued after the backup: sent or waiting, it must not be lost or sent again by the restore.
    await db.execute(
      sql`insert into mail_queue (recipient, subject, text, status) values ('after@example.org', 'After', 'x', 'sent')`,
    );
    const mailBefore = await rowsOf(db, 'mail_queue');
    tick();

    maintenance.reasons.length = 0;
    const summary = await service.restoreBackup({ actorId: null, ip: '10.0.0.1' }, backup.name);
    expect(maintenance.reasons).toEqual([restoreMaintenanceReason(backup.name)]);
    expect(summary.name).toBe(backup.name);
    expect(summary.rollbackPoint).toMatch(/-rollback\.jsonl\.gz$/);
    expect(summary.tables.find((t) => t.name === 'matches')?.rows).toBe(counts.matches);

    expect(await rowsOf(db, 'matches')).toEqual(matchesBefore);
    expect(await rowsOf(db, 'players')).toEqual(playersBefore);
    expect((await countsOf(db)).announcements).toBe(counts.announcements);
    expect(await readSetting(db, 'checkin_open')).toEqual(checkinOpen);
    // The system's own settings keep their current values: the switch and the rollback point's time.
    expect(await readSetting(db, 'safe_control')).toEqual({ read_only: true });
    expect(await readSetting(db, BACKUP_SETTING_KEYS.lastBackup)).toBe(new Date(now).toISOString());
    // Nobody is signed out by a restore, and the mail queue stays as it is.
    expect(await rowsOf(db, 'session')).toEqual(sessionsBefore);
    expect(await rowsOf(db, 'mail_queue')).toEqual(mailBefore);
    await db.execute(
      sql`insert into mail_queue (recipient, subject, text) values ('next@example.org', 'Next', 'x')`,
    );
    // The restore's audit row is in the restored data.
    const [restoreRow] = await selectRows<{ action_type: string; id: string | number }>(
      db,
      sql`select action_type, id from system_logs order by id desc limit 1`,
    );
    expect(restoreRow?.action_type).toBe('restore_backup');

    // Sequences continue after the largest restored id.
    const [{ max }] = (await selectRows<{ max: string }>(
      db,
      sql`select max(id)::text as max from system_logs`,
    )) as [{ max: string }];
    const [inserted] = await selectRows<{ id: string | number }>(
      db,
      sql`insert into system_logs (event_type, action_type, description) values ('system', 'purge_logs', 'after restore') returning id`,
    );
    expect(Number(inserted?.id)).toBe(Number(max) + 1);

    // The rollback point is listed, verified, and holds the data as it was before the restore.
    const rollback = await readBackupMeta(dir, summary.rollbackPoint);
    expect(rollback?.kind).toBe('rollback');
    expect(rollback?.verification.status).toBe('ok');
    tick();
    await service.restoreBackup(who, summary.rollbackPoint);
    const draws = await selectRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from matches where result <> 'draw'`,
    );
    expect(Number(draws[0]?.n)).toBe(0);
    expect((await countsOf(db)).announcements).toBe(0);
    expect(await readSetting(db, 'checkin_open')).toBe('changed');
  }, 120_000);

  it('refuses to restore a cut file, and a restore of it changes nothing', async () => {
    const backup = await copyOfSharedBackup();
    const path = backupPath(dir, backup.name);
    const bytes = await readFile(path);
    const matchesBefore = await rowsOf(db, 'matches');
    const countsBefore = await countsOf(db);

    // Cut after verification: its SHA-256 is no longer the recorded one, so the restore is refused before
    // anything happens — no maintenance, no rollback point, not a row changed.
    await truncate(path, Math.floor(bytes.length * 0.8));
    tick();
    maintenance.reasons.length = 0;
    await expect(service.restoreBackup(who, backup.name)).rejects.toMatchObject({
      statusCode: 409,
      message: BACKUP_MESSAGES.checksumMismatch,
    });
    expect(maintenance.reasons).toEqual([]);
    expect(await rowsOf(db, 'matches')).toEqual(matchesBefore);
    expect(await countsOf(db)).toEqual(countsBefore);
    // A cut file whose hash is not checked still fails inside the restore's transaction, changing nothing.
    await expect(restoreBackupFile(db, path)).rejects.toThrow();
    expect(await rowsOf(db, 'matches')).toEqual(matchesBefore);
  });

  it('refuses to restore a backup edited after it was verified (a player made superadmin), changing nothing', async () => {
    const backup = await copyOfSharedBackup();
    expect(backup.verification.status).toBe('ok');
    const path = backupPath(dir, backup.name);
    const roleOf = async (email: string) =>
      (
        await selectRows<{ role: string }>(
          db,
          sql`select r.role from user_roles r join "user" u on u.id = r.user_id where u.email = ${email}`,
        )
      )[0]?.role;
    expect(await roleOf('player@demo.test')).toBe('player');

    // The attack: unpack, make the player's role row say superadmin, pack again. Same tables, same counts:
    // the file is still a well-formed backup that the restore code would take.
    const text = gunzipSync(await readFile(path)).toString('utf8');
    const lines = text.split('\n');
    const section = lines.findIndex((line) => line.startsWith('{"table":"user_roles"'));
    const [player] = await selectRows<{ id: string }>(
      db,
      sql`select id from "user" where email = 'player@demo.test'`,
    );
    const row = lines.findIndex(
      (line, index) => index > section && line.includes(`"user_id":"${player!.id}"`),
    );
    expect(section).toBeGreaterThan(0);
    expect(row).toBeGreaterThan(section);
    lines[row] = lines[row]!.replace('"role":"player"', '"role":"superadmin"');
    expect(lines[row]).toContain('"role":"superadmin"');
    await writeFile(path, gzipSync(lines.join('\n')));
    // Nothing on disk says so but the bytes: the sidecar still records a verified backup.
    expect((await readBackupMeta(dir, backup.name))?.verification.status).toBe('ok');

    const countsBefore = await countsOf(db);
    const rolesBefore = await rowsOf(db, 'user_roles');
    const listed = (await listBackupMetas(dir)).map((meta) => meta.name);
    maintenance.reasons.length = 0;
    tick();
    for (const attempt of [
      () => service.startRestore(who, backup.name),
      () => service.restoreBackup(who, backup.name),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        statusCode: 409,
        message: BACKUP_MESSAGES.checksumMismatch,
      });
    }
    // Refused before anything happened: no maintenance, no rollback point, no row changed, no audit row.
    expect(maintenance.reasons).toEqual([]);
    expect((await listBackupMetas(dir)).map((meta) => meta.name)).toEqual(listed);
    expect(await countsOf(db)).toEqual(countsBefore);
    expect(await rowsOf(db, 'user_roles')).toEqual(rolesBefore);
    expect(await roleOf('player@demo.test')).toBe('player');
  });

  it('checks the bytes it restores too: a file that changes after the check rolls the restore back', async () => {
    const path = backupPath(dir, shared.backup.name);
    const before = await countsOf(db);
    const matchesBefore = await rowsOf(db, 'matches');
    // The recorded hash is the file's; any other (the file swapped between the check and the read) refuses.
    await expect(restoreBackupFile(db, path, { expectedSha256: 'a'.repeat(64) })).rejects.toThrow(
      BACKUP_MESSAGES.checksumMismatch,
    );
    expect(await countsOf(db)).toEqual(before);
    expect(await rowsOf(db, 'matches')).toEqual(matchesBefore);
    // (With the recorded hash it restores: the service's restores above pass it.)
  });

  it('rolls back a restore of a file whose table count differs from its header', async () => {
    const backup = await copyOfSharedBackup();
    const path = backupPath(dir, backup.name);
    await rewriteHeader(path, (header) => {
      const tables = header.tables as Record<string, number>;
      tables.players = (tables.players ?? 0) + 1;
    });
    const before = await rowsOf(db, 'players');
    let mismatched: string[] = [];
    await expect(
      restoreBackupFile(db, path, {
        beforeCommit: async (_tx, o) => {
          mismatched = o.mismatchedTables;
          if (o.mismatchedTables.length) throw new Error('counts differ');
        },
      }),
    ).rejects.toThrow('counts differ');
    expect(mismatched).toEqual(['players']);
    expect(await rowsOf(db, 'players')).toEqual(before);
  });

  it('refuses to restore a backup of another schema version', async () => {
    const backup = await copyOfSharedBackup();
    const path = backupPath(dir, backup.name);
    await rewriteHeader(path, (header) => {
      header.schemaMigration = 'a-migration-this-database-never-ran';
    });
    await expect(restoreBackupFile(db, path)).rejects.toThrow(BackupRefusedError);
    await expect(restoreBackupFile(db, path)).rejects.toThrow(BACKUP_MESSAGES.otherSchema);
  });

  it('accepts only the names it writes', async () => {
    for (const name of [
      '../backup.jsonl.gz',
      'backup-x.jsonl.gz',
      '/etc/passwd',
      'backup-20261127T094233-123Z.jsonl.gz/..',
    ]) {
      expect(() => backupPath(dir, name)).toThrow();
      expect(await readBackupMeta(dir, name)).toBeNull();
      await expect(service.deleteBackup(who, name)).rejects.toMatchObject({ statusCode: 404 });
      await expect(service.startRestore(who, name)).rejects.toMatchObject({ statusCode: 404 });
    }
  });

  /**
   * The schedule's tests assert when, how many and which backups are made and kept, not what their
   * verification finds (asserted above for the same code path): their verifications are recorded but skip
   * the scratch restore, and the sidecars say `pending`.
   */
  describe('the daily schedule', () => {
    const recordedVerifications: MockInstance<BackupService['verifyBackup']>[] = [];
    const skipScratchRestore = (backups: BackupService) => {
      const spy = vi
        .spyOn(backups, 'verifyBackup')
        .mockImplementation(async () => ({ ...PENDING_VERIFICATION }));
      recordedVerifications.push(spy);
      return spy;
    };
    beforeAll(() => {
      skipScratchRestore(service);
    });
    afterAll(() => {
      for (const spy of recordedVerifications) spy.mockRestore();
    });

    it('runs the scheduled backup once a day, even when two processes race for it', async () => {
      now = Date.parse('2026-03-01T00:10:00Z');
      const other = target === 'postgres' ? await testDatabase.openAnother() : database;
      const second = new BackupService({
        database: other,
        audit: new Audit(clock),
        clock,
        logger: silentLogger,
        maintenance,
        dir,
      });
      skipScratchRestore(second);
      const verifiedNames = () =>
        recordedVerifications.flatMap((spy) => spy.mock.calls.map(([name]) => name));
      const results = await Promise.all([service.runScheduledBackup(), second.runScheduledBackup()]);
      expect(results.filter((backup) => backup !== null)).toHaveLength(1);
      const made = results.find((backup) => backup !== null);
      expect(made?.kind).toBe('scheduled');
      // The scheduled backup, and only it, went to be verified.
      expect(verifiedNames()).toEqual([made?.name]);
      tick(60 * 60_000);
      expect(await service.runScheduledBackup()).toBeNull();
      expect(await second.runScheduledBackup()).toBeNull();
      // The next day, once more.
      now = Date.parse('2026-03-02T00:10:00Z');
      expect(await second.runScheduledBackup()).not.toBeNull();
      expect(await service.runScheduledBackup()).toBeNull();
      // Off: nothing, even on a new day.
      await service.saveSchedule(who, { enabled: false, keep: 14 });
      now = Date.parse('2026-03-03T00:10:00Z');
      expect(await service.runScheduledBackup()).toBeNull();
      await service.saveSchedule(who, { enabled: true, keep: 14 });
    }, 60_000);

    it('keeps the newest N scheduled backups; manual backups and rollback points stay', async () => {
      await service.saveSchedule(who, { enabled: true, keep: 2 });
      for (let i = 0; i < 2; i++) {
        tick();
        await service.createBackup('scheduled', who);
      }
      const before = await listBackupMetas(dir);
      const scheduled = before.filter((b) => b.kind === 'scheduled').map((b) => b.name);
      expect(scheduled.length).toBe(4);
      const manualAndRollback = before.filter((b) => b.kind !== 'scheduled').map((b) => b.name);
      expect(manualAndRollback.length).toBeGreaterThan(0);

      now = Date.parse('2026-03-04T00:10:00Z');
      const newest = await service.runScheduledBackup();
      const after = await listBackupMetas(dir);
      expect(after.filter((b) => b.kind === 'scheduled').map((b) => b.name)).toEqual([
        newest!.name,
        scheduled[0],
      ]);
      expect(after.filter((b) => b.kind !== 'scheduled').map((b) => b.name)).toEqual(manualAndRollback);
      const deletions = await selectRows<{ n: string | number }>(
        db,
        sql`select count(*) as n from system_logs where action_type = 'delete_backup' and metadata->>'reason' = 'retention'`,
      );
      expect(Number(deletions[0]?.n)).toBe(3);
      expect(await readSetting(db, BACKUP_SETTING_KEYS.schedule)).toEqual({ enabled: true, keep: 2 });
    }, 60_000);
  });

  /** Last, so that the verifications started in `beforeAll` ran beside the tests above. */
  describe.runIf(checksFiles)('verifying damaged or edited files (on one database only)', () => {
    it('fails the verification of a cut or damaged file, and the service no longer offers to restore it', async () => {
      const { cut, flipped } = await fileChecks!;
      // A cut file: an error, and the service no longer offers to restore it.
      expect(cut.verification.status).toBe('error');
      expect(cut.verification.error).toMatch(/end of file|unexpected/i);
      await expect(checks.startRestore(who, cut.name)).rejects.toMatchObject({
        statusCode: 409,
        message: BACKUP_MESSAGES.notVerified,
      });
      // A flipped byte in the middle: gzip's check fails.
      expect(flipped.verification.status).toBe('error');
    }, 60_000);

    it('reports a table whose count differs from the header as a mismatch', async () => {
      const { verification } = (await fileChecks!).mismatch;
      expect(verification.status).toBe('mismatch');
      expect(verification.mismatchedTables).toEqual(['players']);
      const players = verification.tables.find((t) => t.name === 'players');
      expect(players!.expected).toBe(players!.restored + 1);
    }, 60_000);

    it('fails the verification of a backup of another schema version', async () => {
      const { verification } = (await fileChecks!).otherSchema;
      expect(verification).toMatchObject({ status: 'error', error: BACKUP_MESSAGES.otherSchema });
    }, 60_000);
  });
});

describe('foreign-key order', () => {
  it('puts every parent before its children, ties by name; a self-reference is fine', () => {
    const keys = [
      { child: 'matches', parent: 'players' },
      { child: 'players', parent: 'tournaments' },
      { child: 'matches', parent: 'rounds' },
      { child: 'rounds', parent: 'tournaments' },
      { child: 'comments', parent: 'comments' },
    ];
    expect(orderByForeignKeys(['matches', 'players', 'rounds', 'tournaments', 'comments'], keys)).toEqual([
      'comments',
      'tournaments',
      'players',
      'rounds',
      'matches',
    ]);
  });

  it('refuses a cycle across tables', () => {
    expect(() =>
      orderByForeignKeys(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle among a, b/);
  });
});
