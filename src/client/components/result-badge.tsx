import { GAME_STATE_LABELS } from '../../contracts/round-status';
import type { MatchResult } from '../../domain/scoring/results';
import { formatResult } from '../../domain/scoring/results';
import { Badge, type BadgeTone } from './ui/badge';

const descriptions: Record<MatchResult, string> = {
  white: 'White won',
  black: 'Black won',
  draw: 'Draw',
  white_forfeit_win: 'White won by forfeit',
  black_forfeit_win: 'Black won by forfeit',
  double_forfeit: 'Double forfeit',
};

/** From white's viewpoint (docs/requirements.md §4): null in progress, draw, white win, anything else a loss. */
function toneFor(result: MatchResult | null): BadgeTone {
  if (result === null) return 'live';
  if (result === 'draw') return 'draw';
  if (result === 'white' || result === 'white_forfeit_win') return 'win';
  return 'loss';
}

/**
 * A match result as text ("1-0", "½-½", "In progress", "Not started", "Reported") with colour as a second cue only. A game
 * without a result is in progress only once its round has started (the server says so: Board.isStarted).
 */
export function ResultBadge({
  result,
  isStarted = true,
  isReported = false,
}: {
  result: MatchResult | null;
  isStarted?: boolean;
  /** Players reported a result that is not confirmed yet (ADR 040): never shown as a final score. */
  isReported?: boolean | undefined;
}) {
  if (result === null && !isStarted) return <Badge tone="neutral">{GAME_STATE_LABELS.notStarted}</Badge>;
  if (result === null && isReported) return <Badge tone="accent">{GAME_STATE_LABELS.reported}</Badge>;
  if (result === null) {
    return (
      <Badge tone="live">
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
        {GAME_STATE_LABELS.inProgress}
      </Badge>
    );
  }
  return (
    <Badge tone={toneFor(result)}>
      <span aria-hidden="true">{formatResult(result)}</span>
      <span className="sr-only">{`${formatResult(result)}, ${descriptions[result]}`}</span>
    </Badge>
  );
}
