/**
 * A team is named after its school plus a team letter ("St Kevin's A", "St Kevin's B"). The school is the
 * group name with a trailing single capital letter removed (SPEC §5). The letter must stand alone after a
 * space, so "Loreto CBS" keeps its last letter.
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
