import { sql } from 'drizzle-orm';
import {
  RECENT_ACTIVITY_LIMIT,
  type SystemStatus,
  type UserActivity,
} from '../../../contracts/system-status';
import { readRetentionStatus } from '../../core/retention/retention.service';
import type { SafeControl } from '../../core/safe-control/safe-control.state';
import { INTERNAL_SETTING_KEYS } from '../../core/settings/settings.registry';
import { readSettingValue } from '../../core/settings/settings.service';
import { readRecentActivity } from '../../core/system-logs/system-logs.service';
import { countUsersByRole } from '../../core/users/user-records';
import type { Database } from '../../db/client';
import type { RequestStats } from '../../http/request-stats';
import type { ChangeFeed } from '../../live/change-feed';

/** Settings the dashboard reads (docs/requirements.md §3's system_settings keys). */
export const STATUS_SETTING_KEYS = {
  storageLimit: INTERNAL_SETTING_KEYS.storageLimit,
  lastBackup: INTERNAL_SETTING_KEYS.lastBackup,
  lastVerifiedRestore: INTERNAL_SETTING_KEYS.lastVerifiedRestore,
} as const;

export interface StatusSources {
  database: Database;
  feed: ChangeFeed;
  requestStats: RequestStats;
  startedAt: Date;
  build: { version: string; commit: string | null };
  now: () => Date;
  safeControl: Pick<SafeControl, 'siteStatus' | 'unfinishedRestore'>;
}

export async function readSystemStatus(sources: StatusSources): Promise<SystemStatus> {
  const { db } = sources.database;
  const [size, limit, lastBackup, lastRestore, usersByRole, retention] = await Promise.all([
    db.execute(sql`select pg_database_size(current_database())::bigint as size`),
    readSettingValue(db, STATUS_SETTING_KEYS.storageLimit),
    readSettingValue(db, STATUS_SETTING_KEYS.lastBackup),
    readSettingValue(db, STATUS_SETTING_KEYS.lastVerifiedRestore),
    countUsersByRole(db),
    readRetentionStatus(db),
  ]);
  // node-postgres and PGlite both answer with `rows`.
  const sizeBytes = Number((size as unknown as { rows: { size: string | number }[] }).rows[0]?.size ?? 0);
  return {
    startedAt: sources.startedAt.toISOString(),
    uptimeSeconds: Math.max(0, Math.floor((sources.now().getTime() - sources.startedAt.getTime()) / 1000)),
    version: sources.build.version,
    commit: sources.build.commit,
    database: {
      kind: sources.database.kind,
      sizeBytes,
      limitBytes: limit,
    },
    lastBackupAt: lastBackup,
    lastVerifiedRestoreAt: lastRestore,
    usersByRole,
    liveConnections: sources.feed.subscriberCount,
    lastHour: sources.requestStats.lastHour(),
    safeControlOn: sources.safeControl.siteStatus().on,
    unfinishedRestore: sources.safeControl.unfinishedRestore(),
    retention,
  };
}

export async function readUserActivity(sources: Pick<StatusSources, 'database'>): Promise<UserActivity> {
  const rows = await readRecentActivity(sources.database.db, RECENT_ACTIVITY_LIMIT);
  return {
    activity: rows.map((row) => ({
      at: row.createdAt,
      userId: row.userId ?? '',
      userName: row.userName,
      description: row.description,
    })),
  };
}
