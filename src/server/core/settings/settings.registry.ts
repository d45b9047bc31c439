import { type BackupSchedule, backupScheduleSchema, DEFAULT_BACKUP_KEEP } from '../../../contracts/backups';
import {
  RETENTION_LAST_DAY_KEY,
  RETENTION_LAST_RUN_KEY,
  type RetentionLastRun,
  readRetentionLastRun,
} from '../../../contracts/retention';
import { IMPORTANT_INFORMATION_SETTING_KEY } from '../../../contracts/rich-text';
import { SAFE_CONTROL_SETTING_KEY } from '../../../contracts/safe-control';
import { SETTING_KEYS } from '../../../contracts/setting-keys';
import { SETTINGS_REGISTRY, type SettingKey } from '../../../contracts/settings-registry';
import { DEFAULT_LOG_RETENTION_DAYS } from '../../../contracts/system-logs';
import {
  describeBotProtection,
  EMPTY_BOT_PROTECTION,
  readStoredBotProtection,
  type StoredBotProtection,
} from '../bot-protection/bot-protection.stored';
import {
  readStoredSafeControl,
  type StoredSafeControl,
  toStoredSafeControl,
} from '../safe-control/safe-control.stored';

/**
 * Every `system_settings` key the server stores or reads (issue #28): the settings of the shared registry
 * (src/contracts/settings-registry.ts, which the client reads too), and the records that are not settings
 * anyone changes on /admin/settings — a job's last run or claimed day, the last backup, a page's stored text,
 * the bot check's sealed keys. Those are `internal`: /admin/settings lists none of them, and only they may be
 * written without an audit row (recordInternalSetting, claimDay in settings.service.ts).
 */
export interface ServerSettingDefinition<T> {
  key: string;
  label: string;
  default: T;
  /** Reads whatever is stored (or nothing) as a value of the setting; never throws. */
  read: (stored: unknown) => T;
  /** The JSON stored for a value, when it is not the value itself. */
  write?: (value: T) => unknown;
  /** How a value appears in an audit row's before and after (a secret left out); the value itself otherwise. */
  audited?: (value: T) => unknown;
  /** Not a setting of the shared registry: not listed on /admin/settings, never sent to the client as one. */
  internal: boolean;
}

function internalSetting<T>(
  definition: Omit<ServerSettingDefinition<T>, 'internal'>,
): ServerSettingDefinition<T> & { internal: true } {
  return { ...definition, internal: true };
}

type Listed = {
  [K in SettingKey]: ServerSettingDefinition<(typeof SETTINGS_REGISTRY)[K]['default']> & { internal: false };
};

/** The shared registry's settings, as they are (their reader, default and label). */
const LISTED = Object.fromEntries(
  Object.entries(SETTINGS_REGISTRY).map(([key, definition]) => [key, { ...definition, internal: false }]),
) as unknown as Listed;

/** A date-time stored as text (the last backup, the last verified restore), or null. */
function readIsoDateTime(stored: unknown): string | null {
  return typeof stored === 'string' && !Number.isNaN(Date.parse(stored))
    ? new Date(stored).toISOString()
    : null;
}

/** A day claimed by a daily job (`"2026-11-27"`), or null. */
function readDay(stored: unknown): string | null {
  return typeof stored === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(stored) ? stored : null;
}

/** The keys of the internal records whose constants no shared module holds. */
export const INTERNAL_SETTING_KEYS = {
  lastBackup: 'last_backup',
  lastVerifiedRestore: 'last_verified_restore',
  storageLimit: 'storage_limit',
  /** `backup_schedule*` rows keep their values across a restore (features/backups/backup-restore.ts). */
  backupSchedule: 'backup_schedule',
  backupScheduleLastDay: 'backup_schedule_last_day',
  crmRemindersLastDay: 'crm_reminders_last_day',
  logRetentionDays: 'log_retention_days',
  botProtection: 'bot_protection',
} as const;

export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: true, keep: DEFAULT_BACKUP_KEEP };

const INTERNAL = {
  [INTERNAL_SETTING_KEYS.lastBackup]: internalSetting<string | null>({
    key: INTERNAL_SETTING_KEYS.lastBackup,
    label: 'Last backup',
    default: null,
    read: readIsoDateTime,
  }),
  [INTERNAL_SETTING_KEYS.lastVerifiedRestore]: internalSetting<string | null>({
    key: INTERNAL_SETTING_KEYS.lastVerifiedRestore,
    label: 'Last verified restore',
    default: null,
    read: readIsoDateTime,
  }),
  // Set by the operator (no page changes it): the dashboard shows the database size against it.
  [INTERNAL_SETTING_KEYS.storageLimit]: internalSetting<number | null>({
    key: INTERNAL_SETTING_KEYS.storageLimit,
    label: 'Database storage limit',
    default: null,
    read: (stored) => (typeof stored === 'number' && Number.isInteger(stored) && stored > 0 ? stored : null),
  }),
  // Changed on /admin/backups (audited there), not listed on /admin/settings.
  [INTERNAL_SETTING_KEYS.backupSchedule]: internalSetting<BackupSchedule>({
    key: INTERNAL_SETTING_KEYS.backupSchedule,
    label: 'Backup schedule',
    default: DEFAULT_BACKUP_SCHEDULE,
    read: (stored) => {
      const parsed = backupScheduleSchema.safeParse(stored);
      return parsed.success ? parsed.data : DEFAULT_BACKUP_SCHEDULE;
    },
  }),
  [INTERNAL_SETTING_KEYS.backupScheduleLastDay]: internalSetting<string | null>({
    key: INTERNAL_SETTING_KEYS.backupScheduleLastDay,
    label: 'Day of the last scheduled backup',
    default: null,
    read: readDay,
  }),
  [RETENTION_LAST_RUN_KEY]: internalSetting<RetentionLastRun | null>({
    key: RETENTION_LAST_RUN_KEY,
    label: 'Last retention run',
    default: null,
    read: readRetentionLastRun,
  }),
  [RETENTION_LAST_DAY_KEY]: internalSetting<string | null>({
    key: RETENTION_LAST_DAY_KEY,
    label: 'Day of the last retention run',
    default: null,
    read: readDay,
  }),
  [INTERNAL_SETTING_KEYS.crmRemindersLastDay]: internalSetting<string | null>({
    key: INTERNAL_SETTING_KEYS.crmRemindersLastDay,
    label: 'Day of the last task reminders',
    default: null,
    read: readDay,
  }),
  // The important-information page (ADR 021), changed on its own page: null while the built-in text is shown.
  [IMPORTANT_INFORMATION_SETTING_KEY]: internalSetting<string | null>({
    key: IMPORTANT_INFORMATION_SETTING_KEY,
    label: 'Important information page',
    default: null,
    read: (stored) => (typeof stored === 'string' && stored.trim() !== '' ? stored : null),
  }),
  // Changed on /admin/system-logs (audited there).
  [INTERNAL_SETTING_KEYS.logRetentionDays]: internalSetting<number>({
    key: INTERNAL_SETTING_KEYS.logRetentionDays,
    label: 'Log retention',
    default: DEFAULT_LOG_RETENTION_DAYS,
    read: (stored) =>
      typeof stored === 'number' && Number.isInteger(stored) && stored > 0
        ? stored
        : DEFAULT_LOG_RETENTION_DAYS,
  }),
  // The bot check (ADR 022): its secrets are sealed, and an audit row shows only whether one is set.
  [INTERNAL_SETTING_KEYS.botProtection]: internalSetting<StoredBotProtection>({
    key: INTERNAL_SETTING_KEYS.botProtection,
    label: 'Bot protection',
    default: EMPTY_BOT_PROTECTION,
    read: readStoredBotProtection,
    audited: describeBotProtection,
  }),
  // Written by the demo seed only: the data is demo data.
  [SETTING_KEYS.demoMode]: internalSetting<boolean>({
    key: SETTING_KEYS.demoMode,
    label: 'Demo data',
    default: false,
    read: (stored) => stored === true,
  }),
} as const;

/**
 * The one list of stored keys on the server. The safe-control row is read here with what the server keeps
 * beside the switches (a restore in progress, an unfinished restore's notice); the shared registry's reader
 * (the switches alone) is the one the public snapshot uses.
 */
export const SERVER_SETTINGS = {
  ...LISTED,
  [SAFE_CONTROL_SETTING_KEY]: {
    key: SAFE_CONTROL_SETTING_KEY,
    label: LISTED[SAFE_CONTROL_SETTING_KEY].label,
    default: readStoredSafeControl(undefined),
    read: readStoredSafeControl,
    write: toStoredSafeControl,
    internal: false,
  } satisfies ServerSettingDefinition<StoredSafeControl> & { internal: false },
  ...INTERNAL,
} as const;

export type ServerSettingKey = keyof typeof SERVER_SETTINGS;
export type ServerSettingValue<K extends ServerSettingKey> = ReturnType<(typeof SERVER_SETTINGS)[K]['read']>;
/** The keys that are records of the system rather than settings anyone changes on /admin/settings. */
export type InternalSettingKey = keyof typeof INTERNAL;

export function isServerSettingKey(value: unknown): value is ServerSettingKey {
  return typeof value === 'string' && Object.hasOwn(SERVER_SETTINGS, value);
}

export function isInternalSettingKey(value: unknown): value is InternalSettingKey {
  return isServerSettingKey(value) && SERVER_SETTINGS[value].internal;
}

/** A registered key's definition; an unregistered key is a programming error and refused. */
export function settingDefinition<K extends ServerSettingKey>(
  key: K,
): ServerSettingDefinition<ServerSettingValue<K>> {
  if (!isServerSettingKey(key)) throw new Error(`"${String(key)}" is not a registered setting`);
  return SERVER_SETTINGS[key] as unknown as ServerSettingDefinition<ServerSettingValue<K>>;
}
