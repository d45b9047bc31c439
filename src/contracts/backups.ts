import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Database backups (`/admin/backups`, `view_superadmin_dashboard`, ADR 025): snapshots of the whole database
 * written as gzip'd JSON lines, each verified by restoring it into a scratch database; a daily backup with a
 * retention; a restore that keeps the current data as a rollback point.
 */

/**
 * The only names the server writes, so the only names it accepts: `backup-20261127T094233-123Z.jsonl.gz`, with
 * `-scheduled` or `-rollback` before the extension for those kinds. No slash, no dot-dot: nothing outside the
 * backup folder can be named.
 */
export const BACKUP_NAME_PATTERN = /^backup-\d{8}T\d{6}-\d{3}Z(-scheduled|-rollback)?\.jsonl\.gz$/;

/** Scheduled backups kept by default (docs/requirements.md §9); older scheduled ones are deleted. */
export const DEFAULT_BACKUP_KEEP = 14;
export const MIN_BACKUP_KEEP = 1;
export const MAX_BACKUP_KEEP = 365;
/** The page asks for a running job's progress this often. */
export const BACKUP_JOB_POLL_MS = 500;

export const BACKUP_MESSAGES = {
  created: 'System backup created successfully',
  createFailed: 'Failed to create system backup',
  loadFailed: 'Failed to load backups',
  started: 'Backup started',
  deleted: 'Backup deleted',
  deleteFailed: 'Failed to delete the backup',
  restored: 'Backup restored',
  restoreFailed: 'Failed to restore the backup',
  scheduleSaved: 'Backup schedule saved',
  scheduleFailed: 'Failed to save the backup schedule',
  badName: 'This is not the name of a backup',
  notFound: 'There is no backup with this name',
  jobNotFound: 'There is no backup job with this id (finished jobs are kept for a while, then forgotten)',
  /** A job whose server process stopped before it finished (its progress file went silent). */
  jobLost: 'The server process running this job stopped before it finished; start it again',
  busy: 'A backup or restore is already running; wait until it has finished',
  otherSchema:
    'This backup was made by a different version of the database schema, so it cannot be restored here',
  otherTables: 'This backup does not hold the same tables as the database, so it cannot be restored here',
  notVerified: 'This backup did not pass its verification, so it cannot be restored',
  /** The file's SHA-256 is not the one recorded when it was written: edited, damaged or swapped since. */
  checksumMismatch:
    'This backup file has changed since it was made and verified (its SHA-256 checksum differs), so it cannot be restored',
  unreadable: 'This backup file cannot be read',
  rollbackNotVerified: 'The rollback point could not be verified, so nothing was restored',
  countsDiffer: 'The restored row counts differ from the backup, so nothing was restored',
} as const;

/** Why the site is in maintenance while a restore runs (shown to staff by safe-control). */
export const restoreMaintenanceReason = (name: string) => `Restoring the backup ${name}`;

export const backupKindSchema = z.enum(['manual', 'scheduled', 'rollback']);
export type BackupKind = z.infer<typeof backupKindSchema>;

export const backupNameSchema = z.string().regex(BACKUP_NAME_PATTERN, BACKUP_MESSAGES.badName);
export const backupNameParamsSchema = z.object({ name: backupNameSchema }).strict();

export const tableCountSchema = z.object({
  name: z.string(),
  /** Rows in the backup (counted in the snapshot). */
  expected: z.number().int().nonnegative(),
  /** Rows the scratch database held after the restore (or the live one after a real restore). */
  restored: z.number().int().nonnegative(),
});
export type TableCount = z.infer<typeof tableCountSchema>;

export const verificationStatusSchema = z.enum(['pending', 'ok', 'mismatch', 'error']);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** The result of restoring a backup into a scratch database and comparing row counts per table. */
export const backupVerificationSchema = z.object({
  status: verificationStatusSchema,
  verifiedAt: isoDateTime.nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  tables: z.array(tableCountSchema),
  /** Tables whose restored count differs from the backup's (status `mismatch`). */
  mismatchedTables: z.array(z.string()),
  /** Why the restore failed (status `error`). */
  error: z.string().nullable(),
});
export type BackupVerification = z.infer<typeof backupVerificationSchema>;

export const backupSchema = z.object({
  name: backupNameSchema,
  kind: backupKindSchema,
  createdAt: isoDateTime,
  sizeBytes: z.number().int().nonnegative(),
  totalRows: z.number().int().nonnegative(),
  /** The database schema's latest migration when the backup was made; a restore needs the same. */
  schemaMigration: z.string().nullable(),
  /** Milliseconds the snapshot took to write. */
  durationMs: z.number().int().nonnegative(),
  verification: backupVerificationSchema,
});
export type Backup = z.infer<typeof backupSchema>;

export const backupScheduleSchema = z
  .object({
    /** A backup once a day (the first check of each UTC day; every process checks, one backs up). */
    enabled: z.boolean(),
    /** Scheduled backups kept; older scheduled ones are deleted after each scheduled backup. */
    keep: z.number().int().min(MIN_BACKUP_KEEP).max(MAX_BACKUP_KEEP),
  })
  .strict();
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

export const restoreSummarySchema = z.object({
  name: backupNameSchema,
  /** The backup of the data as it was just before, kept to go back to. */
  rollbackPoint: backupNameSchema,
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
  totalRows: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
});
export type RestoreSummary = z.infer<typeof restoreSummarySchema>;

export const backupPhaseSchema = z.enum([
  'starting',
  'writing',
  'verifying',
  'rollback-point',
  'verifying-rollback-point',
  'restoring',
  'done',
  'failed',
]);
export type BackupPhase = z.infer<typeof backupPhaseSchema>;

export const backupJobSchema = z.object({
  id: z.string(),
  kind: z.enum(['backup', 'restore']),
  /** The backup being written (backup jobs, once named) or restored (restore jobs). */
  backupName: backupNameSchema.nullable(),
  phase: backupPhaseSchema,
  tablesDone: z.number().int().nonnegative(),
  tablesTotal: z.number().int().nonnegative(),
  rowsDone: z.number().int().nonnegative(),
  rowsTotal: z.number().int().nonnegative(),
  /** The whole job's progress, 0 to 100 (each phase is a share of it). */
  percent: z.number().int().min(0).max(100),
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  error: z.string().nullable(),
  /** The backup written (a backup job that finished). */
  backup: backupSchema.nullable(),
  /** What a finished restore did. */
  restore: restoreSummarySchema.nullable(),
});
export type BackupJob = z.infer<typeof backupJobSchema>;

export const backupListSchema = z.object({
  /** Newest first. */
  backups: z.array(backupSchema),
  schedule: backupScheduleSchema,
  /** The job running now, on whichever server process runs it (their progress files are shared), if any. */
  runningJob: backupJobSchema.nullable(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupJobStartedSchema = z.object({ jobId: z.string(), message: z.string() });
export const backupJobParamsSchema = z.object({ id: z.uuid() }).strict();
