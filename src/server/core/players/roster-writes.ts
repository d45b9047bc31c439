import { and, eq, inArray } from 'drizzle-orm';
import { PLAYER_MESSAGES } from '../../../contracts/player-management';
import { acceptsByeRequest, isPaired, isStarted, type TournamentState } from '../../../domain/tournament';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { players, roundByes, rounds } from '../../db/schema/tournaments';
import { HttpError } from '../../http/errors';
import type { TournamentRow } from '../tournament/active-tournament';
import { loadTournamentState } from '../tournament/tournament-state.loader';
import { type PlayerRow, type RoundRow, resolveTournament } from './player-records';

/**
 * The writes behind a pupil's requested byes and withdrawal, shared by staff (player-management) and the
 * school's teacher (roster-changes): the same locks and rows whoever asks. What each may ask for is decided
 * by its feature (staff: anything the round lifecycle allows; teachers: the roster rules of
 * src/domain/roster-changes.ts).
 */

export type ByeKind = 'half' | 'full' | 'zero';

/** What a refused round says, by who asked: staff are told what to do in the admin area, teachers whom to ask. */
export interface OpenRoundRefusals {
  notFound: (round: number) => string;
  started: (round: number) => string;
  paired: (round: number) => string;
}

const STAFF_REFUSALS: OpenRoundRefusals = {
  notFound: PLAYER_MESSAGES.roundNotFound,
  started: PLAYER_MESSAGES.byeRoundNotUpcoming,
  paired: PLAYER_MESSAGES.byeRoundPaired,
};

/**
 * The round a requested bye is for, locked for the caller's transaction and refused unless it is upcoming and
 * has no pairings yet. Pairing a round takes the same lock, so a bye is never added to a round that is being
 * paired (the player would have a board and a bye). Returns the state as read under the lock.
 */
export async function lockOpenRound(
  tx: Db | Tx,
  tournamentId: string,
  roundNumber: number,
  refusals: OpenRoundRefusals = STAFF_REFUSALS,
): Promise<{ round: RoundRow; state: TournamentState }> {
  const [round] = await tx
    .select()
    .from(rounds)
    .where(and(eq(rounds.tournamentId, tournamentId), eq(rounds.number, roundNumber)))
    .for('update');
  if (!round) throw new HttpError(400, refusals.notFound(roundNumber));
  if (isStarted(round)) throw new HttpError(409, refusals.started(roundNumber));
  const state = await loadTournamentState(tx as Db, await resolveTournament(tx as Db, tournamentId));
  if (isPaired(state, round.id)) throw new HttpError(409, refusals.paired(roundNumber));
  return { round, state };
}

/**
 * The state read under the lock of the first round not paired yet (when there is one), so that round's pairing
 * never races a change made in the caller's transaction.
 */
export async function lockNextOpenRound(
  tx: Db | Tx,
  tournament: TournamentRow,
  refusals: OpenRoundRefusals = STAFF_REFUSALS,
): Promise<TournamentState> {
  const state = await loadTournamentState(tx as Db, tournament);
  const next = openRounds(state)[0];
  return next ? (await lockOpenRound(tx, tournament.id, next.number, refusals)).state : state;
}

/** Records (or changes the kind of) a requested bye in a round `lockOpenRound` returned. */
export async function putBye(tx: Tx, round: RoundRow, playerId: string, kind: ByeKind): Promise<void> {
  await tx
    .insert(roundByes)
    .values({
      tournamentId: round.tournamentId,
      roundId: round.id,
      roundNumber: round.number,
      playerId,
      kind,
    })
    .onConflictDoUpdate({ target: [roundByes.roundId, roundByes.playerId], set: { kind } });
}

/** Removes a requested bye; the kind it had, or null when there was none. */
export async function deleteBye(tx: Tx, round: RoundRow, playerId: string): Promise<string | null> {
  const removed = await tx
    .delete(roundByes)
    .where(and(eq(roundByes.roundId, round.id), eq(roundByes.playerId, playerId)))
    .returning({ kind: roundByes.kind });
  return removed[0]?.kind ?? null;
}

/** The rounds whose requested byes may still change (not paired, not started), in order. */
export function openRounds(state: TournamentState) {
  return state.rounds.filter((round) => acceptsByeRequest(state, round)).sort((a, b) => a.number - b.number);
}

/**
 * Withdraws a player: kept with their results, never paired again. Byes they requested for rounds not paired
 * yet go with it (a withdrawn player scores nothing more); `withdrawnFromRound` records the first of those
 * rounds, until whose pairing the school's teacher may undo it.
 */
export async function writeWithdrawal(tx: Tx, player: PlayerRow, state: TournamentState): Promise<void> {
  const open = openRounds(state);
  const fromRound = open[0]?.number ?? null;
  await tx
    .update(players)
    .set({ active: false, withdrawnFromRound: fromRound, updatedAt: new Date() })
    .where(eq(players.id, player.id));
  if (open.length > 0) {
    await tx.delete(roundByes).where(
      and(
        eq(roundByes.playerId, player.id),
        inArray(
          roundByes.roundId,
          open.map((round) => round.id),
        ),
      ),
    );
  }
}

/** Brings a withdrawn player back: paired again from the next round paired. */
export async function writeReturn(tx: Tx, player: PlayerRow): Promise<void> {
  await tx
    .update(players)
    .set({ active: true, withdrawnFromRound: null, updatedAt: new Date() })
    .where(eq(players.id, player.id));
}
