/**
 * How a pupil's name shows on public pages and in public API answers (ADR 036): the tournament's setting,
 * made stricter (never looser) by the pupil's own name permission recorded at registration.
 */
export const PUBLIC_NAME_DISPLAYS = ['full', 'first_initial', 'initials'] as const;
export type PublicNameDisplay = (typeof PUBLIC_NAME_DISPLAYS)[number];

export const PUBLIC_NAME_DISPLAY_LABELS: Record<PublicNameDisplay, string> = {
  full: 'Full name',
  first_initial: 'First name and initial',
  initials: 'Initials only',
};

/** The least revealing of the tournament's setting and the pupil's permission (null: no permission recorded). */
export function effectiveNameDisplay(
  tournament: PublicNameDisplay,
  pupil: PublicNameDisplay | null | undefined,
): PublicNameDisplay {
  if (!pupil) return tournament;
  return PUBLIC_NAME_DISPLAYS.indexOf(pupil) > PUBLIC_NAME_DISPLAYS.indexOf(tournament) ? pupil : tournament;
}

/** The first letter of a word (a hyphenated part counts as the word's start), upper case: "o'brien" → "O". */
function initialOf(word: string): string {
  const letter = /\p{L}|\p{N}/u.exec(word)?.[0] ?? '';
  return letter.toLocaleUpperCase('en');
}

/**
 * "Aoife Ní Bhriain" → full "Aoife Ní Bhriain", first_initial "Aoife N.", initials "A. N.": the first word
 * and the last word's initial, or the initials of the first and last words. A one-word name keeps its
 * first letter only when restricted.
 */
export function formatPublicName(fullName: string, display: PublicNameDisplay): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (display === 'full' || first === undefined) return words.join(' ');
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (display === 'first_initial') {
    return last === undefined ? first : `${first} ${initialOf(last)}.`;
  }
  return [first, last]
    .filter((word): word is string => word !== undefined)
    .map((word) => `${initialOf(word)}.`)
    .join(' ');
}
