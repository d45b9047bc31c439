import { and, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { BYE_KIND_NAMES } from '../../../contracts/byes';
import {
  type CsvPreview,
  type ListPlayersResponse,
  type ManagedPlayer,
  PLAYER_MESSAGES,
  type playerFieldsSchema,
  type requestByeBodySchema,
} from '../../../contracts/player-management';
import { SECTION_MESSAGES } from '../../../contracts/sections';
import { normalizeName } from '../../../domain/names';
import { formatPlayersCsv, parsePlayersCsv, playerKey } from '../../../domain/players-csv';
import { acceptsByeRequest, isPaired, scores, trfExportInput } from '../../../domain/tournament';
import { parseTrf, TrfParseError, writeTrf } from '../../../domain/trf/trf';
import { importTrf, TrfImportError } from '../../../domain/trf/trf-import';
import { tournamentToTrf } from '../../../domain/trf/trf-pairing';
import { actorContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import * as repo from '../../core/players/player-records';
import {
  matchesSearch,
  scoresOf,
  stateOf,
  toManagedPlayer,
  toManagedTournament,
} from '../../core/players/player-views';
import {
  deleteBye,
  lockOpenRound,
  putBye,
  writeReturn,
  writeWithdrawal,
} from '../../core/players/roster-writes';
import { inferSchools, membershipFromGroupName } from '../../core/schools/school-records';
import { rowsOfSection, sectionsOf } from '../../core/tournament/sections';
import { loadTournamentState } from '../../core/tournament/tournament-state.loader';
import type { Db } from '../../db/client';
import { matches, players, roundByes, rounds, tournaments } from '../../db/schema/tournaments';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';

type PlayerFields = z.output<typeof playerFieldsSchema>;
type ByeRequest = z.output<typeof requestByeBodySchema>;

export async function listPlayers(
  db: Db,
  query: { tournamentId?: string | undefined; search?: string | undefined },
): Promise<ListPlayersResponse> {
  const tournament = await repo.resolveTournament(db, query.tournamentId);
  const data = await repo.loadTournamentData(db, tournament);
  const state = stateOf(data);
  const pointsById = scores(state);
  const emails = await repo.emailsOf(
    db,
    data.players.map((player) => player.userId),
  );
  const found = data.players.filter((player) => matchesSearch(player, query.search ?? ''));
  return {
    tournament: toManagedTournament(tournament),
    rounds: state.rounds.map((round) => ({
      number: round.number,
      status: round.status,
      hasPairings: isPaired(state, round.id),
      acceptsByes: acceptsByeRequest(state, round),
    })),
    players: found.map((player) => toManagedPlayer(player, data, pointsById, emails)),
    total: data.players.length,
    active: data.players.filter((player) => player.active).length,
  };
}

async function managedPlayer(db: Db, playerId: string): Promise<ManagedPlayer> {
  const player = await repo.findPlayer(db, playerId);
  const data = await repo.loadTournamentData(db, await repo.resolveTournament(db, player.tournamentId));
  return toManagedPlayer(player, data, scoresOf(data), await repo.emailsOf(db, [player.userId]));
}

async function assertNoDuplicate(
  db: Db,
  tournamentId: string,
  fields: { name: string; groupName: string | null },
  exceptId: string | null,
): Promise<void> {
  const existing = await db
    .select({ id: players.id, name: players.name, groupName: players.groupName })
    .from(players)
    .where(eq(players.tournamentId, tournamentId));
  const key = playerKey(fields.name, fields.groupName);
  const clash = existing.find((row) => row.id !== exceptId && playerKey(row.name, row.groupName) === key);
  if (clash) throw new HttpError(409, PLAYER_MESSAGES.duplicate(clash.name, clash.groupName));
}

export async function addPlayer(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  input: PlayerFields & { tournamentId?: string | undefined },
): Promise<{ message: string; player: ManagedPlayer }> {
  const tournament = await repo.resolveTournament(db, input.tournamentId);
  await assertNoDuplicate(db, tournament.id, input, null);
  const userId = input.userEmail ? await repo.userIdByEmail(db, input.userEmail) : null;
  // The player and their log row commit together.
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(players)
      .values({
        tournamentId: tournament.id,
        name: input.name,
        groupName: input.groupName,
        rating: input.rating,
        club: input.club,
        girlsPrize: input.girlsPrize ?? false,
        userId,
        ...(await membershipFromGroupName(tx, tournament.id, input.groupName)),
      })
      .returning();
    if (!row) throw new Error('player was not created');
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'add_player',
      `Added ${row.name}${row.groupName ? ` (${row.groupName})` : ''} to ${tournament.name}`,
      { playerId: row.id, tournamentId: tournament.id, lateEntry: tournament.currentRound > 0 },
    );
    return row;
  });
  return { message: PLAYER_MESSAGES.added(created.name), player: await managedPlayer(db, created.id) };
}

export async function updatePlayer(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  playerId: string,
  input: PlayerFields,
): Promise<{ message: string; player: ManagedPlayer }> {
  const before = await repo.findPlayer(db, playerId);
  await assertNoDuplicate(db, before.tournamentId, input, before.id);
  const userId = input.userEmail ? await repo.userIdByEmail(db, input.userEmail) : null;
  const after = {
    name: input.name,
    groupName: input.groupName,
    rating: input.rating,
    club: input.club,
    girlsPrize: input.girlsPrize ?? before.girlsPrize,
    userId,
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    const previous = before[field as keyof typeof after];
    if (previous !== value) changes[field] = { from: previous, to: value };
  }
  // The change and its log row commit together.
  await db.transaction(async (tx) => {
    // A new group name moves the player to that team (and its school); the same one keeps them where they are.
    const membership =
      'groupName' in changes ? await membershipFromGroupName(tx, before.tournamentId, input.groupName) : {};
    await tx
      .update(players)
      .set({ ...after, ...membership, updatedAt: new Date() })
      .where(eq(players.id, playerId));
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'update_player',
      `Updated ${input.name}: ${Object.keys(changes).join(', ') || 'no changes'}`,
      { playerId, tournamentId: before.tournamentId, changes },
    );
  });
  return { message: PLAYER_MESSAGES.updated(input.name), player: await managedPlayer(db, playerId) };
}

/**
 * Withdrawal keeps the player and their results; they are no longer paired. Byes they requested for rounds
 * not yet paired are dropped with it (a withdrawn player scores nothing more).
 */
export async function setActive(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  playerId: string,
  active: boolean,
): Promise<{ message: string; player: ManagedPlayer }> {
  const player = await repo.findPlayer(db, playerId);
  if (player.active === active) {
    throw new HttpError(
      409,
      active ? PLAYER_MESSAGES.alreadyActive(player.name) : PLAYER_MESSAGES.alreadyWithdrawn(player.name),
    );
  }
  await db.transaction(async (tx) => {
    if (active) await writeReturn(tx, player);
    else {
      const state = await loadTournamentState(tx, await repo.resolveTournament(tx, player.tournamentId));
      await writeWithdrawal(tx, player, state);
    }
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      active ? 'reactivate_player' : 'withdraw_player',
      `${active ? 'Re-activated' : 'Withdrew'} ${player.name}`,
      { playerId, tournamentId: player.tournamentId },
    );
  });
  const unfinished = active ? [] : await unfinishedGamesOf(db, playerId);
  const message = active ? PLAYER_MESSAGES.reactivated(player.name) : PLAYER_MESSAGES.withdrawn(player.name);
  return {
    message: [
      message,
      ...unfinished.map((game) => PLAYER_MESSAGES.unfinishedGame(game.roundNumber, game.boardNumber)),
    ].join('. '),
    player: await managedPlayer(db, playerId),
  };
}

/** Games of the player still without a result: a withdrawal leaves them to the arbiter (result or forfeit). */
async function unfinishedGamesOf(db: Db, playerId: string) {
  return db
    .select({ roundNumber: matches.roundNumber, boardNumber: matches.boardNumber })
    .from(matches)
    .where(
      and(
        or(eq(matches.whitePlayerId, playerId), eq(matches.blackPlayerId, playerId)),
        isNull(matches.result),
      ),
    )
    .orderBy(matches.roundNumber);
}

export async function requestBye(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  playerId: string,
  input: ByeRequest,
): Promise<{ message: string; player: ManagedPlayer }> {
  const player = await repo.findPlayer(db, playerId);
  if (!player.active) throw new HttpError(409, PLAYER_MESSAGES.byeWithdrawn(player.name));
  const round = await db.transaction(async (tx) => {
    const { round } = await lockOpenRound(tx, player.tournamentId, input.roundNumber);
    await putBye(tx, round, playerId, input.kind);
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'request_bye',
      `${BYE_KIND_NAMES[input.kind]} bye for ${player.name} in round ${round.number}`,
      { playerId, tournamentId: player.tournamentId, roundNumber: round.number, kind: input.kind },
    );
    return round;
  });
  return {
    message: PLAYER_MESSAGES.byeRequested(player.name, round.number, BYE_KIND_NAMES[input.kind]),
    player: await managedPlayer(db, playerId),
  };
}

export async function removeBye(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  playerId: string,
  roundNumber: number,
): Promise<{ message: string; player: ManagedPlayer }> {
  const player = await repo.findPlayer(db, playerId);
  await db.transaction(async (tx) => {
    const { round } = await lockOpenRound(tx, player.tournamentId, roundNumber);
    const kind = await deleteBye(tx, round, playerId);
    if (kind === null) throw new HttpError(404, PLAYER_MESSAGES.byeNotFound(roundNumber));
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'remove_bye',
      `Removed the bye of ${player.name} in round ${roundNumber}`,
      { playerId, tournamentId: player.tournamentId, roundNumber, kind },
    );
  });
  return {
    message: PLAYER_MESSAGES.byeRemoved(player.name, roundNumber),
    player: await managedPlayer(db, playerId),
  };
}

// ---- CSV ----

/** Parses a players file and checks it against the tournament's players: the dry run of an import. */
export async function previewCsv(db: Db, tournament: repo.TournamentRow, csv: string): Promise<CsvPreview> {
  const parsed = parsePlayersCsv(csv);
  const existing = await db
    .select({ name: players.name, groupName: players.groupName })
    .from(players)
    .where(eq(players.tournamentId, tournament.id));
  const byKey = new Map(existing.map((row) => [playerKey(row.name, row.groupName), row]));
  const errors = [...parsed.errors];
  const rows = parsed.rows.filter((row) => {
    const clash = byKey.get(playerKey(row.name, row.groupName));
    if (!clash) return true;
    errors.push({
      line: row.line,
      message: `${PLAYER_MESSAGES.duplicate(clash.name, clash.groupName)} in ${tournament.name}`,
    });
    return false;
  });
  errors.sort((a, b) => a.line - b.line);
  const schools = await inferSchools(
    db,
    tournament.id,
    rows.map((row) => row.groupName),
  );
  return { isValid: errors.length === 0, rows, errors, schools };
}

/** All or nothing: any problem refuses the whole file, and the rows go in one transaction. */
export async function importCsv(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  tournament: repo.TournamentRow,
  csv: string,
): Promise<{ preview: CsvPreview; imported: number }> {
  const preview = await previewCsv(db, tournament, csv);
  if (!preview.isValid) return { preview, imported: 0 };
  await db.transaction(async (tx) => {
    // The schools and teams the preview showed are created here (docs/decisions/012-school-identity.md).
    const values = [];
    for (const row of preview.rows) {
      values.push({
        tournamentId: tournament.id,
        name: row.name,
        groupName: row.groupName,
        rating: row.rating,
        club: row.club,
        ...(await membershipFromGroupName(tx, tournament.id, row.groupName)),
      });
    }
    await tx.insert(players).values(values);
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'import_players_csv',
      `Imported ${preview.rows.length} players into ${tournament.name} from CSV`,
      { tournamentId: tournament.id, count: preview.rows.length },
    );
  });
  return { preview, imported: preview.rows.length };
}

/** File names without anything a header or a file system would mind. */
export function fileSlug(name: string): string {
  return (
    normalizeName(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'tournament'
  );
}

export async function exportCsv(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  tournamentId: string | undefined,
): Promise<{ fileName: string; body: string }> {
  const tournament = await repo.resolveTournament(db, tournamentId);
  const data = await repo.loadTournamentData(db, tournament);
  const scores = scoresOf(data);
  const body = formatPlayersCsv(
    data.players.map((player) => ({
      id: player.id,
      name: player.name,
      groupName: player.groupName,
      rating: player.rating,
      club: player.club,
      active: player.active,
      halfPoints: scores.get(player.id)?.halfPoints ?? 0,
      checkedIn: player.checkedInAt !== null,
    })),
  );
  await audit.logAttempt(
    db,
    actorContext(actor, ip),
    'export_players_csv',
    `Exported ${data.players.length} players of ${tournament.name} as CSV`,
    { tournamentId: tournament.id },
  );
  // A byte-order mark so spreadsheet programs read the accents as UTF-8; the import drops it.
  return { fileName: `players-${fileSlug(tournament.name)}.csv`, body: `\uFEFF${body}` };
}

// ---- TRF ----

/** TRF dates are YYYY/MM/DD. */
const trfDate = (date: string | null) => (date ? date.replaceAll('-', '/') : null);

/**
 * The tournament as a FIDE TRF-16 file: start rank = pairing number (rating order), finished games only, the
 * byes, points and ranks of the tournament state (domain/tournament/trf-export.ts), as on the leaderboard.
 */
export function tournamentTrfText(data: repo.TournamentData): string {
  const trf = tournamentToTrf({ ...trfExportInput(stateOf(data)), name: data.tournament.name });
  const extra = [
    data.tournament.venue ? { code: '022', value: data.tournament.venue } : null,
    trfDate(data.tournament.startDate)
      ? { code: '042', value: trfDate(data.tournament.startDate) as string }
      : null,
    trfDate(data.tournament.endDate)
      ? { code: '052', value: trfDate(data.tournament.endDate) as string }
      : null,
  ].filter((line) => line !== null);
  return writeTrf({ ...trf, lines: [trf.lines[0]!, ...extra, ...trf.lines.slice(1)] });
}

export async function exportTrf(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  tournamentId: string | undefined,
  sectionId?: string | undefined,
): Promise<{ fileName: string; body: string }> {
  const tournament = await repo.resolveTournament(db, tournamentId);
  const data = await repo.loadTournamentData(db, tournament);
  // A section is a tournament of its own for rating (ADR 044): its players, their games, its name.
  const section = sectionId ? sectionsOf(data).find((candidate) => candidate.id === sectionId) : undefined;
  if (sectionId && !section) throw new HttpError(404, SECTION_MESSAGES.sectionNotFound);
  const name = section ? `${tournament.name} — ${section.name}` : tournament.name;
  const rows = section ? rowsOfSection(data, section.id) : data;
  const body = tournamentTrfText({ ...rows, tournament: { ...tournament, name } });
  await audit.logAttempt(db, actorContext(actor, ip), 'export_trf', `Exported ${name} as TRF`, {
    tournamentId: tournament.id,
    ...(section ? { sectionId: section.id } : {}),
  });
  return { fileName: `${fileSlug(name)}.trf`, body };
}

/**
 * Creates a new, inactive tournament from a TRF file: players (start rank order), rounds (played ones
 * completed, the rest upcoming), games with their results, byes. One transaction: a refused file changes
 * nothing.
 */
export async function importTrfFile(
  { db, audit }: AuditedDb,
  actor: Actor,
  ip: string,
  input: { trf: string; name?: string | undefined },
): Promise<{ tournament: repo.TournamentRow; players: number; games: number }> {
  let imported: ReturnType<typeof importTrf>;
  try {
    imported = importTrf(parseTrf(input.trf));
  } catch (error) {
    if (error instanceof TrfParseError || error instanceof TrfImportError)
      throw new HttpError(400, error.message);
    throw error;
  }
  const name = (input.name || imported.name || 'Imported tournament').slice(0, 200);
  const tournament = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tournaments)
      .values({
        name,
        totalRounds: imported.totalRounds,
        currentRound: imported.playedRounds,
        active: false,
        createdBy: actor.userId,
      })
      .returning();
    if (!created) throw new Error('tournament was not created');
    const playerRows = await tx
      .insert(players)
      .values(
        imported.players.map((player) => ({
          tournamentId: created.id,
          name: player.name,
          rating: player.rating,
        })),
      )
      .returning({ id: players.id });
    const idOf = new Map(imported.players.map((player, index) => [player.startRank, playerRows[index]!.id]));
    const roundRows = await tx
      .insert(rounds)
      .values(
        Array.from({ length: imported.totalRounds }, (_, index) => ({
          tournamentId: created.id,
          number: index + 1,
          status: index < imported.playedRounds ? ('completed' as const) : ('upcoming' as const),
        })),
      )
      .returning({ id: rounds.id, number: rounds.number });
    const roundId = new Map(roundRows.map((round) => [round.number, round.id]));
    if (imported.games.length > 0) {
      await tx.insert(matches).values(
        imported.games.map((game) => ({
          tournamentId: created.id,
          roundId: roundId.get(game.roundNumber)!,
          roundNumber: game.roundNumber,
          boardNumber: game.boardNumber,
          whitePlayerId: idOf.get(game.whiteRank)!,
          blackPlayerId: idOf.get(game.blackRank)!,
          result: game.result,
        })),
      );
    }
    if (imported.byes.length > 0) {
      await tx.insert(roundByes).values(
        imported.byes.map((bye) => ({
          tournamentId: created.id,
          roundId: roundId.get(bye.roundNumber)!,
          roundNumber: bye.roundNumber,
          playerId: idOf.get(bye.startRank)!,
          kind: bye.kind,
        })),
      );
    }
    await audit.logChange(
      tx,
      actorContext(actor, ip),
      'import_trf',
      `Imported tournament ${name} from TRF: ${imported.players.length} players, ${imported.playedRounds} rounds played`,
      { tournamentId: created.id, players: imported.players.length, games: imported.games.length },
    );
    return created;
  });
  return { tournament, players: imported.players.length, games: imported.games.length };
}
