import type { PlayerDashboard } from '../../../contracts/player-dashboard';
import { ROUND_PHASE_LABELS } from '../../../contracts/round-status';
import { countOf } from '../../../domain/plural';
import { roundPhase } from '../../../domain/tournament/rounds';

/** "Rank 4 of 56", or null while the leaderboard is hidden or the player has withdrawn. */
export function rankText(rank: number | null, of: number | null): string | null {
  if (rank === null) return null;
  return of === null ? `Rank ${rank}` : `Rank ${rank} of ${of}`;
}

/** "3 W · 1 D · 0 L" plus byes when there were any. */
export function recordText(player: Pick<PlayerDashboard, 'wins' | 'draws' | 'losses' | 'byes'>): string {
  const parts = [`${player.wins} W`, `${player.draws} D`, `${player.losses} L`];
  if (player.byes > 0) parts.push(countOf(player.byes, 'bye'));
  return parts.join(' · ');
}

/**
 * The heading over the next-board panel: the current round's status, and what to expect once it is over
 * ("Round 3 · In Progress", "Round 3 · Completed: your next board appears when round 4 is paired", "Round 4 ·
 * Paired · not started"): the round and phase of domain `roundNow`, as every other page says it.
 */
export function nextBoardStatus(
  roundNumber: number,
  status: PlayerDashboard['currentRoundStatus'],
  totalRounds: number,
): string {
  if (roundNumber === 0 || status === null) return 'The first round has not been paired yet.';
  const label = `Round ${roundNumber} · ${ROUND_PHASE_LABELS[roundPhase({ status })]}`;
  if (status !== 'completed') return label;
  return roundNumber >= totalRounds
    ? `${label}: that was the last round.`
    : `${label}: your next board appears when round ${roundNumber + 1} is paired.`;
}
