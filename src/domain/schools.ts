/**
 * The name rule: a team is named after its school plus a team letter ("St Kevin's A", "St Kevin's B"), so
 * the school is the group name with a trailing single capital letter removed (docs/requirements.md §5). The
 * letter must stand alone after a space, so "Loreto CBS" keeps its last letter. Schools are records
 * (docs/decisions/012-school-identity.md): this rule only infers a school for data that arrives without one.
 */
export function schoolOf(groupName: string | null | undefined): string | null {
  if (!groupName) return null;
  const trimmed = groupName.trim();
  if (trimmed === '') return null;
  return trimmed.replace(/\s+[A-Z]$/, '');
}

export function isSameSchool(a: string | null | undefined, b: string | null | undefined): boolean {
  const schoolA = schoolOf(a);
  return schoolA !== null && schoolA.toLowerCase() === schoolOf(b)?.toLowerCase();
}

/**
 * A school's name as stored: outer spaces trimmed, inner runs of spaces collapsed (docs/decisions/
 * 012-school-identity.md).
 */
export function cleanSchoolName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The key two names of one school share: cleaned and lower-cased (the database's schools_name_key). */
export function schoolNameKey(name: string): string {
  return cleanSchoolName(name).toLowerCase();
}

/** The key of a team name within a tournament: trimmed and lower-cased (the database's teams_tournament_name). */
export function teamNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * A free team name to offer when `wanted` is taken by another school in the tournament: the name with the
 * school's short name, or its full name, in brackets; else the next free team letter; else a number.
 */
export function suggestTeamName(
  wanted: string,
  school: { name: string; shortName?: string | null },
  isTaken: (name: string) => boolean,
): string {
  const name = wanted.trim();
  const candidates: string[] = [];
  if (school.shortName?.trim()) candidates.push(`${name} (${school.shortName.trim()})`);
  if (schoolNameKey(school.name) !== schoolNameKey(schoolOf(name) ?? '')) {
    candidates.push(`${name} (${cleanSchoolName(school.name)})`);
  }
  const base = schoolOf(name) ?? name;
  for (let code = 'A'.charCodeAt(0); code <= 'Z'.charCodeAt(0); code += 1) {
    candidates.push(`${base} ${String.fromCharCode(code)}`);
  }
  const free = candidates.find((candidate) => !isTaken(candidate));
  if (free) return free;
  for (let n = 2; ; n += 1) if (!isTaken(`${name} ${n}`)) return `${name} ${n}`;
}

/** Four identical player names in one team are a typing mistake, never four pupils (docs/decisions/012-school-identity.md). */
export const IDENTICAL_PLAYERS_REFUSED = 4;

/** True when the team's player names hold IDENTICAL_PLAYERS_REFUSED equal names (case and spacing ignored). */
export function hasIdenticalPlayers(names: readonly string[]): boolean {
  const counts = new Map<string, number>();
  for (const name of names) {
    const key = schoolNameKey(name);
    if (key === '') continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()].some((count) => count >= IDENTICAL_PLAYERS_REFUSED);
}

/** What the pairing engine needs to know of a player's school. */
export interface SchoolOfPlayer {
  groupName?: string | null | undefined;
  /** The school record's id (docs/decisions/012-school-identity.md); when given, the only thing compared. */
  schoolId?: string | null | undefined;
  /** The school's name, for the engine's public notes. */
  schoolName?: string | null | undefined;
}

/**
 * The key the rule "players from the same school do not meet" compares: the school's id when the player has
 * one (given: null means no school); else, for input without schools (a TRF file, older callers), the school
 * inferred from the group name, case ignored.
 */
export function schoolKeyOf(player: SchoolOfPlayer): string | null {
  if (player.schoolId !== undefined) return player.schoolId === null ? null : `id:${player.schoolId}`;
  const school = schoolOf(player.groupName)?.toLowerCase();
  return school ? `name:${school}` : null;
}

/** Whether two players are schoolmates by schoolKeyOf. */
export function areSchoolmates(a: SchoolOfPlayer, b: SchoolOfPlayer): boolean {
  const key = schoolKeyOf(a);
  return key !== null && key === schoolKeyOf(b);
}

/** The school's name to show in a note. */
export function schoolNameOf(player: SchoolOfPlayer): string | null {
  return player.schoolName ?? schoolOf(player.groupName);
}
