/**
 * The settings module is the only code that touches `system_settings` (issue #28): every key it reads or writes
 * is registered with a tolerant reader, a key it does not know is refused before anything is written, and a
 * person's change is stored with exactly one audit row, in the caller's transaction, or not at all.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseTargets,
  type TestDatabase,
} from '../../../../tests/support/server/test-database';
import { RETENTION_LAST_DAY_KEY, RETENTION_LAST_RUN_KEY } from '../../../contracts/retention';
import { SETTING_KEYS } from '../../../contracts/settings';
import { SETTINGS_REGISTRY, type SettingKey, SITE_SETTINGS_PAGE } from '../../../contracts/settings-registry';
import { Audit, type AuditContext } from '../../audit/audit';
import { createClock } from '../../clock';
import { systemLogs } from '../../db/schema/settings';
import {
  INTERNAL_SETTING_KEYS,
  isInternalSettingKey,
  SERVER_SETTINGS,
  type ServerSettingKey,
} from './settings.registry';
import { readSetting } from './settings.repo';
import {
  claimSettingDay,
  type DayClaimKey,
  readSettingValue,
  readSiteSettings,
  recordInternalSetting,
  resetSettingIn,
  saveRegisteredSetting,
  saveSettingIn,
} from './settings.service';

const UNREGISTERED = 'no_such_setting' as ServerSettingKey;
const serverKeys = Object.keys(SERVER_SETTINGS) as ServerSettingKey[];

describe('the settings registry', () => {
  it.each(serverKeys)('%s reads nothing, and a document it cannot use, as its default', (key) => {
    const definition = SERVER_SETTINGS[key];
    expect(definition.read(undefined)).toEqual(definition.default);
    expect(definition.read(null)).toEqual(definition.default);
    expect(definition.read({ bogus: 1 })).toEqual(definition.default);
    expect(definition.key).toBe(key);
  });

  it('holds every setting of the shared registry as it is, none of them internal', () => {
    for (const key of Object.keys(SETTINGS_REGISTRY) as SettingKey[]) {
      expect(SERVER_SETTINGS[key]).toBeDefined();
      expect(SERVER_SETTINGS[key].internal).toBe(false);
      expect(SERVER_SETTINGS[key].label).toBe(SETTINGS_REGISTRY[key].label);
      // The safe-control row is read with what the server keeps beside the switches; the others as shared.
      if (key !== SETTING_KEYS.safeControl)
        expect(SERVER_SETTINGS[key].read).toBe(SETTINGS_REGISTRY[key].read);
    }
    const internal = serverKeys.filter((key) => isInternalSettingKey(key));
    expect(internal.sort()).toEqual(
      [
        ...Object.values(INTERNAL_SETTING_KEYS),
        RETENTION_LAST_RUN_KEY,
        RETENTION_LAST_DAY_KEY,
        'important_information_html',
        SETTING_KEYS.demoMode,
      ].sort(),
    );
    expect(internal.some((key) => Object.hasOwn(SETTINGS_REGISTRY, key))).toBe(false);
  });

  it('stores the safe-control row as the switches at the top, and reads it back', () => {
    const definition = SERVER_SETTINGS[SETTING_KEYS.safeControl];
    const marked = {
      ...definition.default,
      unfinishedRestore: {
        reason: 'restore',
        startedAt: '2026-01-01T10:00:00.000Z',
        clearedAt: '2026-01-01T10:01:00.000Z',
      },
    };
    const stored = definition.write(marked);
    expect(stored).toMatchObject({ read_only: definition.default.switches.read_only });
    expect(definition.read(stored)).toEqual(marked);
    expect(SETTINGS_REGISTRY[SETTING_KEYS.safeControl].read(stored)).toEqual(definition.default.switches);
  });
});

describe.each(databaseTargets)('settings in the database (%s)', (target) => {
  let testDatabase: TestDatabase;
  const audit = new Audit(createClock());
  const who: AuditContext = { actorId: null, ip: '203.0.113.7' };
  const db = () => testDatabase.database.db;
  const context = () => ({ db: db(), audit });
  const logRows = () => db().select().from(systemLogs);
  const logRowsOf = (action: string) =>
    db().select().from(systemLogs).where(eq(systemLogs.actionType, action));

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
  });
  afterAll(async () => testDatabase.drop());
  beforeEach(async () => {
    await db().delete(systemLogs);
  });

  it('refuses a key it does not know before anything is written', async () => {
    await expect(readSettingValue(db(), UNREGISTERED)).rejects.toThrow(/not a registered setting/);
    await expect(
      saveRegisteredSetting(context(), who, UNREGISTERED, 'x' as never, {
        action: 'update_setting',
        description: 'x',
      }),
    ).rejects.toThrow(/not a registered setting/);
    await expect(
      db().transaction((tx) =>
        saveSettingIn(tx, audit, who, UNREGISTERED, 'x' as never, {
          action: 'update_setting',
          description: 'x',
        }),
      ),
    ).rejects.toThrow(/not a registered setting/);
    await expect(
      db().transaction((tx) =>
        resetSettingIn(tx, audit, who, UNREGISTERED, { action: 'reset_setting', description: 'x' }),
      ),
    ).rejects.toThrow(/not a registered setting/);
    await expect(recordInternalSetting(db(), UNREGISTERED as never, 'x' as never)).rejects.toThrow();
    await expect(claimSettingDay(db(), UNREGISTERED as DayClaimKey, '2026-01-01')).rejects.toThrow();
    expect(await readSetting(db(), UNREGISTERED)).toBeUndefined();
    expect(await logRows()).toEqual([]);
  });

  it('records an internal key without an audit row, and refuses a listed setting', async () => {
    const run = { at: '2026-01-01T03:00:00.000Z', counts: { visitorRecords: 1 } };
    await recordInternalSetting(db(), RETENTION_LAST_RUN_KEY, run as never);
    expect(await readSetting(db(), RETENTION_LAST_RUN_KEY)).toEqual(run);
    const recordListed = () =>
      // @ts-expect-error a listed setting is a person's change: never stored without its audit row
      recordInternalSetting(db(), SETTING_KEYS.checkinOpen, true);
    await expect(recordListed()).rejects.toThrow(/not an internal setting/);
    expect(await readSetting(db(), SETTING_KEYS.checkinOpen)).toBeUndefined();
    expect(await logRows()).toEqual([]);
  });

  it('claims a day once', async () => {
    expect(await claimSettingDay(db(), RETENTION_LAST_DAY_KEY, '2026-01-02')).toBe(true);
    expect(await claimSettingDay(db(), RETENTION_LAST_DAY_KEY, '2026-01-02')).toBe(false);
    expect(await readSettingValue(db(), RETENTION_LAST_DAY_KEY)).toBe('2026-01-02');
  });

  it('stores a change with exactly one audit row holding what it read as before and what it is now', async () => {
    const key = SETTING_KEYS.leaderboardVisible;
    await saveRegisteredSetting(context(), who, key, false, {
      action: 'update_setting',
      description: 'Hid it',
    });
    expect(await readSettingValue(db(), key)).toBe(false);
    const rows = await logRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actionType: 'update_setting',
      description: 'Hid it',
      metadata: { key, before: true, after: false },
    });

    // Inside the caller's own transaction, with the other work it commits.
    await db().transaction(async (tx) => {
      await saveSettingIn(tx, audit, who, key, true, { action: 'update_setting', description: 'Showed it' });
    });
    expect(await readSettingValue(db(), key)).toBe(true);
    expect((await logRowsOf('update_setting')).map((row) => row.metadata)).toEqual([
      { key, before: true, after: false },
      { key, before: false, after: true },
    ]);
  });

  it('leaves neither the value nor the audit row when the caller’s transaction rolls back', async () => {
    const key = INTERNAL_SETTING_KEYS.logRetentionDays;
    await expect(
      db().transaction(async (tx) => {
        await saveSettingIn(tx, audit, who, key, 90, {
          action: 'update_log_retention',
          description: 'Log retention set to 90 days',
        });
        throw new Error('the caller’s next step failed');
      }),
    ).rejects.toThrow('the caller’s next step failed');
    expect(await readSetting(db(), key)).toBeUndefined();
    expect(await logRows()).toEqual([]);

    await expect(
      db().transaction(async (tx) => {
        await resetSettingIn(tx, audit, who, key, { action: 'update_log_retention', description: 'Reset' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await logRows()).toEqual([]);
  });

  it('shows a setting through its audited view, never a sealed secret', async () => {
    const key = INTERNAL_SETTING_KEYS.botProtection;
    const secret = { v: 1 as const, iv: 'iv', tag: 'tag', data: 'sealed-secret' };
    await saveRegisteredSetting(
      context(),
      who,
      key,
      { provider: 'turnstile', keys: { turnstile: { site_key: 'site', secret } } },
      { action: 'update_bot_protection', description: 'Bot protection: Turnstile' },
    );
    const [row] = await logRows();
    expect(JSON.stringify(row?.metadata)).not.toContain('sealed-secret');
    expect(row?.metadata).toMatchObject({
      key,
      before: { provider: 'proof_of_work' },
      after: { provider: 'turnstile', keys: { turnstile: { siteKey: 'site', isSecretSet: true } } },
    });
  });

  it('lists on /admin/settings exactly the shared registry’s settings that have a page of their own', async () => {
    const { elsewhere } = await readSiteSettings(db());
    expect(elsewhere.map((entry) => entry.key)).toEqual(
      Object.values(SETTINGS_REGISTRY)
        .filter((definition) => definition.page !== SITE_SETTINGS_PAGE)
        .map((definition) => definition.key),
    );
    expect(elsewhere.some((entry) => isInternalSettingKey(entry.key))).toBe(false);
  });
});
