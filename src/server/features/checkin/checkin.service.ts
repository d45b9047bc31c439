import {
  CHECKIN_MESSAGES,
  CHECKIN_SEARCH_LIMIT,
  type CheckinActionResponse,
  type CheckinOverview,
  type CheckinPlayer,
  type CheckinSearchResponse,
} from '../../../contracts/checkin';
import { resolveCheckinOpen, SETTING_KEYS } from '../../../contracts/settings';
import { matchesCheckinSearch, normalizeSearchText, summarizeCheckin } from '../../../domain/checkin';
import type { AuditContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import type { AuditedDb } from '../../feature-context';
import { isDatabaseUnavailable } from '../../http/database-unavailable';
import { HttpError } from '../../http/errors';
import { readSetting, saveSetting } from '../settings/settings.repo';
import * as repo from './checkin.repo';

function toCheckinPlayer(row: repo.CheckinPlayerRow): CheckinPlayer {
  const team = row.groupName?.trim() || null;
  return {
    id: row.id,
    name: row.name,
    team,
    schoolName: row.school?.name ?? null,
    isWithdrawn: !row.active,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}

/**
 * docs/requirements.md §4: check-in is open only when `checkin_open` says so; a missing setting, a malformed value or a failed
 * read all mean closed. `onError` hears about a failed read (it is logged, not shown).
 */
export async function isCheckinOpen(db: Db, onError: (error: unknown) => void = () => {}): Promise<boolean> {
  try {
    return resolveCheckinOpen(await readSetting(db, SETTING_KEYS.checkinOpen));
  } catch (error) {
    // A lost database is a 503 (ADR 016), not "check-in is closed".
    if (isDatabaseUnavailable(error)) throw error;
    onError(error);
    return false;
  }
}

/** Opens or closes check-in (the settings trigger tells every desk at once) and logs who did it. */
export async function setCheckinOpen(
  { db, audit }: AuditedDb,
  context: AuditContext,
  open: boolean,
): Promise<string> {
  const wasOpen = await isCheckinOpen(db);
  const message = open ? CHECKIN_MESSAGES.opened : CHECKIN_MESSAGES.closedNow;
  await db.transaction(async (tx) => {
    await saveSetting(tx, SETTING_KEYS.checkinOpen, open, context.actorId);
    await audit.logChange(tx, context, open ? 'open_checkin' : 'close_checkin', message, { wasOpen });
  });
  return message;
}

async function requireActiveTournament(db: Db) {
  const tournament = await repo.findActiveTournament(db);
  if (!tournament) throw new HttpError(404, CHECKIN_MESSAGES.noActiveTournament);
  return tournament;
}

async function requirePlayer(db: Db, playerId: string) {
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
export async function checkIn(db: Db, playerId: string, now: Date): Promise<CheckinActionResponse> {
  const { tournament, player } = await requirePlayer(db, playerId);
  if (!(await isCheckinOpen(db))) throw new HttpError(409, CHECKIN_MESSAGES.closed);
  if (!player.active) throw new HttpError(409, CHECKIN_MESSAGES.withdrawn);
  const written = player.checkedInAt ? null : await repo.markCheckedIn(db, player.id, now);
  if (written) return { player: toCheckinPlayer(written), message: CHECKIN_MESSAGES.checkedIn(written.name) };
  // Already checked in (before, or by another desk a moment ago): report the time that was kept.
  const current = player.checkedInAt
    ? player
    : ((await repo.findPlayer(db, tournament.id, player.id)) ?? player);
  return { player: toCheckinPlayer(current), message: CHECKIN_MESSAGES.alreadyCheckedIn(current.name) };
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
    return { tournament: null, counts: { checkedIn: 0, total: 0 }, schools: [], teams: [], missing: [] };
  }
  const summary = summarizeCheckin(await repo.listPlayers(db, tournament.id));
  return {
    tournament,
    counts: summary.counts,
    schools: summary.schools,
    teams: summary.teams,
    missing: summary.missing.map(toCheckinPlayer),
  };
}
