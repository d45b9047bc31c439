/** How a round's status is shown everywhere (docs/requirements.md §4), server and client alike. */
export const ROUND_STATUS_LABELS = {
  upcoming: 'Upcoming',
  active: 'In Progress',
  completed: 'Completed',
} as const;
