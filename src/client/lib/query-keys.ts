/**
 * Every query key in one place, so that the live-update mapping (live-updates.ts) and the feature queries
 * cannot drift apart. Keys are prefixes: invalidating ['settings'] also hits ['settings', 'home'].
 * The signed-in user's keys (session, account, admin) are dropped together at sign-out (see `userScopedKeys`).
 */
export const queryKeys = {
  home: ['home'] as const,
  tournament: ['tournament'] as const,
  leaderboard: ['leaderboard'] as const,
  currentRound: ['rounds', 'current'] as const,
  rounds: ['rounds'] as const,
  recentMatches: ['matches', 'recent'] as const,
  matches: ['matches'] as const,
  announcements: ['announcements'] as const,
  settings: ['settings'] as const,
  homeSettings: ['settings', 'home'] as const,
  registrationSettings: ['settings', 'registration'] as const,
  players: ['players'] as const,
  playerLookup: (name: string) => ['players', 'lookup', name] as const,
  /** Who is signed in (better-auth session, then /api/me): the one key guards, menus and sign-in share. */
  session: ['session'] as const,
  account: ['account'] as const,
  accountProfile: ['account', 'profile'] as const,
  accountPreferences: ['account', 'preferences'] as const,
  admin: ['admin'] as const,
  adminUsers: (search: string) => ['admin', 'users', search] as const,
  adminUserCounts: ['admin', 'user-counts'] as const,
  customRoles: ['admin', 'custom-roles'] as const,
};

/** Data that belongs to whoever is signed in: removed when they sign out or another user signs in. */
export const userScopedKeys = [queryKeys.account, queryKeys.admin] as const;

/**
 * SPEC §7: tournament data refetches every 30 s and on window focus, while the app-wide default is no
 * retry and no refetch on focus (see query-client.ts).
 */
export const TOURNAMENT_REFETCH_MS = 30_000;
export const tournamentDataPolicy = {
  refetchInterval: TOURNAMENT_REFETCH_MS,
  refetchOnWindowFocus: true,
} as const;
