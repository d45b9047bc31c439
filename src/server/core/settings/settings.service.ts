import { inArray } from 'drizzle-orm';
import { SETTING_KEYS } from '../../../contracts/settings';
import {
  isSiteSettingKey,
  SETTINGS_MESSAGES,
  SETTINGS_REGISTRY,
  type SettingKey,
  type SettingValue,
  SITE_SETTING_KEYS,
  SITE_SETTINGS_PAGE,
  type SiteSettingKey,
  type SiteSettingsResponse,
} from '../../../contracts/settings-registry';
import type { AuditContext, SystemLogChange, Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/settings';
import type { FeatureContext } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { deleteSetting, readSetting, saveSetting } from './settings.repo';

type Context = Pick<FeatureContext, 'db' | 'audit'>;

/** The site settings as every page reads them (tolerant readers over what is stored), for /admin/settings. */
export async function readSiteSettings(db: Db): Promise<SiteSettingsResponse> {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value })
    .from(systemSettings)
    .where(inArray(systemSettings.key, [...SITE_SETTING_KEYS]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
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

/** The value a setting reads as now (stored record through its reader, or its default). */
async function currentValue(tx: Tx, key: SettingKey): Promise<unknown> {
  return SETTINGS_REGISTRY[key].read(await readSetting(tx, key));
}

/**
 * Stores an already validated value of a registered setting with its audit row (who, the key, what it read as
 * before, what it is now), committed together: the one way a setting is changed, from /admin/settings and
 * from the pages that own a setting of their own (retention periods, the geolocation service).
 */
export async function saveRegisteredSetting<K extends SettingKey>(
  context: Context,
  who: AuditContext,
  key: K,
  after: SettingValue<K>,
  log: { action: SystemLogChange; description: string },
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const before = await currentValue(tx, key);
    await saveSetting(tx, key, after, who.actorId);
    await context.audit.logChange(tx, who, log.action, log.description, { key, before, after });
  });
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
  await saveRegisteredSetting(context, who, key, validated(key, value) as SettingValue<SiteSettingKey>, {
    action: 'update_setting',
    description: `Changed ${SETTINGS_REGISTRY[key].label}`,
  });
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
      const stored = await readSetting(tx, key);
      if (stored === undefined) continue;
      const definition = SETTINGS_REGISTRY[key];
      await deleteSetting(tx, key);
      await context.audit.logChange(tx, who, 'reset_setting', `Reset ${definition.label} to defaults`, {
        key,
        before: definition.read(stored),
        after: definition.default,
      });
    }
  });
}
