import {
  CHECKIN_MESSAGES,
  CHECKIN_SEARCH_LIMIT,
  type CheckinActionResponse,
  type CheckinOverview,
  type CheckinPlayer,
  type CheckinSchoolList,
  type CheckinSearchResponse,
  type CheckinSource,
  checkinSourceSchema,
  type SchoolActionResponse,
} from '../../../contracts/checkin';
import { SETTING_KEYS } from '../../../contracts/settings';
import {
  matchesCheckinSearch,
  normalizeSearchText,
  type SchoolAction,
  schoolActionTargets,
  summarizeCheckin,
  summarizeSchools,
} from '../../../domain/checkin';
import type { AuditContext } from '../../audit/audit';
import { readSettingValue, saveRegisteredSetting } from '../../core/settings/settings.service';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';
import { isDatabaseUnavailable } from '../../http/database-unavailable';
import { HttpError } from '../../http/errors';
import * as repo from './checkin.repo';

export function toCheckinPlayer(row: repo.CheckinPlayerRow): CheckinPlayer {
  const team = row.groupName?.trim() || null;
  const source = checkinSourceSchema.safeParse(row.checkinSource);
  return {
    id: row.id,
    name: row.name,
    team,
    schoolName: row.school?.name ?? null,
    section: row.sectionName,
    isWithdrawn: !row.active,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    source: row.checkedInAt && source.success ? source.data : null,
    signedOutAt: row.signedOutAt?.toISOString() ?? null,
  };
}

/**
 * docs/requirements.md §4: check-in is open only when `checkin_open` says so; a missing setting, a malformed value or a failed
 * read all mean closed. `onError` hears about a failed read (it is logged, not shown).
 */
export async function isCheckinOpen(db: Db, onError: (error: unknown) => void = () => {}): Promise<boolean> {
  try {
    return await readSettingValue(db, SETTING_KEYS.checkinOpen);
  } catch (error) {
    // A lost database is a 503 (ADR 016), not "check-in is closed".
    if (isDatabaseUnavailable(error)) throw error;
    onError(error);
    return false;
  }
}

/** Opens or closes check-in (the settings trigger tells every desk at once) and logs who did it. */
export async function setCheckinOpen(deps: AuditedDb, context: AuditContext, open: boolean): Promise<string> {
  const message = open ? CHECKIN_MESSAGES.opened : CHECKIN_MESSAGES.closedNow;
  await saveRegisteredSetting(deps, context, SETTING_KEYS.checkinOpen, open, {
    action: open ? 'open_checkin' : 'close_checkin',
    description: message,
    details: ({ before }) => ({ wasOpen: before }),
  });
  return message;
}

async function requireActiveTournament(db: Db) {
  const tournament = await repo.findActiveTournament(db);
  if (!tournament) throw new HttpError(404, CHECKIN_MESSAGES.noActiveTournament);
  return tournament;
}

export async function requirePlayer(db: Db, playerId: string) {
  const tournament = await requireActiveTournament(db);
  const player = await repo.findPlayer(db, tournament.id, playerId);
  if (!player) throw new HttpError(404, CHECKIN_MESSAGES.playerNotFound);
  return { tournament, player };
}

/**
 * The desk's search over the active tournament's players, by name or team, ignoring case and accents, in name
 * order (a row keeps its place when its player is checked in, so a tap lands where the eye is). An empty search
 * finds nobody: the desk then shows only the counts.
 */
export async function searchPlayers(db: Db, search: string): Promise<CheckinSearchResponse> {
  const tournament = await repo.findActiveTournament(db);
  if (!tournament)
    return { tournament: null, counts: { checkedIn: 0, total: 0 }, players: [], isTruncated: false };
  const rows = await repo.listPlayers(db, tournament.id);
  const { counts } = summarizeCheckin(rows);
  const query = normalizeSearchText(search);
  const found = query
    ? rows
        .filter((row) => matchesCheckinSearch(row, query))
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    : [];
  return {
    tournament,
    counts,
    players: found.slice(0, CHECKIN_SEARCH_LIMIT).map(toCheckinPlayer),
    isTruncated: found.length > CHECKIN_SEARCH_LIMIT,
  };
}

/**
 * Checks a player in. Refused while check-in is closed and for withdrawn players; checking in twice keeps
 * the first time and says so.
 */
export async function checkIn(
  db: Db,
  playerId: string,
  now: Date,
  source: CheckinSource = 'desk',
): Promise<CheckinActionResponse> {
  const { tournament, player } = await requirePlayer(db, playerId);
  const result = await checkInFound(db, tournament.id, player, now, source, {
    closed: CHECKIN_MESSAGES.closed,
    withdrawn: CHECKIN_MESSAGES.withdrawn,
  });
  const { name } = result.player;
  return {
    player: result.player,
    message: result.isNew ? CHECKIN_MESSAGES.checkedIn(name) : CHECKIN_MESSAGES.alreadyCheckedIn(name),
  };
}

/**
 * Checks in a player already found (the desk's and the kiosk's check-in): refused while closed and for a
 * withdrawn player with the caller's words; a second check-in keeps the first time (isNew false).
 */
export async function checkInFound(
  db: Db,
  tournamentId: string,
  player: repo.CheckinPlayerRow,
  now: Date,
  source: CheckinSource,
  refusals: { closed: string; withdrawn: string },
): Promise<{ player: CheckinPlayer; isNew: boolean }> {
  if (!(await isCheckinOpen(db))) throw new HttpError(409, refusals.closed);
  if (!player.active) throw new HttpError(409, refusals.withdrawn);
  const written = player.checkedInAt ? null : await repo.markCheckedIn(db, player.id, now, source);
  if (written) return { player: toCheckinPlayer(written), isNew: true };
  // Already checked in (before, or by another desk a moment ago): report the time that was kept.
  const current = player.checkedInAt
    ? player
    : ((await repo.findPlayer(db, tournamentId, player.id)) ?? player);
  return { player: toCheckinPlayer(current), isNew: false };
}

export type SignOutOutcome = 'signed-out' | 'already-signed-out' | 'not-checked-in';

/**
 * Signs a player out at pick-up (ADR 031): allowed whether check-in is open or not; a second sign-out keeps
 * the first time; a player never checked in is not signed out.
 */
export async function signOutFound(
  db: Db,
  tournamentId: string,
  player: repo.CheckinPlayerRow,
  now: Date,
): Promise<{ player: CheckinPlayer; outcome: SignOutOutcome }> {
  if (!player.checkedInAt) return { player: toCheckinPlayer(player), outcome: 'not-checked-in' };
  const [written] = player.signedOutAt ? [] : await repo.markSignedOut(db, [player.id], now);
  if (written) return { player: toCheckinPlayer(written), outcome: 'signed-out' };
  const current = (await repo.findPlayer(db, tournamentId, player.id)) ?? player;
  return { player: toCheckinPlayer(current), outcome: 'already-signed-out' };
}

/** The desk's sign-out of one player. */
export async function signOut(db: Db, playerId: string, now: Date): Promise<CheckinActionResponse> {
  const { tournament, player } = await requirePlayer(db, playerId);
  const result = await signOutFound(db, tournament.id, player, now);
  if (result.outcome === 'not-checked-in')
    throw new HttpError(409, CHECKIN_MESSAGES.notCheckedIn(player.name));
  const { name } = result.player;
  return {
    player: result.player,
    message:
      result.outcome === 'signed-out'
        ? CHECKIN_MESSAGES.signedOut(name)
        : CHECKIN_MESSAGES.alreadySignedOut(name),
  };
}

/** The schools of the active tournament with their counts (the desk's whole-school list). */
export async function listSchools(db: Db) {
  const tournament = await repo.findActiveTournament(db);
  return { schools: tournament ? summarizeSchools(await repo.listPlayers(db, tournament.id)) : [] };
}

const byTeamThenName = (a: CheckinPlayer, b: CheckinPlayer) =>
  (a.team ?? '').localeCompare(b.team ?? '', 'en', { sensitivity: 'base' }) ||
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** One school's pupils in the active tournament, by team then name; 404 for a school with none there. */
export async function schoolList(db: Db, schoolId: string): Promise<CheckinSchoolList> {
  const tournament = await requireActiveTournament(db);
  const rows = await repo.listSchoolPlayers(db, tournament.id, schoolId);
  const school = rows.find((row) => row.school)?.school;
  if (!school) throw new HttpError(404, CHECKIN_MESSAGES.schoolNotFound);
  return { school, players: rows.map(toCheckinPlayer).sort(byTeamThenName) };
}

/**
 * Whole-school check-in or sign-out (ADR 031): every active pupil of the school except those ticked absent,
 * in one statement. Check-in is refused while closed; a pupil ticked absent who is not in the school is a 400
 * and nothing changes.
 */
export async function schoolAction(
  db: Db,
  schoolId: string,
  body: { action: SchoolAction; absentPlayerIds: readonly string[]; source: CheckinSource },
  now: Date,
): Promise<SchoolActionResponse> {
  const tournament = await requireActiveTournament(db);
  const rows = await repo.listSchoolPlayers(db, tournament.id, schoolId);
  const school = rows.find((row) => row.school)?.school;
  if (!school) throw new HttpError(404, CHECKIN_MESSAGES.schoolNotFound);
  const absent = new Set(body.absentPlayerIds);
  if ([...absent].some((id) => !rows.some((row) => row.id === id))) {
    throw new HttpError(400, CHECKIN_MESSAGES.absentNotInSchool);
  }
  const isCheckIn = body.action === 'check-in';
  if (isCheckIn && !(await isCheckinOpen(db))) throw new HttpError(409, CHECKIN_MESSAGES.closed);
  const targets = schoolActionTargets(rows, body.action, absent).map((row) => row.id);
  const written = isCheckIn
    ? await repo.markManyCheckedIn(db, targets, now, body.source)
    : await repo.markSignedOut(db, targets, now);
  const after = await repo.listSchoolPlayers(db, tournament.id, schoolId);
  return {
    school,
    players: after.map(toCheckinPlayer).sort(byTeamThenName),
    changed: written.length,
    message: isCheckIn
      ? CHECKIN_MESSAGES.schoolCheckedIn(written.length, school.name)
      : CHECKIN_MESSAGES.schoolSignedOut(written.length, school.name),
  };
}

/** Undoes a check-in (the desk's Undo). Refused while check-in is closed; undoing twice is harmless. */
export async function undoCheckIn(db: Db, playerId: string, now: Date): Promise<CheckinActionResponse> {
  const { player } = await requirePlayer(db, playerId);
  if (!(await isCheckinOpen(db))) throw new HttpError(409, CHECKIN_MESSAGES.closed);
  const written = await repo.clearCheckedIn(db, player.id, now);
  const current = written ?? { ...player, checkedInAt: null };
  return { player: toCheckinPlayer(current), message: CHECKIN_MESSAGES.undone(current.name) };
}

/**
 * docs/requirements.md §5: a player's name is corrected at check-in. Allowed whether check-in is open or not (a name does not
 * change who is paired); logged with the old and new name.
 */
export async function renamePlayer(
  { db, audit }: AuditedDb,
  context: AuditContext,
  playerId: string,
  typedName: string,
  now: Date,
): Promise<CheckinActionResponse> {
  const { player } = await requirePlayer(db, playerId);
  const name = typedName.trim().replace(/\s+/g, ' ');
  const renamed =
    name === player.name
      ? player
      : await db.transaction(async (tx) => {
          const row = await repo.renamePlayer(tx, player.id, name, now);
          if (!row) throw new HttpError(404, CHECKIN_MESSAGES.playerNotFound);
          await audit.logChange(
            tx,
            context,
            'rename_player',
            `Renamed player "${player.name}" to "${name}" at check-in`,
            {
              playerId: player.id,
              from: player.name,
              to: name,
            },
          );
          return row;
        });
  return { player: toCheckinPlayer(renamed), message: CHECKIN_MESSAGES.renamed(name) };
}

/** The overview: checked-in / total overall, by school and by team, and who has not arrived. */
export async function overview(db: Db): Promise<CheckinOverview> {
  const tournament = await repo.findActiveTournament(db);
  if (!tournament) {
    return {
      tournament: null,
      counts: { checkedIn: 0, total: 0, inHall: 0 },
      schools: [],
      teams: [],
      missing: [],
      arrivals: [],
    };
  }
  const rows = await repo.listPlayers(db, tournament.id);
  const summary = summarizeCheckin(rows);
  const arrivals = rows
    .filter((row) => row.active && row.checkedInAt)
    .sort((a, b) => b.checkedInAt!.getTime() - a.checkedInAt!.getTime() || a.name.localeCompare(b.name));
  return {
    tournament,
    counts: summary.counts,
    schools: summary.schools,
    teams: summary.teams,
    missing: summary.missing.map(toCheckinPlayer),
    arrivals: arrivals.map(toCheckinPlayer),
  };
}
