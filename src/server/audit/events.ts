/**
 * The closed set of events the audit trail records (ADR 019). A type not listed here does not compile.
 *
 * Two kinds:
 * - a **change** (a role changed, a round paired) is written in the same database transaction as the change
 *   it records, so there is never a change without its row or a row without its change;
 * - an **attempt** (a refused sign-in, a lock, an export, a mail that failed after the commit) changes no
 *   other data and is written on its own.
 *
 * Security events go to `security_audit_log` with the severity given here; staff actions go to
 * `system_logs` under their area (the system-logs page filters by both).
 */

type Severity = 'info' | 'warning' | 'critical';

export const SECURITY_EVENTS = {
  // Sign-in and second factor: attempts.
  sign_in_succeeded: { severity: 'info', kind: 'attempt' },
  sign_in_two_factor_required: { severity: 'info', kind: 'attempt' },
  sign_in_failed: { severity: 'warning', kind: 'attempt' },
  sign_in_refused: { severity: 'warning', kind: 'attempt' },
  sign_in_rate_limited: { severity: 'warning', kind: 'attempt' },
  sign_in_locked: { severity: 'warning', kind: 'attempt' },
  two_factor_code_sent: { severity: 'info', kind: 'attempt' },
  two_factor_verified: { severity: 'info', kind: 'attempt' },
  two_factor_failed: { severity: 'warning', kind: 'attempt' },
  settings_password_accepted: { severity: 'info', kind: 'attempt' },
  settings_password_failed: { severity: 'warning', kind: 'attempt' },
  settings_password_locked: { severity: 'warning', kind: 'attempt' },
  account_delete_refused: { severity: 'warning', kind: 'attempt' },
  kiosk_unlock_refused: { severity: 'warning', kind: 'attempt' },
  payment_amount_mismatch: { severity: 'critical', kind: 'attempt' },

  // Changes to accounts, roles and secrets.
  two_factor_enabled: { severity: 'info', kind: 'change' },
  two_factor_disabled: { severity: 'warning', kind: 'change' },
  settings_password_changed: { severity: 'warning', kind: 'change' },
  sign_in_lock_lifted: { severity: 'warning', kind: 'change' },
  account_deleted_by_owner: { severity: 'warning', kind: 'change' },
  user_created: { severity: 'info', kind: 'change' },
  user_deleted: { severity: 'warning', kind: 'change' },
  user_frozen: { severity: 'warning', kind: 'change' },
  user_unfrozen: { severity: 'warning', kind: 'change' },
  role_changed: { severity: 'warning', kind: 'change' },
  custom_role_created: { severity: 'warning', kind: 'change' },
  custom_role_updated: { severity: 'warning', kind: 'change' },
  custom_role_deleted: { severity: 'warning', kind: 'change' },
  invite_created: { severity: 'info', kind: 'change' },
  invite_accepted: { severity: 'info', kind: 'change' },
} as const satisfies Record<string, { severity: Severity; kind: 'change' | 'attempt' }>;

export type SecurityEventType = keyof typeof SECURITY_EVENTS;
type OfKind<T extends Record<string, { kind: string }>, K extends string> = {
  [Name in keyof T]: T[Name]['kind'] extends K ? Name : never;
}[keyof T];
export type SecurityChange = OfKind<typeof SECURITY_EVENTS, 'change'>;
export type SecurityAttempt = OfKind<typeof SECURITY_EVENTS, 'attempt'>;

/** The areas of the system log (its `event_type` column). */
export type LogArea =
  | 'tournament_management'
  | 'round_management'
  | 'match_results'
  | 'player_management'
  | 'checkin'
  | 'registration'
  | 'payment'
  | 'user_management'
  | 'site_content'
  | 'site_settings'
  | 'crm'
  | 'system';

export const SYSTEM_LOG_ACTIONS = {
  create_tournament: { area: 'tournament_management', kind: 'change' },
  create_tournament_template: { area: 'tournament_management', kind: 'change' },
  update_tournament: { area: 'tournament_management', kind: 'change' },
  update_prizes: { area: 'tournament_management', kind: 'change' },
  update_sections: { area: 'tournament_management', kind: 'change' },
  place_in_section: { area: 'tournament_management', kind: 'change' },
  embargo_prizes: { area: 'tournament_management', kind: 'change' },
  activate_tournament: { area: 'tournament_management', kind: 'change' },
  archive_tournament: { area: 'tournament_management', kind: 'change' },
  create_announcement: { area: 'tournament_management', kind: 'change' },
  update_announcement: { area: 'tournament_management', kind: 'change' },
  delete_announcement: { area: 'tournament_management', kind: 'change' },
  import_trf: { area: 'tournament_management', kind: 'change' },
  export_trf: { area: 'tournament_management', kind: 'attempt' },

  generate_pairings: { area: 'round_management', kind: 'change' },
  change_pairings: { area: 'round_management', kind: 'change' },
  start_round: { area: 'round_management', kind: 'change' },
  complete_round: { area: 'round_management', kind: 'change' },
  /** The hall's screens (ADR 042). */
  create_screen: { area: 'round_management', kind: 'change' },
  update_screen: { area: 'round_management', kind: 'change' },
  delete_screen: { area: 'round_management', kind: 'change' },
  issue_screen_code: { area: 'round_management', kind: 'change' },
  revoke_screen_code: { area: 'round_management', kind: 'change' },
  switch_screens: { area: 'round_management', kind: 'change' },
  change_round_count: { area: 'round_management', kind: 'change' },

  update_match_result: { area: 'match_results', kind: 'change' },
  /** A result reported from a phone (ADR 040): one row per report, append-only like the reports. */
  report_result: { area: 'match_results', kind: 'change' },

  add_player: { area: 'player_management', kind: 'change' },
  update_player: { area: 'player_management', kind: 'change' },
  rename_player: { area: 'player_management', kind: 'change' },
  withdraw_player: { area: 'player_management', kind: 'change' },
  reactivate_player: { area: 'player_management', kind: 'change' },
  request_bye: { area: 'player_management', kind: 'change' },
  // A teacher's substitute on the day (issue #30), a change after its lock waiting for an arbiter, the decision.
  substitute_pupil: { area: 'player_management', kind: 'change' },
  substitute_entered: { area: 'player_management', kind: 'change' },
  roster_request_made: { area: 'player_management', kind: 'change' },
  roster_request_decided: { area: 'player_management', kind: 'change' },
  remove_bye: { area: 'player_management', kind: 'change' },
  import_players_csv: { area: 'player_management', kind: 'change' },
  export_players_csv: { area: 'player_management', kind: 'attempt' },

  open_checkin: { area: 'checkin', kind: 'change' },
  close_checkin: { area: 'checkin', kind: 'change' },
  issue_badges: { area: 'checkin', kind: 'change' },
  reissue_badge: { area: 'checkin', kind: 'change' },
  revoke_badge: { area: 'checkin', kind: 'change' },

  registration_created: { area: 'registration', kind: 'change' },
  registration_teams_updated: { area: 'registration', kind: 'change' },
  registration_cancelled: { area: 'registration', kind: 'change' },
  registration_settings_updated: { area: 'registration', kind: 'change' },
  registrations_promoted: { area: 'registration', kind: 'change' },
  guardian_consent_requested: { area: 'registration', kind: 'attempt' },
  guardian_consent_confirmed: { area: 'registration', kind: 'change' },
  export_registrations_csv: { area: 'registration', kind: 'attempt' },
  confirmation_mail_failed: { area: 'registration', kind: 'attempt' },
  guardian_consent_mail_failed: { area: 'registration', kind: 'attempt' },

  checkout_created: { area: 'payment', kind: 'change' },
  registration_paid: { area: 'payment', kind: 'change' },
  receipt_mail_failed: { area: 'payment', kind: 'attempt' },
  payment_succeeded: { area: 'payment', kind: 'change' },
  payment_pending: { area: 'payment', kind: 'change' },
  payment_failed: { area: 'payment', kind: 'change' },
  payment_expired: { area: 'payment', kind: 'change' },
  payment_duplicate: { area: 'payment', kind: 'change' },
  payment_for_cancelled_registration: { area: 'payment', kind: 'change' },
  payment_unknown_session: { area: 'payment', kind: 'change' },
  payment_amount_mismatch: { area: 'payment', kind: 'change' },

  create_user: { area: 'user_management', kind: 'change' },
  change_role: { area: 'user_management', kind: 'change' },
  delete_user: { area: 'user_management', kind: 'change' },
  lift_sign_in_lock: { area: 'user_management', kind: 'change' },

  update_important_information: { area: 'site_content', kind: 'change' },
  reset_important_information: { area: 'site_content', kind: 'change' },
  upload_site_image: { area: 'site_content', kind: 'change' },

  update_setting: { area: 'site_settings', kind: 'change' },
  reset_setting: { area: 'site_settings', kind: 'change' },
  update_bot_protection: { area: 'site_settings', kind: 'change' },
  bot_protection_fallback: { area: 'site_settings', kind: 'change' },

  update_log_retention: { area: 'system', kind: 'change' },
  purge_logs: { area: 'system', kind: 'change' },
  run_retention: { area: 'system', kind: 'change' },
  update_retention: { area: 'system', kind: 'change' },
  update_geolocation_service: { area: 'system', kind: 'change' },
  export_system_logs: { area: 'system', kind: 'attempt' },
  switch_safe_control: { area: 'system', kind: 'change' },
  safe_control_ended: { area: 'system', kind: 'change' },
  /** A restore the server stopped in the middle of: read-only switched back at the next start (ADR 025). */
  unfinished_restore_cleared: { area: 'system', kind: 'change' },
  dismiss_unfinished_restore: { area: 'system', kind: 'change' },
  create_broadcast: { area: 'system', kind: 'change' },
  end_broadcast: { area: 'system', kind: 'change' },
  create_backup: { area: 'system', kind: 'change' },
  delete_backup: { area: 'system', kind: 'change' },
  restore_backup: { area: 'system', kind: 'change' },
  change_backup_schedule: { area: 'system', kind: 'change' },
  download_backup: { area: 'system', kind: 'attempt' },
  update_crm_template: { area: 'crm', kind: 'change' },
} as const satisfies Record<string, { area: LogArea; kind: 'change' | 'attempt' }>;

export type SystemLogAction = keyof typeof SYSTEM_LOG_ACTIONS;
export type SystemLogChange = OfKind<typeof SYSTEM_LOG_ACTIONS, 'change'>;
export type SystemLogAttempt = OfKind<typeof SYSTEM_LOG_ACTIONS, 'attempt'>;
