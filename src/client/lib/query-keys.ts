/**
 * Every query key in one place, so that the live-update mapping (live-updates.ts) and the feature queries
 * cannot drift apart. Keys are prefixes: invalidating ['settings'] also hits ['settings', 'home'].
 * The signed-in user's keys (session, account, admin) are dropped together at sign-out (see `userScopedKeys`).
 */
export const queryKeys = {
  home: ['home'] as const,
  tournament: ['tournament'] as const,
  leaderboard: ['leaderboard'] as const,
  /** The public prize list (ADR 043): live with the standings. */
  prizes: ['prizes'] as const,
  /** The prizes as staff set them: under 'admin', so dropped at sign-out. */
  adminPrizes: ['admin', 'prizes'] as const,
  /** The sections and who plays where (ADR 044). */
  adminSections: ['admin', 'sections'] as const,
  currentRound: ['rounds', 'current'] as const,
  rounds: ['rounds'] as const,
  recentMatches: ['matches', 'recent'] as const,
  matches: ['matches'] as const,
  announcements: ['announcements'] as const,
  settings: ['settings'] as const,
  homeSettings: ['settings', 'home'] as const,
  registrationSettings: ['settings', 'registration'] as const,
  /** The important-information page's text: under 'settings', so a change shows live. */
  importantInformation: ['settings', 'important-information'] as const,
  /** The roster rules in words ("how the day works"): under 'settings', so an arbiter's change shows live. */
  dayRules: ['settings', 'day-rules'] as const,
  /** The bot check the public forms show (ADR 022): under 'settings', so a switch reaches open forms. */
  botProtection: ['settings', 'bot-protection'] as const,
  players: ['players'] as const,
  playerLookup: (name: string) => ['players', 'lookup', name] as const,
  roster: ['players', 'roster'] as const,
  /** The signed-in user's own player: under 'players' so results refresh it live, and user-scoped. */
  playerDashboard: ['players', 'dashboard'] as const,
  /** Who is signed in (better-auth session, then /api/me): the one key guards, menus and sign-in share. */
  session: ['session'] as const,
  account: ['account'] as const,
  accountProfile: ['account', 'profile'] as const,
  accountPreferences: ['account', 'preferences'] as const,
  accountTutorial: ['account', 'tutorial'] as const,
  /** Whether the settings password is set (the unlock itself lives only in the open page). */
  settingsGate: ['admin', 'settings-gate'] as const,
  adminInvites: ['admin', 'invites'] as const,
  /** An invitation link's details: public, and not the signed-in user's data. */
  invite: (token: string) => ['invites', token] as const,
  /** A session of the offline test payment provider: public, not the signed-in user's data. */
  offlineCheckout: (sessionId: string) => ['payments', 'offline', sessionId] as const,
  /** The outcome of a checkout, as the success page asks for it. */
  paymentVerification: (sessionId: string, registrationId: string) =>
    ['payments', 'verify', sessionId, registrationId] as const,
  /** A registration's teams (access token or owner); public-page data, not tied to who is signed in. */
  registrationTeams: (id: string) => ['registrations', id, 'teams'] as const,
  /** A school's roster on the day (access token or owner): public-page data, not tied to who is signed in. */
  rosterChanges: (id: string) => ['registrations', id, 'roster'] as const,
  rosterRules: ['admin', 'roster-rules'] as const,
  rosterRequests: ['admin', 'roster-requests'] as const,
  /** A guardian's consent link (token in the URL): public-page data, not tied to who is signed in. */
  guardianConsent: (playerId: string) => ['guardian-consent', playerId] as const,
  /** The signed-in user's registrations: user-scoped, dropped at sign-out. */
  myRegistrations: ['account', 'registrations'] as const,
  admin: ['admin'] as const,
  adminUsers: (search: string) => ['admin', 'users', search] as const,
  adminUserCounts: ['admin', 'user-counts'] as const,
  signInLocks: ['admin', 'sign-in-locks'] as const,
  customRoles: ['admin', 'custom-roles'] as const,
  adminTournaments: ['admin', 'tournaments'] as const,
  tournamentTemplates: ['admin', 'tournament-templates'] as const,
  tournamentTemplate: (id: string) => ['admin', 'tournament-templates', id] as const,
  adminBotProtection: ['admin', 'bot-protection'] as const,
  adminImportantInformation: ['admin', 'important-information'] as const,
  /** The site settings of /admin/settings (home page, leaderboard visibility). */
  adminSiteSettings: ['admin', 'site-settings'] as const,
  adminAnnouncementLists: ['admin', 'announcements'] as const,
  adminAnnouncements: (tournamentId: string | null) => ['admin', 'announcements', tournamentId] as const,
  /**
   * Result entry (staff): under 'rounds', so every live change of matches, rounds, players or the tournament
   * refreshes it; dropped at sign-out with the other staff data.
   */
  resultEntry: ['rounds', 'result-entry'] as const,
  resultEntryRound: (round: number | 'current') => ['rounds', 'result-entry', round] as const,
  /** Round management (staff): under 'rounds' like result entry, so live changes refresh it. */
  roundManagement: ['rounds', 'management'] as const,
  roundManagementRound: (round: number) => ['rounds', 'management', round] as const,
  /**
   * Check-in (staff): the desk and overview under 'players', so check-ins at other desks refresh them live;
   * the open/closed state under 'settings', so opening or closing it does too.
   */
  checkin: ['players', 'checkin'] as const,
  checkinDesk: (search: string) => ['players', 'checkin', 'desk', search] as const,
  checkinOverview: ['players', 'checkin', 'overview'] as const,
  checkinState: ['settings', 'checkin'] as const,
  /** Player management and the admin lookup (staff): under 'players', so live changes refresh them. */
  playerManagement: ['players', 'management'] as const,
  playerManagementList: (tournamentId: string | null, search: string) =>
    ['players', 'management', 'list', tournamentId, search] as const,
  playerManagementTournaments: ['players', 'management', 'tournaments'] as const,
  adminPlayerLookup: ['players', 'admin-lookup'] as const,
  adminPlayerLookupSearch: (search: string) => ['players', 'admin-lookup', 'search', search] as const,
  adminPlayerLookupDetail: (id: string) => ['players', 'admin-lookup', 'detail', id] as const,
  /** Registration management and the billing overview (staff): under 'admin', so dropped at sign-out. */
  adminRegistrations: ['admin', 'registrations'] as const,
  adminRegistrationList: (search: string, school: string, status: string) =>
    ['admin', 'registrations', 'list', search, school, status] as const,
  billingOverview: ['admin', 'registrations', 'billing'] as const,
  /** The system logs (staff): under 'admin', so dropped at sign-out; the list by its filters' query string. */
  systemLogs: ['admin', 'system-logs'] as const,
  systemLogList: (filters: string) => ['admin', 'system-logs', 'list', filters] as const,
  systemLogOptions: ['admin', 'system-logs', 'options'] as const,
  /** The superadmin dashboard (staff): under 'admin', so dropped at sign-out. */
  systemStatus: ['admin', 'system-status'] as const,
  systemStatusActivity: ['admin', 'system-status', 'activity'] as const,
  /**
   * Which safe-control switches are on, with their banners (public, read by every page after hydration): its own
   * key, not under 'settings', so other settings changes do not refetch it (live-updates.ts names its setting).
   */
  siteStatus: ['site-status'] as const,
  /** The safe-control switches as staff see them (superadmin): under 'admin', so dropped at sign-out. */
  adminSafeControl: ['admin', 'safe-control'] as const,
  /** A venue screen's display (ADR 042), keyed by its code; live with the tournament's topics and 'screens'. */
  screens: ['screens'] as const,
  screenDisplay: (code: string) => ['screens', code] as const,
  /** The screens as staff manage them: under 'admin', so dropped at sign-out. */
  adminScreens: ['admin', 'venue-screens'] as const,
  /** The broadcasts on now: the answer depends on who asks (their audience), so it is keyed by the viewer. */
  broadcasts: ['broadcasts'] as const,
  currentBroadcasts: (viewer: string) => ['broadcasts', 'current', viewer] as const,
  /** The broadcast history (superadmin): under 'admin', so dropped at sign-out. */
  adminBroadcasts: ['admin', 'broadcasts'] as const,
  /** The boards a badge reports from a phone (ADR 040), keyed by the badge read on the page; live with 'matches' and 'reports'. */
  reportBoardsAll: ['report-boards'] as const,
  reportBoards: (credential: string) => ['report-boards', credential] as const,
  /** The boards a signed-in teacher's pupils play: under 'report-boards' (live) and user-scoped. */
  reportBoardsOfAccount: ['report-boards', 'account'] as const,
  /** The arbiter's queue of reported results (staff): under 'admin', so dropped at sign-out. */
  resultReportQueue: ['admin', 'result-reports', 'queue'] as const,
  resultReportSettings: ['admin', 'result-reports', 'settings'] as const,
  /** Every board with its players' reports, for keying the score sheets ("validate from paper"). */
  resultReportPaper: ['admin', 'result-reports', 'paper'] as const,
  /**
   * Team tasks (the CRM, staff): under 'admin', so dropped at sign-out; the 'crm' and 'registrations' live
   * topics refetch all of it (a move, a payment that ticks "fee paid").
   */
  crm: ['admin', 'crm'] as const,
  crmOverview: ['admin', 'crm', 'overview'] as const,
  crmBoard: ['admin', 'crm', 'tasks'] as const,
  crmTask: (id: number) => ['admin', 'crm', 'task', id] as const,
  crmSchool: (id: string) => ['admin', 'crm', 'schools', id] as const,
  crmTemplates: ['admin', 'crm', 'templates'] as const,
  crmDelivery: (id: number) => ['admin', 'crm', 'delivery', id] as const,
  crmReminders: ['admin', 'crm', 'reminders'] as const,
  /** A reminder's unsubscribe link (public, anyone with the link). */
  crmUnsubscribe: (token: string) => ['crm-unsubscribe', token] as const,
};

/** Data that belongs to whoever is signed in: removed when they sign out or another user signs in. */
export const userScopedKeys = [
  queryKeys.account,
  queryKeys.admin,
  queryKeys.resultEntry,
  queryKeys.roundManagement,
  queryKeys.playerDashboard,
  queryKeys.checkin,
  queryKeys.checkinState,
  queryKeys.playerManagement,
  queryKeys.adminPlayerLookup,
  queryKeys.reportBoardsOfAccount,
] as const;

/**
 * docs/requirements.md §7: tournament data refetches every 30 s and on window focus, while the app-wide default is no
 * retry and no refetch on focus (see query-client.ts).
 */
export const TOURNAMENT_REFETCH_MS = 30_000;
export const tournamentDataPolicy = {
  refetchInterval: TOURNAMENT_REFETCH_MS,
  refetchOnWindowFocus: true,
} as const;
