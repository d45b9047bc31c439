/**
 * The stored keys of the settings documents, alone in a module without schemas, so a page that only needs a key
 * (the live-update mapping, in every page's first load) does not load every settings schema with it.
 */
export const SETTING_KEYS = {
  homePage: 'home_page_settings',
  leaderboardVisible: 'leaderboard_visible',
  registration: 'registration_settings',
  checkinOpen: 'checkin_open',
  /** Whether players may open their dashboard (docs/requirements.md §2; staff always may). */
  playerDashboardOpen: 'player_dashboard_open',
  demoMode: 'demo_mode',
  /** The safe-control switches (contracts/safe-control.ts). */
  safeControl: 'safe_control',
} as const;
