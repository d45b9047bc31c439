import type { RETENTION_LAST_DAY_KEY } from '../../../contracts/retention';
import { SETTING_KEYS } from '../../../contracts/settings';
import {
  isSiteSettingKey,
  SETTINGS_MESSAGES,
  SETTINGS_REGISTRY,
  SITE_SETTING_KEYS,
  SITE_SETTINGS_PAGE,
  type SiteSettingKey,
  type SiteSettingsResponse,
} from '../../../contracts/settings-registry';
import type { Audit, AuditContext, SystemLogChange, Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import {
  type INTERNAL_SETTING_KEYS,
  type InternalSettingKey,
  isInternalSettingKey,
  type ServerSettingKey,
  type ServerSettingValue,
  settingDefinition,
} from './settings.registry';
import {
  claimDayRow,
  countSettings,
  deleteSetting,
  insertSettings,
  lockSetting,
  readSetting,
  readSettings,
  saveSetting,
} from './settings.repo';

type Context = Pick<FeatureContext, 'db' | 'audit'>;
type AuditLog = Pick<Audit, 'logChange'>;

/**
 * The settings and the system's records kept in `system_settings`, read and written here only (issue #28):
 * every key is registered (settings.registry.ts), read through its tolerant reader, and a person's change is
 * stored with its audit row in the same transaction.
 */

/** A registered key's value as its reader reads what is stored (its default when nothing, or nothing usable, is). */
export async function readSettingValue<K extends ServerSettingKey>(
  db: Db,
  key: K,
): Promise<ServerSettingValue<K>> {
  const definition = settingDefinition(key);
  return definition.read(await readSetting(db, key));
}

/** The stored values of registered keys, unread (the public snapshot reads each with the shared registry). */
export async function readStoredSettings(
  db: Db,
  keys: readonly ServerSettingKey[],
): Promise<Map<string, unknown>> {
  for (const key of keys) settingDefinition(key);
  return readSettings(db, keys);
}

/** The site settings as every page reads them (tolerant readers over what is stored), for /admin/settings. */
export async function readSiteSettings(db: Db): Promise<SiteSettingsResponse> {
  const stored = await readStoredSettings(db, SITE_SETTING_KEYS);
  return {
    home_page_settings: SETTINGS_REGISTRY[SETTING_KEYS.homePage].read(stored.get(SETTING_KEYS.homePage)),
    leaderboard_visible: SETTINGS_REGISTRY[SETTING_KEYS.leaderboardVisible].read(
      stored.get(SETTING_KEYS.leaderboardVisible),
    ),
    player_dashboard_open: SETTINGS_REGISTRY[SETTING_KEYS.playerDashboardOpen].read(
      stored.get(SETTING_KEYS.playerDashboardOpen),
    ),
    stored: SITE_SETTING_KEYS.filter((key) => stored.has(key)),
    elsewhere: Object.values(SETTINGS_REGISTRY)
      .filter((definition) => definition.page !== SITE_SETTINGS_PAGE)
      .map(({ key, label, page }) => ({ key, label, page })),
  };
}

/**
 * Locks a setting's row until the transaction ends (creating it empty first) and answers its value: for a
 * change computed from the current value that two processes must not make at once (the safe-control switches).
 */
export async function lockSettingIn<K extends ServerSettingKey>(
  tx: Tx,
  key: K,
): Promise<ServerSettingValue<K>> {
  const definition = settingDefinition(key);
  return definition.read(await lockSetting(tx, key));
}

/** What a change was: both values as the setting's reader reads them. */
export interface SettingChange<V> {
  key: string;
  before: V;
  after: V;
}

/** The audit row of a change. */
export interface SettingChangeLog<V> {
  action: SystemLogChange;
  description: string;
  /**
   * The row's metadata; by default `{ key, before, after }` (through the setting's `audited` view). A change
   * whose row has had a shape of its own since before (the System Logs page shows it, tests read it) keeps it.
   */
  details?: (change: SettingChange<V>) => Record<string, unknown>;
}

/** Keeps an audit row's metadata as it always was: `{ before, after }` without the key. */
export const beforeAndAfter = <V>({ before, after }: SettingChange<V>) => ({ before, after });

/**
 * Stores a value of a registered setting inside the caller's transaction, with its audit row (who, the action,
 * what it read as before and what it is now): the one way a person's change is stored. An unregistered key is
 * refused before anything is written; if the transaction rolls back, neither the value nor the row stays.
 */
export async function saveSettingIn<K extends ServerSettingKey>(
  tx: Tx,
  audit: AuditLog,
  who: AuditContext,
  key: K,
  after: ServerSettingValue<K>,
  log: SettingChangeLog<ServerSettingValue<K>>,
): Promise<void> {
  const definition = settingDefinition(key);
  const before = definition.read(await readSetting(tx, key));
  await saveSetting(tx, key, definition.write ? definition.write(after) : after, who.actorId);
  await audit.logChange(
    tx,
    who,
    log.action,
    log.description,
    auditDetails(definition, { key, before, after }, log),
  );
}

function auditDetails<V>(
  definition: { audited?: (value: V) => unknown },
  change: SettingChange<V>,
  log: SettingChangeLog<V>,
): Record<string, unknown> {
  if (log.details) return log.details(change);
  const view = definition.audited ?? ((value: V) => value);
  return { key: change.key, before: view(change.before), after: view(change.after) };
}

/**
 * saveSettingIn in a transaction of its own: the change and its audit row commit together. Used by
 * /admin/settings and by the pages that own a setting of their own (retention periods, the geolocation service…).
 */
export async function saveRegisteredSetting<K extends ServerSettingKey>(
  context: Context,
  who: AuditContext,
  key: K,
  after: ServerSettingValue<K>,
  log: SettingChangeLog<ServerSettingValue<K>>,
): Promise<void> {
  await context.db.transaction((tx) => saveSettingIn(tx, context.audit, who, key, after, log));
}

/**
 * Deletes a setting's record inside the caller's transaction, so its reader falls back to the default, with
 * the audit row (before: what it read as, after: the default).
 */
export async function resetSettingIn<K extends ServerSettingKey>(
  tx: Tx,
  audit: AuditLog,
  who: AuditContext,
  key: K,
  log: SettingChangeLog<ServerSettingValue<K>>,
): Promise<void> {
  const definition = settingDefinition(key);
  const before = definition.read(await readSetting(tx, key));
  await deleteSetting(tx, key);
  const change = { key, before, after: definition.default };
  await audit.logChange(tx, who, log.action, log.description, auditDetails(definition, change, log));
}

/**
 * A record the system keeps that is nobody's change (a job's last run, the last backup's time): stored without
 * an audit row. Internal keys only — the type refuses the others, and so does the check at run time.
 */
export async function recordInternalSetting<K extends InternalSettingKey>(
  db: Db,
  key: K,
  value: ServerSettingValue<K>,
  updatedBy: string | null = null,
): Promise<void> {
  if (!isInternalSettingKey(key)) throw new Error(`"${String(key)}" is not an internal setting`);
  const definition = settingDefinition(key);
  await saveSetting(db, key, definition.write ? definition.write(value) : value, updatedBy);
}

/** The records a daily job claims its day in. */
export type DayClaimKey =
  | typeof INTERNAL_SETTING_KEYS.backupScheduleLastDay
  | typeof INTERNAL_SETTING_KEYS.crmRemindersLastDay
  | typeof RETENTION_LAST_DAY_KEY;

/**
 * Claims `day` (`"2026-11-27"`) for a daily job whose last day is the record `key`: a conditional upsert that
 * changes the row only when it holds another day, so exactly one of any number of processes asking at once gets
 * it — every process runs the job's timer, one runs the job (the backups, ADR 025; the retention, ADR 035; the
 * task reminders, ADR 027).
 */
export async function claimSettingDay(db: Db, key: DayClaimKey, day: string): Promise<boolean> {
  if (!isInternalSettingKey(key)) throw new Error(`"${String(key)}" is not an internal setting`);
  return claimDayRow(db, key, day);
}

/** claimSettingDay for `now`'s UTC day. */
export function claimDay(db: Db, key: DayClaimKey, now: Date): Promise<boolean> {
  return claimSettingDay(db, key, now.toISOString().slice(0, 10));
}

/** The first settings of an empty database (the demo seed): stored as given, without audit rows. */
export async function seedSettings(
  tx: Tx,
  values: { [K in ServerSettingKey]?: ServerSettingValue<K> },
): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => {
    const definition = settingDefinition(key as ServerSettingKey) as { write?: (value: unknown) => unknown };
    return { key, value: definition.write ? definition.write(value) : value };
  });
  await insertSettings(tx, rows);
}

/** Whether any setting is stored at all (an empty database has none). */
export async function hasStoredSettings(db: Db): Promise<boolean> {
  return (await countSettings(db)) > 0;
}

function validated(key: SiteSettingKey, value: unknown): unknown {
  const parsed = SETTINGS_REGISTRY[key].schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, `${field}${issue?.message ?? SETTINGS_MESSAGES.updateFailed}`, 'invalid_setting');
}

/**
 * Stores a new value after its registry schema accepts it; the change and its audit row (who, before, after)
 * commit together. The settings trigger then tells every process, which rebuilds the public snapshot and tells
 * open pages (docs/requirements.md §4).
 */
export async function updateSetting(
  context: Context,
  who: AuditContext,
  key: string,
  value: unknown,
): Promise<void> {
  if (!isSiteSettingKey(key)) throw new HttpError(404, SETTINGS_MESSAGES.unknownSetting);
  await saveRegisteredSetting(
    context,
    who,
    key,
    validated(key, value) as ServerSettingValue<SiteSettingKey>,
    {
      action: 'update_setting',
      description: `Changed ${SETTINGS_REGISTRY[key].label}`,
    },
  );
}

/**
 * Reset to defaults: the stored records are deleted, so every reader falls back to its default
 * (docs/requirements.md §4), and each deletion is audited with what it replaced.
 */
export async function resetSettings(
  context: Context,
  who: AuditContext,
  keys: readonly SiteSettingKey[],
): Promise<void> {
  await context.db.transaction(async (tx) => {
    for (const key of new Set(keys)) {
      if ((await readSetting(tx, key)) === undefined) continue;
      await resetSettingIn(tx, context.audit, who, key, {
        action: 'reset_setting',
        description: `Reset ${SETTINGS_REGISTRY[key].label} to defaults`,
      });
    }
  });
}
