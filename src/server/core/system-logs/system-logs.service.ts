import { lt, sql } from 'drizzle-orm';
import {
  LOG_DAY_MS,
  type LogSeverity,
  type LogSource,
  SECURITY_LOG_AREA,
  type SystemLogFilters,
  type SystemLogOptions,
  type SystemLogPage,
  type SystemLogRow,
} from '../../../contracts/system-logs';
import { formatCsv } from '../../../domain/csv';
import type { AuditContext } from '../../audit/audit';
import { SECURITY_EVENTS, SYSTEM_LOG_ACTIONS } from '../../audit/events';
import type { Db } from '../../db/client';
import { containsPattern, isDigits, keysetPage, parseCursor } from '../../db/keyset';
import { securityAuditLog } from '../../db/schema/accounts';
import { systemLogs } from '../../db/schema/settings';
import type { AuditedDb } from '../../feature-context';
import { INTERNAL_SETTING_KEYS } from '../settings/settings.registry';
import { beforeAndAfter, readSettingValue, saveRegisteredSetting } from '../settings/settings.service';

/** The setting that holds how many days log rows are kept (docs/requirements.md §1: two years by default). */
export const LOG_RETENTION_SETTING_KEY = INTERNAL_SETTING_KEYS.logRetentionDays;

interface LogRecord {
  source: LogSource;
  id: string;
  created_at: string;
  cursor_at: string;
  area: string;
  action: string;
  severity: LogSeverity;
  description: string;
  user_id: string | null;
  user_name: string | null;
  ip_address: string | null;
  metadata: Record<string, unknown> | null;
}

/** `sign_in_failed` → "Sign in failed": the description of a security event, which stores none. */
function describe(eventType: string): string {
  const words = eventType.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Both logs as one relation with the columns the page shows (the user's name joined where the account exists). */
const BOTH_LOGS = sql`(
  select 'system' as source, l.id, l.created_at, l.event_type as area, l.action_type as action,
         'info' as severity, l.description, l.user_id, null::text as ip_address, l.metadata
    from system_logs l
  union all
  select 'security' as source, s.id, s.created_at, ${SECURITY_LOG_AREA} as area, s.event_type as action,
         s.severity, s.event_type as description, s.user_id, s.ip_address, s.details as metadata
    from security_audit_log s
) x left join "user" u on u.id = x.user_id`;

function conditions(filters: Partial<SystemLogFilters>) {
  const where = [sql`true`];
  if (filters.source) where.push(sql`x.source = ${filters.source}`);
  if (filters.area) where.push(sql`x.area = ${filters.area}`);
  if (filters.action) where.push(sql`x.action = ${filters.action}`);
  if (filters.severity) where.push(sql`x.severity = ${filters.severity}`);
  if (filters.from) where.push(sql`x.created_at >= ${filters.from}::timestamptz`);
  if (filters.to) where.push(sql`x.created_at <= ${filters.to}::timestamptz`);
  if (filters.user) {
    const pattern = containsPattern(filters.user);
    where.push(sql`(x.user_id = ${filters.user} or u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    where.push(
      sql`(x.description ilike ${pattern} or x.action ilike ${pattern} or x.metadata::text ilike ${pattern})`,
    );
  }
  return sql.join(where, sql` and `);
}

/** The cursor of a row: its time to the microsecond, its log and its id (the order the list is read in). */
function cursorOf(record: LogRecord): string {
  return `${record.cursor_at}|${record.source}|${record.id}`;
}

function parseLogCursor(cursor: string): { at: string; source: LogSource; id: number } {
  const [at, source, id] = parseCursor(cursor, [
    (part) => part === 'system' || part === 'security',
    isDigits,
  ]);
  return { at: at!, source: source as LogSource, id: Number(id) };
}

async function select(
  db: Db,
  filters: Partial<SystemLogFilters>,
  limit: number,
  cursor?: string,
  onlyUsers = false,
): Promise<LogRecord[]> {
  const after = cursor ? parseLogCursor(cursor) : null;
  const byUsers = onlyUsers ? sql` and x.user_id is not null` : sql``;
  const page = after
    ? sql` and (x.created_at, x.source, x.id) < (${after.at}::timestamptz, ${after.source}, ${after.id})`
    : sql``;
  const result = await db.execute(sql`
    select x.source, x.id::text as id, x.area, x.action, x.severity, x.description, x.user_id, x.ip_address,
           x.metadata, coalesce(nullif(u.name, ''), u.email) as user_name,
           to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
      from ${BOTH_LOGS}
     where ${conditions(filters)}${page}${byUsers}
     order by x.created_at desc, x.source desc, x.id desc
     limit ${limit}`);
  // node-postgres and PGlite both answer with `rows`.
  return (result as unknown as { rows: LogRecord[] }).rows;
}

function toRow(record: LogRecord): SystemLogRow {
  return {
    id: `${record.source}:${record.id}`,
    source: record.source,
    createdAt: record.created_at,
    area: record.area,
    action: record.action,
    severity: record.severity,
    description: record.source === 'security' ? describe(record.description) : record.description,
    userId: record.user_id,
    userName: record.user_name,
    ipAddress: record.ip_address,
    metadata: record.metadata ?? {},
  };
}

/** One page of the filtered list, newest first, and the cursor of the next (null after the last). */
export async function readLogPage(
  db: Db,
  filters: Partial<SystemLogFilters>,
  limit: number,
  cursor?: string,
): Promise<SystemLogPage> {
  const { shown, nextCursor } = keysetPage(await select(db, filters, limit + 1, cursor), limit, cursorOf);
  return { rows: shown.map(toRow), nextCursor };
}

/** What people did lately (rows with a user), newest first: the superadmin dashboard's recent activity. */
export async function readRecentActivity(db: Db, limit: number): Promise<SystemLogRow[]> {
  return (await select(db, {}, limit, undefined, true)).map(toRow);
}

/** The filtered rows for a download, newest first, at most `limit`. */
export async function exportLogs(
  db: Db,
  filters: Partial<SystemLogFilters>,
  format: 'csv' | 'json',
  limit: number,
): Promise<string> {
  const rows = (await select(db, filters, limit)).map(toRow);
  if (format === 'json') return JSON.stringify(rows, null, 2);
  return formatCsv([
    ['time', 'log', 'area', 'action', 'severity', 'user id', 'user', 'address', 'description', 'details'],
    ...rows.map((row) => [
      row.createdAt,
      row.source,
      row.area,
      row.action,
      row.severity,
      row.userId,
      row.userName,
      row.ipAddress,
      row.description,
      JSON.stringify(row.metadata),
    ]),
  ]);
}

export function readRetentionDays(db: Db): Promise<number> {
  return readSettingValue(db, LOG_RETENTION_SETTING_KEY);
}

export async function readLogOptions(db: Db): Promise<SystemLogOptions> {
  const areas = [...new Set(Object.values(SYSTEM_LOG_ACTIONS).map((action) => action.area))].sort();
  return {
    areas: [...areas, SECURITY_LOG_AREA],
    // One entry per name: an event both logs record (payment_amount_mismatch is a payment change and a security
    // attempt) is one choice, and the filter finds its rows in both (x.action matches either log).
    actions: [...new Set([...Object.keys(SYSTEM_LOG_ACTIONS), ...Object.keys(SECURITY_EVENTS)])].sort(),
    retentionDays: await readRetentionDays(db),
  };
}

/** A new retention, stored with its audit row (before, after) in one transaction. */
export async function saveRetentionDays(context: AuditedDb, who: AuditContext, days: number): Promise<void> {
  await saveRegisteredSetting(context, who, LOG_RETENTION_SETTING_KEY, days, {
    action: 'update_log_retention',
    description: `Log retention set to ${days} days`,
    details: beforeAndAfter,
  });
}

/**
 * Deletes the rows of both logs older than the retention and records, in the same transaction, how many went (a
 * row that is itself new, so the trail shows the purge ran). Several processes may run it the same day: the
 * second finds nothing and writes nothing.
 */
export async function purgeOldLogs(
  { db, audit }: AuditedDb,
  now: Date,
): Promise<{ system: number; security: number }> {
  const days = await readRetentionDays(db);
  const cutoff = new Date(now.getTime() - days * LOG_DAY_MS);
  return db.transaction(async (tx) => {
    const system = await tx
      .delete(systemLogs)
      .where(lt(systemLogs.createdAt, cutoff))
      .returning({ id: systemLogs.id });
    const security = await tx
      .delete(securityAuditLog)
      .where(lt(securityAuditLog.createdAt, cutoff))
      .returning({ id: securityAuditLog.id });
    const removed = { system: system.length, security: security.length };
    if (removed.system + removed.security > 0) {
      await audit.logChange(
        tx,
        { actorId: null, ip: null },
        'purge_logs',
        `Removed log rows older than ${days} days`,
        {
          before: cutoff.toISOString(),
          ...removed,
        },
      );
    }
    return removed;
  });
}
