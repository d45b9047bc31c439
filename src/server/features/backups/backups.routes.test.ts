import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
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
import { databaseTargets } from '../../../../tests/support/server/test-database';
import {
  BACKUP_MESSAGES,
  type BackupJob,
  backupJobSchema,
  backupJobStartedSchema,
  backupListSchema,
  DEFAULT_BACKUP_KEEP,
} from '../../../contracts/backups';
import { systemStatusSchema } from '../../../contracts/system-status';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { selectRows } from './backup-catalog';

const BASE = '/api/admin/backups';

describe.each(databaseTargets)('backup routes on %s', (target) => {
  let t: TestApp;
  let superadmin: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemoAccounts(t.database.db, createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    admin = (await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD)).cookie;
  }, 60_000);
  afterAll(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = superadmin,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Polls the job as the page does until it has finished. */
  const finished = (jobId: string) =>
    eventually(async () => {
      const job = backupJobSchema.parse((await call('GET', `${BASE}/jobs/${jobId}`)).json());
      return job.finishedAt === null ? undefined : job;
    }, 60_000);

  const startBackup = async () => {
    const response = await call('POST', BASE);
    expect(response.statusCode, response.body).toBe(202);
    return backupJobStartedSchema.parse(response.json()).jobId;
  };

  const firstResult = async () =>
    (
      await selectRows<{ result: string | null }>(
        t.database.db,
        sql`select result from matches order by id limit 1`,
      )
    )[0]?.result;

  it('lists no backups and the default schedule at first', async () => {
    const list = backupListSchema.parse((await call('GET', BASE)).json());
    expect(list).toEqual({
      backups: [],
      schedule: { enabled: true, keep: DEFAULT_BACKUP_KEEP },
      runningJob: null,
    });
  });

  it('creates a backup in the background: 202, a job with progress, then the verified backup', async () => {
    const jobId = await startBackup();
    // A second backup while the first runs is refused.
    const again = await call('POST', BASE);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BACKUP_MESSAGES.busy);
    const running = backupListSchema.parse((await call('GET', BASE)).json()).runningJob;
    expect(running?.id).toBe(jobId);

    const job: BackupJob = await finished(jobId);
    expect(job.phase).toBe('done');
    expect(job.percent).toBe(100);
    expect(job.backup?.verification.status).toBe('ok');
    expect(job.tablesTotal).toBeGreaterThan(30);
    const list = backupListSchema.parse((await call('GET', BASE)).json());
    expect(list.backups.map((b) => b.name)).toEqual([job.backup!.name]);
    expect(list.runningJob).toBeNull();

    // The dashboard shows both times.
    const status = systemStatusSchema.parse((await call('GET', '/api/admin/system-status')).json());
    expect(status.lastBackupAt).toBe(job.backup!.createdAt);
    expect(status.lastVerifiedRestoreAt).toBe(job.backup!.verification.verifiedAt);
  }, 90_000);

  it('downloads a backup as a gzip attachment, and logs the download', async () => {
    const [backup] = backupListSchema.parse((await call('GET', BASE)).json()).backups;
    const response = await call('GET', `${BASE}/${backup!.name}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${backup!.name}"`);
    const header = JSON.parse(gunzipSync(response.rawPayload).toString('utf8').split('\n')[0]!);
    expect(header).toMatchObject({ format: 'chess-backup', version: 1 });
    expect(header.tables.players).toBeGreaterThan(0);
    const [row] = await selectRows<{ action_type: string }>(
      t.database.db,
      sql`select action_type from system_logs order by id desc limit 1`,
    );
    expect(row?.action_type).toBe('download_backup');
  });

  it('refuses names it did not write (400) and names of no backup (404), changing nothing', async () => {
    const before = backupListSchema.parse((await call('GET', BASE)).json()).backups;
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      'backup-1.jsonl.gz',
      'backup-20261127T094233-123Z.jsonl.gz.meta.json',
    ]) {
      expect((await call('DELETE', `${BASE}/${name}`)).statusCode).toBe(400);
      expect((await call('GET', `${BASE}/${name}/download`)).statusCode).toBe(400);
      expect((await call('POST', `${BASE}/${name}/restore`)).statusCode).toBe(400);
    }
    const missing = 'backup-20200101T000000-000Z.jsonl.gz';
    expect((await call('DELETE', `${BASE}/${missing}`)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${missing}/download`)).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${missing}/restore`)).json().error).toBe(BACKUP_MESSAGES.notFound);
    expect((await call('GET', `${BASE}/jobs/not-a-job`)).statusCode).toBe(400);
    expect((await call('GET', `${BASE}/jobs/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect(backupListSchema.parse((await call('GET', BASE)).json()).backups).toEqual(before);
  });

  it('restores a backup: the changed result is back, a rollback point is listed, and it says what it did', async () => {
    const [backup] = backupListSchema.parse((await call('GET', BASE)).json()).backups;
    const original = await firstResult();
    await t.database.db.execute(
      sql`update matches set result = ${original === 'draw' ? 'white' : 'draw'} where id = (select id from matches order by id limit 1)`,
    );
    const response = await call('POST', `${BASE}/${backup!.name}/restore`);
    expect(response.statusCode, response.body).toBe(202);
    const job = await finished(backupJobStartedSchema.parse(response.json()).jobId);
    expect(job.phase, job.error ?? '').toBe('done');
    expect(job.restore?.name).toBe(backup!.name);
    expect(job.restore?.tables.find((table) => table.name === 'players')?.rows).toBeGreaterThan(0);
    expect(await firstResult()).toBe(original);

    const list = backupListSchema.parse((await call('GET', BASE)).json()).backups;
    const rollback = list.find((b) => b.name === job.restore?.rollbackPoint);
    expect(rollback?.kind).toBe('rollback');
    expect(rollback?.verification.status).toBe('ok');
    // The superadmin is still signed in after the restore.
    expect((await call('GET', BASE)).statusCode).toBe(200);
  }, 90_000);

  it('saves the schedule (audited) and refuses a bad one', async () => {
    const saved = await call('PUT', `${BASE}/schedule`, { enabled: false, keep: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ enabled: false, keep: 7 });
    expect(backupListSchema.parse((await call('GET', BASE)).json()).schedule).toEqual({
      enabled: false,
      keep: 7,
    });
    for (const body of [
      { enabled: true, keep: 0 },
      { enabled: true },
      { enabled: true, keep: 3, extra: 1 },
    ]) {
      expect((await call('PUT', `${BASE}/schedule`, body)).statusCode).toBe(400);
    }
    const [row] = await selectRows<{ action_type: string; description: string }>(
      t.database.db,
      sql`select action_type, description from system_logs order by id desc limit 1`,
    );
    expect(row).toEqual({ action_type: 'change_backup_schedule', description: 'Backup schedule: off' });
  });

  it('deletes a backup', async () => {
    const [backup] = backupListSchema.parse((await call('GET', BASE)).json()).backups;
    const response = await call('DELETE', `${BASE}/${backup!.name}`);
    expect(response.json()).toEqual({ message: BACKUP_MESSAGES.deleted });
    const names = backupListSchema.parse((await call('GET', BASE)).json()).backups.map((b) => b.name);
    expect(names).not.toContain(backup!.name);
  });

  it('makes an existing backup folder and its files private when the server starts', async () => {
    // A folder and a backup as an older version left them: readable by every account on the machine.
    const dir = await mkdtemp(join(tmpdir(), 'backups-start-'));
    const file = join(dir, 'backup-20250101T000000-000Z.jsonl.gz');
    try {
      await chmod(dir, 0o755);
      await writeFile(file, 'x', { mode: 0o644 });
      const app = await buildTestApp(t.database, { backupDir: dir });
      await app.ready();
      await app.close();
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is for superadmins only', async () => {
    expect((await call('GET', BASE, undefined, admin)).statusCode).toBe(403);
    expect((await call('POST', BASE, undefined, admin)).statusCode).toBe(403);
  });
});
