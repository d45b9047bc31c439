/**
 * Every public query key in one place, so that the live-update mapping (live-updates.ts) and the feature
 * queries cannot drift apart. Keys are prefixes: invalidating ['settings'] also hits ['settings', 'home'].
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
};

/**
 * SPEC §7: tournament data refetches every 30 s and on window focus, while the app-wide default is no
 * retry and no refetch on focus (see query-client.ts).
 */
export const TOURNAMENT_REFETCH_MS = 30_000;
export const tournamentDataPolicy = {
  refetchInterval: TOURNAMENT_REFETCH_MS,
  refetchOnWindowFocus: true,
} as const;
