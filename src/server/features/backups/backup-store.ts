import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  BACKUP_NAME_PATTERN,
  type Backup,
  type BackupKind,
  type BackupVerification,
  backupSchema,
} from '../../../contracts/backups';

/**
 * The backup folder (ADR 025): each backup is `<name>` (the data) and `<name>.meta.json` beside it (what it
 * holds and how its verification went). The metadata is a file, not a database row: a restore replaces the
 * database, and must not replace the record of the backups themselves.
 */

const SIDECAR_SUFFIX = '.meta.json';
/**
 * A backup holds password hashes, session tokens and pupils' details: only the server's own user may read the
 * folder and its files (docs/security.md T34). The modes are given when each is created and the
 * folder's (and any older file's) is put right at start; the systemd unit's UMask=0077 covers the rest.
 */
export const BACKUP_DIR_MODE = 0o700;
export const BACKUP_FILE_MODE = 0o600;
const KIND_SUFFIX: Record<BackupKind, string> = {
  manual: '',
  scheduled: '-scheduled',
  rollback: '-rollback',
};

/** What the sidecar holds: the listed backup, and the file's hash. */
export const backupMetaSchema = backupSchema.extend({ sha256: z.string() });
export type BackupMeta = z.infer<typeof backupMetaSchema>;

export const PENDING_VERIFICATION: BackupVerification = {
  status: 'pending',
  verifiedAt: null,
  durationMs: null,
  tables: [],
  mismatchedTables: [],
  error: null,
};

export const isBackupName = (name: string) => BACKUP_NAME_PATTERN.test(name);

/** `backup-20261127T094233-123Z-scheduled.jsonl.gz`: the time (UTC, to the millisecond) and the kind. */
export function backupNameFor(kind: BackupKind, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '-');
  return `backup-${stamp}${KIND_SUFFIX[kind]}.jsonl.gz`;
}

export function kindOfName(name: string): BackupKind {
  if (name.includes('-scheduled.')) return 'scheduled';
  if (name.includes('-rollback.')) return 'rollback';
  return 'manual';
}

/** The time a name carries, as ISO 8601. */
function createdAtOfName(name: string): string {
  const match = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})-(\d{3})Z/.exec(name);
  if (!match) return new Date(0).toISOString();
  const [, y, mo, d, h, mi, s, ms] = match;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`;
}

/** The file of a backup; only a name the server writes is accepted, so no path leaves the folder. */
export function backupPath(dir: string, name: string): string {
  if (!isBackupName(name)) throw new Error(`not a backup name: ${name}`);
  return join(dir, name);
}

const sidecarPath = (dir: string, name: string) => `${backupPath(dir, name)}${SIDECAR_SUFFIX}`;

/** The folder, made if missing, readable by the server's user only. */
export async function ensureBackupDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: BACKUP_DIR_MODE });
  await chmod(dir, BACKUP_DIR_MODE);
}

/**
 * At start: the folder made private, and every file in it (backups, sidecars, leftovers of an interrupted
 * write) too — a folder and files an older version made world-readable included. Returns the files changed.
 */
export async function secureBackupDir(dir: string): Promise<string[]> {
  await ensureBackupDir(dir);
  const changed: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith('backup-')) continue;
    const path = join(dir, entry.name);
    const info = await stat(path);
    if ((info.mode & 0o777) === BACKUP_FILE_MODE) continue;
    await chmod(path, BACKUP_FILE_MODE);
    changed.push(entry.name);
  }
  return changed;
}

/** The SHA-256 of a file as it is on disk now, hex (the form the sidecar records). */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

export async function backupExists(dir: string, name: string): Promise<boolean> {
  if (!isBackupName(name)) return false;
  return stat(backupPath(dir, name)).then(
    (info) => info.isFile(),
    () => false,
  );
}

/** The sidecar, or a record made from the file itself when the sidecar is missing or unreadable. */
export async function readBackupMeta(dir: string, name: string): Promise<BackupMeta | null> {
  if (!isBackupName(name)) return null;
  const info = await stat(backupPath(dir, name)).catch(() => null);
  if (!info?.isFile()) return null;
  try {
    return backupMetaSchema.parse(JSON.parse(await readFile(sidecarPath(dir, name), 'utf8')));
  } catch {
    return {
      name,
      kind: kindOfName(name),
      createdAt: createdAtOfName(name),
      sizeBytes: info.size,
      totalRows: 0,
      schemaMigration: null,
      durationMs: 0,
      verification: { ...PENDING_VERIFICATION, status: 'error', error: 'No record of this backup was found' },
      sha256: '',
    };
  }
}

/** Writes the sidecar under a temporary name, then renames it: a reader sees the old or the new, never half. */
export async function writeBackupMeta(dir: string, meta: BackupMeta): Promise<void> {
  const target = sidecarPath(dir, meta.name);
  const partial = `${target}.partial`;
  await writeFile(partial, `${JSON.stringify(meta, null, 2)}\n`, { mode: BACKUP_FILE_MODE });
  await rename(partial, target);
}

/** Every backup in the folder, newest first. */
export async function listBackupMetas(dir: string): Promise<BackupMeta[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const metas = await Promise.all(names.filter(isBackupName).map((name) => readBackupMeta(dir, name)));
  return metas
    .filter((meta): meta is BackupMeta => meta !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/** Removes a backup and its sidecar. */
export async function removeBackupFiles(dir: string, name: string): Promise<void> {
  await rm(backupPath(dir, name), { force: true });
  await rm(sidecarPath(dir, name), { force: true });
}

/** The listed form: the sidecar without the hash. */
export function toBackup({ sha256: _hash, ...backup }: BackupMeta): Backup {
  return backup;
}
