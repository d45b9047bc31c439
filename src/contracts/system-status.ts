import { z } from 'zod';
import { isoDateTime } from './common';
import { retentionStatusSchema } from './retention';
import { safeSwitchSchema, unfinishedRestoreSchema } from './safe-control';

/**
 * The superadmin dashboard (`/admin/super-admin-dashboard`, `view_superadmin_dashboard`, docs/requirements.md
 * §2): is the system healthy, and who did what lately.
 */

/** docs/requirements.md §9: recent user activity shows at most 10 entries. */
export const RECENT_ACTIVITY_LIMIT = 10;

export const SYSTEM_STATUS_MESSAGES = {
  statsFailed: 'Failed to load system statistics',
  activityFailed: 'Failed to load user activity',
} as const;

export const systemStatusSchema = z.object({
  /** `system_start_time`: when the server (the process answering) started. */
  startedAt: isoDateTime,
  uptimeSeconds: z.number().int().nonnegative(),
  version: z.string(),
  /** The commit the running code was built from, when known (GIT_COMMIT, or the checkout's HEAD). */
  commit: z.string().nullable(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().int().nonnegative(),
    /** `storage_limit` in bytes, or null when none is set. */
    limitBytes: z.number().int().positive().nullable(),
  }),
  /** `last_backup` and the last backup whose restore was verified; null until there is one. */
  lastBackupAt: isoDateTime.nullable(),
  lastVerifiedRestoreAt: isoDateTime.nullable(),
  /** count_users_by_role. */
  usersByRole: z.object({ player: z.number().int(), admin: z.number().int(), superadmin: z.number().int() }),
  /** Open live-update streams on this process (one per open page). */
  liveConnections: z.number().int().nonnegative(),
  /** Requests this process answered in the last 60 minutes, and how many of them failed on our side (5xx). */
  lastHour: z.object({ requests: z.number().int().nonnegative(), errors: z.number().int().nonnegative() }),
  /** The safe-control switches that are on now (`/admin/safe-control`). */
  safeControlOn: z.array(safeSwitchSchema),
  /** A backup restore the server stopped in the middle of (ADR 025), until dismissed on /admin/safe-control. */
  unfinishedRestore: unfinishedRestoreSchema.nullable(),
  /** The retention periods and the daily job's last run with its counts (ADR 035). */
  retention: retentionStatusSchema,
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const userActivitySchema = z.object({
  activity: z.array(
    z.object({
      at: isoDateTime,
      userId: z.string(),
      userName: z.string().nullable(),
      description: z.string(),
    }),
  ),
});
export type UserActivity = z.infer<typeof userActivitySchema>;
