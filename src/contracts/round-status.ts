/** How a round's status is shown everywhere (docs/requirements.md §4), server and client alike. */
export const ROUND_STATUS_LABELS = {
  upcoming: 'Upcoming',
  active: 'In Progress',
  completed: 'Completed',
} as const;

/**
 * How the round shown as "this round" is described where the day is followed (home, leaderboard, player lookup,
 * dashboard, round management): the phase of domain `roundNow`, so every page says the same between rounds.
 */
export const ROUND_PHASE_LABELS = {
  paired: 'Paired · not started',
  in_progress: 'In Progress',
  completed: 'Completed',
} as const;

/** A game without a result, by whether its round has started. */
export const GAME_STATE_LABELS = {
  notStarted: 'Not started',
  inProgress: 'In progress',
  /** A result players reported that is not confirmed yet (ADR 040). */
  reported: 'Reported',
} as const;
