import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  type AdminRoundPlayer,
  type AdminRoundSummary,
  type GeneratePairingsResponse,
  type ManualChangeBody,
  type ManualChangeResponse,
  REPEAT_BYE_NEEDED_CODE,
  ROUND_MESSAGES,
  ROUND_STATUS_LABELS,
  type RoundCountBody,
  type RoundCountResponse,
  type RoundDetail,
  type RoundsResponse,
} from '../../../contracts/round-management';
import { pairNextRound } from '../../../domain/pairing/engine';
import { PairingError } from '../../../domain/pairing/types';
import { countOf } from '../../../domain/plural';
import { mergeSectionPairings, sectionProblems } from '../../../domain/sections';
import {
  byesOf,
  canChangePairings,
  canComplete,
  canDeleteRound,
  canPair,
  canStart,
  findRound as findStateRound,
  gamesOf,
  isInProgress,
  isStarted,
  type LifecycleAnswer,
  leftOutByRequest,
  lifecycleStep,
  manualPairingWarnings,
  nextRoundToPair,
  type ProposedBoard,
  pairingInput,
  pairingPool,
  type Round,
  type RoundStatus,
  roundNow,
  schoolOfPlayer,
  scoresBefore,
  type TournamentState,
} from '../../../domain/tournament';
import type { Audit, AuditContext } from '../../audit/audit';
import { reportedMatchIds } from '../../core/results/results.repo';
import { loadActiveTournamentRows } from '../../core/tournament/active-tournament';
import { domainSections, placePupils } from '../../core/tournament/section-placement';
import { rowsOfSection, sectionsOf } from '../../core/tournament/sections';
import type { RoundRow } from '../../core/tournament/tournament.repo';
import { type TournamentRows, toTournamentState } from '../../core/tournament/tournament-state.loader';
import type { Db } from '../../db/client';
import { matches, roundByes, rounds, tournaments } from '../../db/schema/tournaments';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { roundCompletedMail, roundStartedMail } from '../../mail/templates';
import * as repo from './round-management.repo';
import { boardOfPublicNote, explainNotes, publicNotes } from './round-pairing';

export interface RoundDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  audit: Audit;
}

/** The active tournament's rows (for writes, mails and answers) and its state (for every rule). */
type State = TournamentRows;

const label = (round: { status: RoundStatus }) => ROUND_STATUS_LABELS[round.status];
const lower = (round: { status: RoundStatus }) => label(round).toLowerCase();

async function loadState(db: Db): Promise<State> {
  const data = await loadActiveTournamentRows(db);
  if (!data) throw new HttpError(404, ROUND_MESSAGES.noActiveTournament);
  return data;
}

const stateOf = (rows: State): TournamentState => toTournamentState(rows);

function findRound(state: State, number: number): RoundRow {
  const round = state.rounds.find((candidate) => candidate.number === number);
  if (!round) throw new HttpError(404, ROUND_MESSAGES.roundNotFound);
  return round;
}

/** A refusal of the round lifecycle (src/domain/tournament/rounds.ts) as the arbiter's message. */
function assertAllowed(answer: LifecycleAnswer, number: number, action: 'pair' | 'start' | 'complete'): void {
  if (answer.ok) return;
  switch (answer.reason) {
    case 'round_not_found':
      throw new HttpError(404, ROUND_MESSAGES.roundNotFound);
    case 'not_upcoming':
      throw new HttpError(
        409,
        action === 'start'
          ? ROUND_MESSAGES.notStartable(number, lower(answer))
          : ROUND_MESSAGES.notUpcoming(number),
      );
    case 'not_next':
      throw new HttpError(409, ROUND_MESSAGES.notNextRound(answer.nextRound));
    case 'earlier_round_active':
      throw new HttpError(409, ROUND_MESSAGES.previousNotCompleted(answer.roundNumber));
    case 'not_paired':
      throw new HttpError(409, ROUND_MESSAGES.noPairings);
    case 'not_active':
      throw new HttpError(409, ROUND_MESSAGES.notActive(number, lower(answer)));
    case 'unfinished_games':
      throw new HttpError(409, ROUND_MESSAGES.unfinished);
  }
}

function summarise(state: TournamentState, round: Round): AdminRoundSummary {
  const games = gamesOf(state, round.id);
  return {
    number: round.number,
    status: round.status,
    statusLabel: label(round),
    startTime: round.startTime?.toISOString() ?? null,
    endTime: round.endTime?.toISOString() ?? null,
    boards: games.length,
    finished: games.filter((game) => game.result !== null).length,
    byes: byesOf(state, round.id).length,
    pairingNotes: [...round.pairingNotes],
    // "Current" is the round every public page calls "this round" (domain roundNow), the paired one included.
    isCurrent: round.number === roundNow(state)?.number,
    isNext: nextRoundToPair(state)?.id === round.id,
    actions: {
      pair: lifecycleStep(canPair(state, round.number)),
      start: lifecycleStep(canStart(state, round.number)),
      complete: lifecycleStep(canComplete(state, round.number)),
      changePairings: lifecycleStep(canChangePairings(state, round.number)),
    },
  };
}

function detail(state: TournamentState, number: number): RoundDetail {
  const round = findStateRound(state, number);
  if (!round) throw new HttpError(404, ROUND_MESSAGES.roundNotFound);
  const before = scoresBefore(state, round.number);
  const byId = new Map(state.players.map((player) => [player.id, player]));
  const view = (id: string): AdminRoundPlayer => {
    const player = byId.get(id);
    return {
      id,
      name: player?.name ?? 'Unknown',
      groupName: player?.groupName ?? null,
      school: schoolOfPlayer(state, player)?.name ?? null,
      rating: player?.rating ?? null,
      halfPoints: before.get(id)?.halfPoints ?? 0,
    };
  };
  return {
    round: summarise(state, round),
    boards: gamesOf(state, round.id).map((game) => ({
      board: game.board,
      white: view(game.whiteId),
      black: view(game.blackId),
      result: game.result,
    })),
    byes: byesOf(state, round.id)
      .map((bye) => ({ player: view(bye.playerId), kind: bye.kind }))
      .sort((a, b) => a.player.name.localeCompare(b.player.name, 'en')),
  };
}

export async function listRounds(db: Db): Promise<RoundsResponse> {
  const data = await loadActiveTournamentRows(db);
  if (!data) return { tournament: null, rounds: [] };
  const state = stateOf(data);
  return {
    tournament: {
      name: state.name,
      currentRound: roundNow(state)?.number ?? state.currentRound,
      totalRounds: state.totalRounds,
    },
    rounds: state.rounds.map((round) => summarise(state, round)),
  };
}

export async function getRound(db: Db, number: number): Promise<RoundDetail> {
  return detail(stateOf(await loadState(db)), number);
}

/** The state with one round replaced by its row after a write (so the answer needs no second read). */
function withRound(state: State, updated: RoundRow): { state: State; round: RoundRow } {
  return {
    state: { ...state, rounds: state.rounds.map((r) => (r.id === updated.id ? updated : r)) },
    round: updated,
  };
}

async function loadRound(db: Db, number: number): Promise<{ state: State; round: RoundRow }> {
  const state = await loadState(db);
  return { state, round: findRound(state, number) };
}

/** The summary of one round after a write. */
const summaryOf = (rows: State, round: RoundRow): AdminRoundSummary => {
  const state = stateOf(rows);
  return summarise(state, findStateRound(state, round.number)!);
};

/** The engine run on one group of players (the event, or one section), its refusals in the arbiter's words. */
function pairGroup(
  deps: RoundDeps,
  tournamentState: TournamentState,
  number: number,
  allowRepeatBye: boolean,
): ReturnType<typeof pairNextRound> {
  const input = pairingInput(tournamentState, number);
  try {
    // The arbiter's explanation names the criterion behind each float (one more pairing per floater:
    // 0.1 s at 350 players, docs/performance.md).
    return pairNextRound({ ...input, options: { ...input.options, allowRepeatBye, explainFloats: true } });
  } catch (error) {
    if (error instanceof PairingError && error.code === 'repeat_bye_needed') {
      const names = error.playerIds.map(
        (id) => tournamentState.players.find((player) => player.id === id)?.name ?? 'a player',
      );
      throw new HttpError(409, ROUND_MESSAGES.repeatByeNeeded(names), REPEAT_BYE_NEEDED_CODE);
    }
    if (error instanceof PairingError) {
      deps.logger.warn({ err: error, round: number }, 'pairing failed');
      throw new HttpError(
        409,
        error.code === 'no_valid_pairing' ? ROUND_MESSAGES.noPairingPossible : ROUND_MESSAGES.generateFailed,
      );
    }
    throw error;
  }
}

/**
 * The groups paired on their own: the event, or each of its sections (ADR 044). Pupils who arrived since the
 * sections were saved are placed by the rule first; a section that cannot be paired (one player, pupils no
 * section takes) is refused before anything is written.
 */
async function pairingGroups(
  db: Db,
  state: State,
  number: number,
): Promise<{ state: State; groups: TournamentState[] }> {
  const sections = sectionsOf(state);
  if (sections.length === 0) return { state, groups: [stateOf(state)] };
  const { moved } = await placePupils(db, state.tournament, sections, { onlyUnplaced: true });
  // Read again only when late entries were just placed: otherwise the rows in hand are still true.
  const placed = moved > 0 ? await loadState(db) : state;
  const whole = stateOf(placed);
  const pool = pairingPool(whole);
  const leftOut = leftOutByRequest(whole, number);
  const paired = placed.players.filter(
    (row) => !leftOut.has(row.id) && pool.isPaired(whole.players.find((player) => player.id === row.id)!),
  );
  const problems = sectionProblems(domainSections(sections), {
    sectionOf: new Map(paired.flatMap((row) => (row.sectionId ? [[row.id, row.sectionId]] : []))),
    unplaced: paired.filter((row) => !row.sectionId).map((row) => row.id),
  });
  if (problems.length > 0) throw new HttpError(409, problems.join('. '));
  return { state: placed, groups: sections.map((section) => stateOf(rowsOfSection(placed, section.id))) };
}

export async function generatePairings(
  deps: RoundDeps,
  context: AuditContext,
  number: number,
  request: { allowRepeatBye?: boolean | undefined } = {},
): Promise<GeneratePairingsResponse> {
  const { db } = deps;
  const loaded = await loadRound(db, number);
  assertAllowed(canPair(stateOf(loaded.state), number), number, 'pair');
  const { state, groups } = await pairingGroups(db, loaded.state, number);
  const { round } = loaded;
  const tournamentState = stateOf(state);

  const pool = pairingPool(tournamentState);
  const leftOut = leftOutByRequest(tournamentState, number);
  const paired = tournamentState.players.filter((player) => pool.isPaired(player) && !leftOut.has(player.id));
  if (paired.length === 0) throw new HttpError(409, ROUND_MESSAGES.playersNotFound);

  const allowRepeatBye = request.allowRepeatBye === true;
  // Each section's boards follow the previous section's (domain: mergeSectionPairings); one group is the event.
  const result = mergeSectionPairings(groups.map((group) => pairGroup(deps, group, number, allowRepeatBye)));
  const notes = publicNotes(result.notes);

  // One transaction: the public pages hear of the new pairings once, complete (the log row goes with it).
  const fresh = await db.transaction(async (tx) => {
    const locked = await repo.lockRound(tx, round.id);
    if (!locked || isStarted(locked)) throw new HttpError(409, ROUND_MESSAGES.notUpcoming(number));
    // A bye requested or removed since the engine's input was read would leave a player paired twice or not at all.
    const requested = await repo.requestedByePlayerIds(tx, round.id);
    if (requested.length !== leftOut.size || requested.some((id) => !leftOut.has(id))) {
      throw new HttpError(409, ROUND_MESSAGES.changedMeanwhile);
    }
    await tx.delete(matches).where(eq(matches.roundId, round.id));
    await tx.delete(roundByes).where(and(eq(roundByes.roundId, round.id), eq(roundByes.kind, 'pairing')));
    const newMatches =
      result.boards.length === 0
        ? []
        : await tx
            .insert(matches)
            .values(
              result.boards.map((board) => ({
                tournamentId: state.tournament.id,
                roundId: round.id,
                roundNumber: number,
                boardNumber: board.board,
                whitePlayerId: board.whiteId,
                blackPlayerId: board.blackId,
              })),
            )
            .returning();
    const newByes =
      result.byePlayerIds.length === 0
        ? []
        : await tx
            .insert(roundByes)
            .values(
              result.byePlayerIds.map((playerId) => ({
                tournamentId: state.tournament.id,
                roundId: round.id,
                roundNumber: number,
                playerId,
                kind: 'pairing' as const,
              })),
            )
            .returning();
    const [updated] = await tx
      .update(rounds)
      .set({ pairingNotes: notes, updatedAt: deps.now() })
      .where(eq(rounds.id, round.id))
      .returning();
    const byes = result.byePlayerIds.length;
    await deps.audit.logChange(
      tx,
      context,
      'generate_pairings',
      `Generated pairings for Round ${number}: ${countOf(result.boards.length, 'board')}${byes > 0 ? `, ${countOf(byes, 'bye')}` : ''}${groups.length > 1 ? ` in ${countOf(groups.length, 'section')}` : ''}`,
      {
        roundNumber: number,
        boards: result.boards.length,
        pairedFrom: pool.pairedFrom,
        ...(groups.length > 1 ? { sections: groups.length } : {}),
        ...(request.allowRepeatBye === true ? { allowRepeatBye: true } : {}),
      },
    );
    // The state after the write, without reading everything again.
    const freshRound = updated ?? round;
    const freshState: State = {
      ...state,
      rounds: state.rounds.map((r) => (r.id === round.id ? freshRound : r)),
      matches: [...state.matches.filter((m) => m.roundId !== round.id), ...newMatches],
      byes: [...state.byes.filter((b) => b.roundId !== round.id || b.kind !== 'pairing'), ...newByes],
    };
    return { state: freshState, round: freshRound };
  });

  const nameOf = (id: string) => state.players.find((player) => player.id === id)?.name ?? 'Unknown';
  return {
    ...detail(stateOf(fresh.state), number),
    message: ROUND_MESSAGES.generated(number),
    pairedFrom: pool.pairedFrom,
    pairedPlayers: paired.length,
    explanations: explainNotes(result.notes, nameOf, tournamentState.players),
  };
}

type Slot = { kind: 'board'; index: number; side: 'whiteId' | 'blackId' } | { kind: 'bye' };

export async function changePairings(
  deps: RoundDeps,
  context: AuditContext,
  number: number,
  body: ManualChangeBody,
): Promise<ManualChangeResponse> {
  const { db } = deps;
  const { state, round } = await loadRound(db, number);
  const tournamentState = stateOf(state);
  assertAllowed(canChangePairings(tournamentState, number), number, 'pair');
  const roundMatches = state.matches
    .filter((match) => match.roundId === round.id)
    .sort((a, b) => a.boardNumber - b.boardNumber);
  const pairingBye = state.byes.find((bye) => bye.roundId === round.id && bye.kind === 'pairing') ?? null;

  const boards: ProposedBoard[] = roundMatches.map((match) => ({
    board: match.boardNumber,
    whiteId: match.whitePlayerId,
    blackId: match.blackPlayerId,
  }));
  let byePlayerId = pairingBye?.playerId ?? null;

  let description: string;
  const nameOf = (id: string) => state.players.find((player) => player.id === id)?.name ?? 'Unknown';
  if (body.kind === 'swap_players') {
    if (body.playerA === body.playerB) throw new HttpError(400, ROUND_MESSAGES.samePlayer);
    const slotOf = (id: string): Slot | null => {
      if (id === byePlayerId) return { kind: 'bye' };
      const index = boards.findIndex((board) => board.whiteId === id || board.blackId === id);
      if (index < 0) return null;
      return { kind: 'board', index, side: boards[index]!.whiteId === id ? 'whiteId' : 'blackId' };
    };
    const slotA = slotOf(body.playerA);
    const slotB = slotOf(body.playerB);
    if (!slotA || !slotB) throw new HttpError(400, ROUND_MESSAGES.playerNotInRound);
    const put = (slot: Slot, id: string) => {
      if (slot.kind === 'bye') byePlayerId = id;
      else boards[slot.index]![slot.side] = id;
    };
    put(slotA, body.playerB);
    put(slotB, body.playerA);
    description = `Swapped ${nameOf(body.playerA)} and ${nameOf(body.playerB)} in Round ${number}`;
  } else {
    const indexA = boards.findIndex((board) => board.board === body.boardA);
    const indexB = boards.findIndex((board) => board.board === body.boardB);
    if (indexA < 0 || indexB < 0) throw new HttpError(404, ROUND_MESSAGES.boardNotFound);
    if (indexA === indexB) throw new HttpError(400, ROUND_MESSAGES.samePlayer);
    const blackA = boards[indexA]!.blackId;
    boards[indexA]!.blackId = boards[indexB]!.blackId;
    boards[indexB]!.blackId = blackA;
    description = `Re-paired boards ${body.boardA} and ${body.boardB} of Round ${number}`;
  }

  const changed = boards.filter((board, index) => {
    const before = roundMatches[index]!;
    return board.whiteId !== before.whitePlayerId || board.blackId !== before.blackPlayerId;
  });
  const isByeChanged = byePlayerId !== (pairingBye?.playerId ?? null);
  const warnings = manualPairingWarnings(tournamentState, number, changed, isByeChanged ? byePlayerId : null);
  const acceptWarnings = body.acceptWarnings ?? false;
  if (warnings.length > 0 && !acceptWarnings) {
    return {
      ...detail(tournamentState, number),
      applied: false,
      message: 'This change breaks pairing rules: confirm to save it anyway',
      warnings,
    };
  }

  const changedBoards = new Set(changed.map((board) => board.board));
  const manualNotes = warnings.length > 0 ? changed.map((b) => `Board ${b.board} paired by the arbiter`) : [];
  const notes = [
    ...round.pairingNotes.filter((note) => {
      const board = boardOfPublicNote(note);
      return board === null || !changedBoards.has(board);
    }),
    ...manualNotes,
  ];
  await db.transaction(async (tx) => {
    const locked = await repo.lockRound(tx, round.id);
    if (!locked || isStarted(locked)) throw new HttpError(409, ROUND_MESSAGES.notUpcoming(number));
    // The change was computed from the boards read before the lock: refuse it if another arbiter moved them.
    const stored = await repo.roundPairings(tx, round.id);
    const isSame =
      stored.boards.length === roundMatches.length &&
      stored.boards.every(
        (board, index) =>
          board.boardNumber === roundMatches[index]!.boardNumber &&
          board.whitePlayerId === roundMatches[index]!.whitePlayerId &&
          board.blackPlayerId === roundMatches[index]!.blackPlayerId,
      ) &&
      stored.byePlayerId === (pairingBye?.playerId ?? null);
    if (!isSame) throw new HttpError(409, ROUND_MESSAGES.changedMeanwhile);
    for (const board of changed) {
      await tx
        .update(matches)
        .set({ whitePlayerId: board.whiteId, blackPlayerId: board.blackId, updatedAt: deps.now() })
        .where(and(eq(matches.roundId, round.id), eq(matches.boardNumber, board.board)));
    }
    if (isByeChanged && pairingBye && byePlayerId) {
      await tx.update(roundByes).set({ playerId: byePlayerId }).where(eq(roundByes.id, pairingBye.id));
    }
    await tx
      .update(rounds)
      .set({ pairingNotes: notes, updatedAt: deps.now() })
      .where(eq(rounds.id, round.id));
    await deps.audit.logChange(
      tx,
      context,
      'change_pairings',
      warnings.length > 0 ? `${description} (accepted: ${warnings.join('; ')})` : description,
      { roundNumber: number, change: body, warnings },
    );
  });
  const fresh = await loadState(db);
  return { ...detail(stateOf(fresh), number), applied: true, message: ROUND_MESSAGES.swapped, warnings };
}

export async function startRound(
  deps: RoundDeps,
  context: AuditContext,
  number: number,
): Promise<{ message: string; round: AdminRoundSummary }> {
  const { db } = deps;
  const { state, round } = await loadRound(db, number);
  assertAllowed(canStart(stateOf(state), number), number, 'start');

  const startTime = deps.now();
  const fresh = await db.transaction(async (tx) => {
    const locked = await repo.lockRound(tx, round.id);
    if (!locked || isStarted(locked)) {
      throw new HttpError(409, ROUND_MESSAGES.notStartable(number, locked ? lower(locked) : 'gone'));
    }
    const [updated] = await tx
      .update(rounds)
      .set({ status: 'active', startTime, updatedAt: startTime })
      .where(eq(rounds.id, round.id))
      .returning();
    await tx
      .update(tournaments)
      .set({ currentRound: number, updatedAt: startTime })
      .where(eq(tournaments.id, state.tournament.id));
    await deps.audit.logChange(tx, context, 'start_round', `Started Round ${number}`, {
      roundNumber: number,
      roundId: round.id,
      startTime: startTime.toISOString(),
    });
    return withRound(
      { ...state, tournament: { ...state.tournament, currentRound: number } },
      updated ?? round,
    );
  });
  sendRoundMails(deps, fresh.state, fresh.round, 'round_started');
  return { message: ROUND_MESSAGES.started(number), round: summaryOf(fresh.state, fresh.round) };
}

/** The boards of a round still without a result, each saying whether players reported one (ADR 040). */
async function openBoards(db: Db, state: State, round: RoundRow) {
  const reported = await reportedMatchIds(db, state.tournament.id);
  return state.matches
    .filter((match) => match.roundId === round.id && match.result === null)
    .sort((a, b) => a.boardNumber - b.boardNumber)
    .map((match) => ({
      path: `boards.${match.boardNumber}`,
      message: reported.has(match.id)
        ? ROUND_MESSAGES.boardReported(match.boardNumber)
        : ROUND_MESSAGES.boardOpen(match.boardNumber),
    }));
}

export async function completeRound(
  deps: RoundDeps,
  context: AuditContext,
  number: number,
): Promise<{ message: string; round: AdminRoundSummary }> {
  const { db } = deps;
  const { state, round } = await loadRound(db, number);
  const answer = canComplete(stateOf(state), number);
  if (!answer.ok && answer.reason === 'unfinished_games') {
    throw new HttpError(409, ROUND_MESSAGES.unfinished, undefined, await openBoards(db, state, round));
  }
  assertAllowed(answer, number, 'complete');
  const endTime = deps.now();
  const fresh = await db.transaction(async (tx) => {
    const locked = await repo.lockRound(tx, round.id);
    if (!locked || !isInProgress(locked)) {
      throw new HttpError(409, ROUND_MESSAGES.notActive(number, locked ? lower(locked) : 'gone'));
    }
    // Checked again under the lock: a result cleared meanwhile keeps the round open.
    const open = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.roundId, round.id), eq(matches.completed, false)))
      .limit(1);
    if (open.length > 0) throw new HttpError(409, ROUND_MESSAGES.unfinished);
    const [updated] = await tx
      .update(rounds)
      .set({ status: 'completed', endTime, updatedAt: endTime })
      .where(eq(rounds.id, round.id))
      .returning();
    await deps.audit.logChange(tx, context, 'complete_round', `Completed Round ${number}`, {
      roundNumber: number,
      roundId: round.id,
      endTime: endTime.toISOString(),
    });
    return withRound(state, updated ?? round);
  });
  sendRoundMails(deps, fresh.state, fresh.round, 'round_completed');
  return { message: ROUND_MESSAGES.completed(number), round: summaryOf(fresh.state, fresh.round) };
}

/**
 * docs/requirements.md §7 trigger-notification: mails the players with an account who opted in. In the background: a slow or
 * failing mail server never delays or fails the arbiter's request; failures are logged.
 */
function sendRoundMails(
  deps: RoundDeps,
  state: State,
  round: RoundRow,
  eventType: 'round_started' | 'round_completed',
): void {
  const trigger = {
    eventType,
    round_id: round.id,
    round_number: round.number,
    tournament_name: state.tournament.name,
    ...(eventType === 'round_started'
      ? { start_time: round.startTime?.toISOString() ?? null }
      : { end_time: round.endTime?.toISOString() ?? null }),
  };
  const byId = new Map(state.players.map((player) => [player.id, player]));
  const assignmentOf = (playerId: string): string | null => {
    const match = state.matches.find(
      (m) => m.roundId === round.id && (m.whitePlayerId === playerId || m.blackPlayerId === playerId),
    );
    if (match) {
      const isWhite = match.whitePlayerId === playerId;
      const opponent = byId.get(isWhite ? match.blackPlayerId : match.whitePlayerId)?.name ?? 'Unknown';
      return `board ${match.boardNumber} with ${isWhite ? 'white' : 'black'} against ${opponent}`;
    }
    return state.byes.some((bye) => bye.roundId === round.id && bye.playerId === playerId)
      ? 'a bye this round'
      : null;
  };
  const work = async () => {
    const recipients = await repo.roundMailRecipients(deps.db, state.tournament.id);
    const results = await Promise.allSettled(
      recipients.map((recipient) =>
        deps.mailer.send(
          eventType === 'round_started'
            ? roundStartedMail({
                to: recipient.email,
                name: recipient.name,
                tournamentName: state.tournament.name,
                roundNumber: round.number,
                assignment: assignmentOf(recipient.playerId),
                url: `${deps.publicUrl}/player-lookup`,
              })
            : roundCompletedMail({
                to: recipient.email,
                name: recipient.name,
                tournamentName: state.tournament.name,
                roundNumber: round.number,
                url: `${deps.publicUrl}/leaderboard`,
              }),
        ),
      ),
    );
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) {
      deps.logger.warn(
        { trigger, failed: failed.length, err: (failed[0] as PromiseRejectedResult).reason },
        'some round notification mails failed',
      );
    }
    deps.logger.info({ trigger, sent: results.length - failed.length }, 'round notification');
  };
  void work().catch((error: unknown) =>
    deps.logger.warn({ err: error, trigger }, 'round notification failed'),
  );
}

export async function changeRoundCount(
  deps: RoundDeps,
  context: AuditContext,
  body: RoundCountBody,
): Promise<RoundCountResponse> {
  const { db } = deps;
  const state = await loadState(db);
  const target = body.totalRounds;
  const highest = Math.max(0, ...state.rounds.map((round) => round.number));
  const now = deps.now();

  if (target >= highest) {
    const added = Array.from({ length: target - highest }, (_, index) => highest + index + 1);
    if (added.length === 0 && state.tournament.totalRounds === target) {
      return {
        applied: true,
        message: ROUND_MESSAGES.roundsUnchanged(target),
        totalRounds: target,
        deleted: [],
      };
    }
    await db.transaction(async (tx) => {
      if (added.length > 0) {
        await tx.insert(rounds).values(
          added.map((number) => ({
            tournamentId: state.tournament.id,
            number,
            status: 'upcoming' as const,
          })),
        );
      }
      await tx
        .update(tournaments)
        .set({ totalRounds: target, updatedAt: now })
        .where(eq(tournaments.id, state.tournament.id));
      await deps.audit.logChange(
        tx,
        context,
        'change_round_count',
        `Round count raised to ${target}${added.length > 0 ? ` (added ${added.map((n) => `Round ${n}`).join(', ')})` : ''}`,
        { from: highest, to: target, added },
      );
    });
    return { applied: true, message: ROUND_MESSAGES.roundsChanged(target), totalRounds: target, deleted: [] };
  }

  const doomed = state.rounds.filter((round) => round.number > target).sort((a, b) => a.number - b.number);
  const started = doomed.filter((round) => !canDeleteRound(round)).at(-1);
  if (started) throw new HttpError(409, ROUND_MESSAGES.cannotDeleteStarted(started.number, lower(started)));
  const deleted = doomed.map((round) => ({
    number: round.number,
    boards: state.matches.filter((match) => match.roundId === round.id).length,
    byes: state.byes.filter((bye) => bye.roundId === round.id).length,
  }));
  const describe = deleted
    .map(
      (round) => `Round ${round.number} (${countOf(round.boards, 'board')}, ${countOf(round.byes, 'bye')})`,
    )
    .join(', ');
  if (!body.confirm) {
    return {
      applied: false,
      message: `Lowering to ${countOf(target, 'round')} deletes ${describe}. Confirm to delete them.`,
      totalRounds: state.tournament.totalRounds,
      deleted,
    };
  }
  await db.transaction(async (tx) => {
    for (const round of doomed) {
      const locked = await repo.lockRound(tx, round.id);
      if (locked && !canDeleteRound(locked)) {
        throw new HttpError(409, ROUND_MESSAGES.cannotDeleteStarted(locked.number, lower(locked)));
      }
    }
    await repo.deleteRounds(
      tx,
      doomed.map((round) => round.id),
    );
    await tx
      .update(tournaments)
      .set({
        totalRounds: target,
        currentRound: Math.min(state.tournament.currentRound, target),
        updatedAt: now,
      })
      .where(eq(tournaments.id, state.tournament.id));
    await deps.audit.logChange(
      tx,
      context,
      'change_round_count',
      `Round count lowered to ${target}: deleted ${describe}`,
      { from: highest, to: target, deleted },
    );
  });
  return { applied: true, message: ROUND_MESSAGES.roundsChanged(target), totalRounds: target, deleted };
}
