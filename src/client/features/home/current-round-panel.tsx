import { ArrowRight, Grid3x3 } from 'lucide-react';
import { Link } from 'react-router';
import { ROUND_PHASE_LABELS } from '../../../contracts/round-status';
import type { CurrentRoundResponse } from '../../../contracts/tournament';
import { roundPhase } from '../../../domain/tournament/rounds';
import { PlayerLink } from '../../components/player-link';
import { roundStartText } from '../../components/round-label';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Notice } from '../../components/ui/notice';
import { BoardCard, PairingsList } from '../tournament/board-views';

/** Boards listed in the panel itself; the rest are one click away ('View All Matches'). */
const LISTED_BOARDS = 8;

/** `sampleBoards`: the boards of the random sample, picked by the server once per data change. */
export function CurrentRoundPanel({
  currentRound,
  sampleBoards,
}: {
  currentRound: CurrentRoundResponse;
  sampleBoards: readonly number[];
}) {
  const { round, boards, byes } = currentRound;
  const sample = sampleBoards.flatMap((number) => boards.filter((board) => board.board === number));
  const listed = boards.slice(0, LISTED_BOARDS);
  const startText = round ? roundStartText(round) : null;

  return (
    <Card role="region" aria-labelledby="current-round-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="current-round-title" className="font-display text-xl font-bold text-fg">
            Current Round
          </h2>
          {round ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
              <span className="font-semibold text-fg">Round {round.number}</span>
              <Badge tone={round.status === 'active' ? 'live' : 'neutral'}>
                {ROUND_PHASE_LABELS[roundPhase(round)]}
              </Badge>
              {startText ? <span>{startText}</span> : null}
            </p>
          ) : null}
        </div>
        <Link
          to="/leaderboard"
          className="inline-flex items-center gap-1 text-sm font-semibold text-link hover:underline"
        >
          View All Matches
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>

      {boards.length === 0 ? (
        <Notice icon={Grid3x3} title="No matches in progress" role="status">
          <p>Pairings for the next round will appear here.</p>
        </Notice>
      ) : (
        <>
          <div>
            <h3 className="mb-3 text-sm font-semibold uppercase tracking-widest text-accent-text">
              Boards to watch
            </h3>
            <div className="grid gap-3 md:grid-cols-3">
              {sample.map((board) => (
                <BoardCard key={board.board} board={board} heading={`Board ${board.board}`} />
              ))}
            </div>
          </div>
          <div>
            <h3 className="mb-3 text-sm font-semibold uppercase tracking-widest text-accent-text">
              Top boards
            </h3>
            <PairingsList boards={listed} label={round ? `Round ${round.number} boards` : 'Boards'} />
            {boards.length > listed.length ? (
              <p className="mt-3 text-sm text-muted">
                and {boards.length - listed.length} more boards on the{' '}
                <Link to="/leaderboard" className="font-medium text-link underline">
                  leaderboard page
                </Link>
                .
              </p>
            ) : null}
          </div>
          {byes.length > 0 ? (
            <p className="text-sm text-muted">
              <span className="font-semibold text-fg">Bye this round: </span>
              {byes.map((bye, index) => (
                <span key={bye.player.name}>
                  {index > 0 ? ', ' : ''}
                  <PlayerLink player={bye.player} />
                </span>
              ))}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
