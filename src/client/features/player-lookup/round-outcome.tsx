import { BYE_LABELS } from '../../../contracts/byes';
import type { PlayerRound } from '../../../contracts/player-lookup';
import { GAME_STATE_LABELS } from '../../../contracts/round-status';
import { Badge } from '../../components/ui/badge';

/**
 * The round's outcome for this player as text: Win, Draw, Loss, a kind of bye, or, without a result, In progress
 * once the round has started and Not started while it is only paired.
 */
export function RoundOutcome({ round }: { round: PlayerRound }) {
  if (round.bye) return <Badge tone="neutral">{BYE_LABELS[round.bye]}</Badge>;
  switch (round.outcome) {
    case 'win':
      return <Badge tone="win">Win</Badge>;
    case 'draw':
      return <Badge tone="draw">Draw</Badge>;
    case 'loss':
      return <Badge tone="loss">Loss</Badge>;
    case null:
      return round.isStarted ? (
        <Badge tone="live">{GAME_STATE_LABELS.inProgress}</Badge>
      ) : (
        <Badge tone="neutral">{GAME_STATE_LABELS.notStarted}</Badge>
      );
  }
}
