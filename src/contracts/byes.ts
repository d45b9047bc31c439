/**
 * A bye as every page shows it, staff and public alike. A bye a school asked for is a "requested bye" with its
 * points, never "absent" (issue #30): a pupil kept out of a round on request was not missing.
 */
export const BYE_LABELS = {
  pairing: 'Pairing bye (1 point)',
  full: 'Full-point bye',
  half: 'Requested bye (½ point)',
  zero: 'Requested bye (0 points)',
} as const;

/** The kind of a requested bye in a sentence ("Half-point bye for … in round 3"). */
export const BYE_KIND_NAMES = { half: 'Half-point', full: 'Full-point', zero: 'Zero-point' } as const;
