/**
 * The tournament's roster rules (the `roster_rules` setting): read and changed by arbiters on
 * /admin/roster-rules, applied by the teacher's roster page and stated on the public "how the day works" page.
 */
import { ROSTER_CHANGE_MESSAGES, rosterRulesSentences } from '../../../contracts/roster-change-messages';
import {
  ROSTER_RULES_SETTING_KEY,
  type RosterRulesChangeResponse,
  type RosterRulesResponse,
} from '../../../contracts/roster-changes';
import type { RosterRules } from '../../../domain/roster-changes';
import type { AuditContext } from '../../audit/audit';
import {
  readSettingValue,
  readStoredSettings,
  resetSettingIn,
  saveRegisteredSetting,
} from '../../core/settings/settings.service';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';

export async function readRosterRules(db: Db): Promise<RosterRulesResponse> {
  const [rules, stored, tournament] = await Promise.all([
    readSettingValue(db, ROSTER_RULES_SETTING_KEY),
    readStoredSettings(db, [ROSTER_RULES_SETTING_KEY]),
    findActiveTournament(db),
  ]);
  return {
    rules,
    stored: stored.has(ROSTER_RULES_SETTING_KEY),
    totalRounds: tournament?.totalRounds ?? null,
    sentences: rosterRulesSentences(rules, tournament?.totalRounds ?? null),
  };
}

export async function saveRosterRules(
  context: AuditedDb,
  who: AuditContext,
  rules: RosterRules,
): Promise<RosterRulesChangeResponse> {
  await saveRegisteredSetting(context, who, ROSTER_RULES_SETTING_KEY, rules, {
    action: 'update_setting',
    description: 'Roster rules changed',
  });
  return { ...(await readRosterRules(context.db)), message: ROSTER_CHANGE_MESSAGES.rulesSaved };
}

export async function resetRosterRules(
  context: AuditedDb,
  who: AuditContext,
): Promise<RosterRulesChangeResponse> {
  await context.db.transaction((tx) =>
    resetSettingIn(tx, context.audit, who, ROSTER_RULES_SETTING_KEY, {
      action: 'update_setting',
      description: 'Roster rules reset to the defaults',
    }),
  );
  return { ...(await readRosterRules(context.db)), message: ROSTER_CHANGE_MESSAGES.rulesReset };
}
