/**
 * The tournament's roster rules (the `roster_rules` setting): read and changed by arbiters on
 * /admin/roster-rules, applied by the teacher's roster page and stated on the public "how the day works" page.
 */
import { ROSTER_CHANGE_MESSAGES, rosterRulesSentences } from '../../../contracts/roster-change-messages';
import {
  ROSTER_RULES_SETTING_KEY,
  type RosterRulesChangeResponse,
  type RosterRulesResponse,
  readRosterRules,
} from '../../../contracts/roster-changes';
import { DEFAULT_ROSTER_RULES, type RosterRules } from '../../../domain/roster-changes';
import type { AuditContext } from '../../audit/audit';
import {
  readStoredSettings,
  resetSettingIn,
  saveRegisteredSetting,
} from '../../core/settings/settings.service';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';

/** The rules as the form shows them, with the sentences worded for the active tournament's rounds. */
async function viewOf(db: Db, rules: RosterRules, stored: boolean): Promise<RosterRulesResponse> {
  const totalRounds = (await findActiveTournament(db))?.totalRounds ?? null;
  return { rules, stored, totalRounds, sentences: rosterRulesSentences(rules, totalRounds) };
}

export async function rosterRulesView(db: Db): Promise<RosterRulesResponse> {
  const stored = (await readStoredSettings(db, [ROSTER_RULES_SETTING_KEY])).get(ROSTER_RULES_SETTING_KEY);
  return viewOf(db, readRosterRules(stored), stored !== undefined);
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
  return { ...(await viewOf(context.db, rules, true)), message: ROSTER_CHANGE_MESSAGES.rulesSaved };
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
  return {
    ...(await viewOf(context.db, DEFAULT_ROSTER_RULES, false)),
    message: ROSTER_CHANGE_MESSAGES.rulesReset,
  };
}
