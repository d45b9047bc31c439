/**
 * Check-in rules (docs/requirements.md §4, issue #5): who the check-in desk finds and how arrivals are counted by school and
 * team. (Who is paired once check-in has started is the tournament state's rule: tournament/pairing.ts.)
 */
import { normalizeName } from './names';

export interface CheckinPlayer {
  id: string;
  name: string;
  /** The team ("St Kevin's A"), as shown. */
  groupName: string | null;
  /**
   * The player's school record (docs/decisions/012-school-identity.md), null for none: arrivals are counted by
   * it, so two schools whose teams share a name pattern stay two schools.
   */
  school: { id: string; name: string } | null;
  /** Withdrawn players are inactive: never paired, left out of the check-in counts. */
  active: boolean;
  checkedInAt: Date | string | null;
  /** When the player was signed out at pick-up (ADR 031); null or missing while in the hall. */
  signedOutAt?: Date | string | null;
}

/** Checked in and not signed out: still in the hall. */
export function isInHall(player: Pick<CheckinPlayer, 'active' | 'checkedInAt' | 'signedOutAt'>): boolean {
  return player.active && player.checkedInAt !== null && (player.signedOutAt ?? null) === null;
}

/**
 * The desk's search text: case, accents and punctuation ignored, so "kevins a" finds "St Kevin’s A" and
 * "polgar" finds "Polgár".
 */
export function normalizeSearchText(text: string): string {
  return normalizeName(text.replace(/[^\p{L}\p{N}\s]/gu, ''));
}

/**
 * True when every word typed starts a word of the player's name or team, in any order: "kevins a" finds the
 * four players of "St Kevin's A" (not everyone with an "a" in their name), "pol ju" finds "Judit Polgár".
 * Apostrophes and hyphens count both ways: "obrien", "brien" and "o'brien" all find "O'Brien".
 */
export function matchesCheckinSearch(
  player: Pick<CheckinPlayer, 'name' | 'groupName'>,
  normalizedQuery: string,
): boolean {
  const text = `${player.name} ${player.groupName ?? ''}`;
  const words = new Set(
    `${normalizeSearchText(text)} ${normalizeName(text.replace(/[^\p{L}\p{N}\s]/gu, ' '))}`.split(' '),
  );
  const typed = normalizedQuery.split(' ').filter(Boolean);
  return typed.length > 0 && typed.every((part) => [...words].some((word) => word.startsWith(part)));
}

export interface CheckinCount {
  checkedIn: number;
  total: number;
}

export interface CheckinGroupCount extends CheckinCount {
  /** null for players without a team. */
  name: string | null;
}

export interface CheckinSummary<P extends CheckinPlayer> {
  counts: CheckinCount & { inHall: number };
  /** By school record, alphabetical, players without a school last. */
  schools: CheckinGroupCount[];
  /** By team, alphabetical, players without a team last, with the team's school's name. */
  teams: (CheckinGroupCount & { schoolName: string | null })[];
  /** Active players not yet checked in, by team then name. */
  missing: P[];
}

const byName = (a: string | null, b: string | null) => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a.localeCompare(b, 'en', { sensitivity: 'base' });
};

function tally<K>(groups: Map<string, K & CheckinCount>, key: string, make: () => K, isIn: boolean) {
  let group = groups.get(key);
  if (!group) {
    group = { ...make(), checkedIn: 0, total: 0 };
    groups.set(key, group);
  }
  group.total += 1;
  if (isIn) group.checkedIn += 1;
}

/** Counts of checked-in / total for the active players, overall, by school and by team, and who is missing. */
export function summarizeCheckin<P extends CheckinPlayer>(players: readonly P[]): CheckinSummary<P> {
  const schools = new Map<string, CheckinGroupCount>();
  const teams = new Map<string, CheckinGroupCount & { schoolName: string | null }>();
  const missing: P[] = [];
  let checkedIn = 0;
  let total = 0;
  let inHall = 0;
  for (const player of players) {
    if (!player.active) continue;
    const isIn = player.checkedInAt !== null;
    if (isInHall(player)) inHall += 1;
    const team = player.groupName?.trim() || null;
    const school = player.school;
    total += 1;
    if (isIn) checkedIn += 1;
    else missing.push(player);
    // A school is its record; a team name is unique within the tournament whatever its case.
    tally(schools, school?.id ?? '', () => ({ name: school?.name ?? null }), isIn);
    tally(teams, team?.toLowerCase() ?? '', () => ({ name: team, schoolName: school?.name ?? null }), isIn);
  }
  return {
    counts: { checkedIn, total, inHall },
    schools: [...schools.values()].sort((a, b) => byName(a.name, b.name)),
    teams: [...teams.values()].sort((a, b) => byName(a.name, b.name)),
    missing: missing.sort(
      (a, b) => byName(a.groupName?.trim() || null, b.groupName?.trim() || null) || byName(a.name, b.name),
    ),
  };
}

export interface CheckinSchoolCount extends CheckinCount {
  id: string;
  name: string;
  inHall: number;
}

/** The schools of the active players, alphabetical, with their counts: the desk's whole-school list. */
export function summarizeSchools(players: readonly CheckinPlayer[]): CheckinSchoolCount[] {
  const schools = new Map<string, CheckinSchoolCount>();
  for (const player of players) {
    if (!player.active || !player.school) continue;
    const { id, name } = player.school;
    const school = schools.get(id) ?? { id, name, checkedIn: 0, total: 0, inHall: 0 };
    school.total += 1;
    if (player.checkedInAt !== null) school.checkedIn += 1;
    if (isInHall(player)) school.inHall += 1;
    schools.set(id, school);
  }
  return [...schools.values()].sort((a, b) => byName(a.name, b.name));
}

export type SchoolAction = 'check-in' | 'sign-out';

/**
 * Who a whole-school action changes (ADR 031): every active pupil of the school not ticked absent who is not
 * checked in yet (check-in), or who is in the hall (sign-out). Pupils already done keep their first time.
 */
export function schoolActionTargets<P extends CheckinPlayer>(
  pupils: readonly P[],
  action: SchoolAction,
  absent: ReadonlySet<string>,
): P[] {
  return pupils.filter(
    (pupil) =>
      pupil.active &&
      !absent.has(pupil.id) &&
      (action === 'check-in' ? pupil.checkedInAt === null : isInHall(pupil)),
  );
}

/** How far back a device's own time of a check-in is believed (a device offline all morning, not a wrong clock). */
export const OFFLINE_CHECKIN_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The time a check-in is recorded with: when it was made on the device (ADR 032: queued offline, it arrives
 * later), unless that time is missing, in the future, or older than OFFLINE_CHECKIN_MAX_AGE_MS — a device's
 * clock is not trusted beyond what is plausible; then the time it arrived.
 */
export function checkinTime(madeAt: Date | null, receivedAt: Date): Date {
  if (!madeAt || Number.isNaN(madeAt.getTime())) return receivedAt;
  const age = receivedAt.getTime() - madeAt.getTime();
  return age >= 0 && age <= OFFLINE_CHECKIN_MAX_AGE_MS ? madeAt : receivedAt;
}
