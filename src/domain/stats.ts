/** Derived tournament statistics (docs/requirements.md §3). */
export interface TournamentStats {
  totalPlayers: number;
  currentRound: number;
  totalRounds: number;
  completedMatches: number;
  totalMatches: number;
  /** Whole percent of the current round's matches that have a result; 0 when the round has none. */
  completionRate: number;
}

export interface StatsInput {
  activePlayerCount: number;
  currentRound: number;
  totalRounds: number;
  matches: readonly { roundNumber: number; hasResult: boolean }[];
}

export function computeTournamentStats(input: StatsInput): TournamentStats {
  let completedMatches = 0;
  let currentTotal = 0;
  let currentCompleted = 0;
  for (const match of input.matches) {
    if (match.hasResult) completedMatches += 1;
    if (match.roundNumber === input.currentRound) {
      currentTotal += 1;
      if (match.hasResult) currentCompleted += 1;
    }
  }
  return {
    totalPlayers: input.activePlayerCount,
    currentRound: input.currentRound,
    totalRounds: input.totalRounds,
    completedMatches,
    totalMatches: input.matches.length,
    completionRate: currentTotal === 0 ? 0 : Math.round((currentCompleted / currentTotal) * 100),
  };
}
