import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { type LeaderboardRow, WITHDRAWN_TAG } from '../../../contracts/leaderboard';
import { pointsNoun } from '../../../domain/plural';
import { formatPoints } from '../../../domain/scoring/results';
import { type TiebreakKey, tiebreakRuleText } from '../../../domain/scoring/tiebreak-keys';
import { LeaderboardHidden } from '../../components/leaderboard-hidden';
import { PlayerLink } from '../../components/player-link';
import { RankMedal } from '../../components/rank-medal';
import { Card } from '../../components/ui/card';

/**
 * docs/requirements.md §2 Leading Players: the top N of the standings, ranked by points then the tournament's
 * tie-break order (by default "points, then rating"), medals for 1–3, hidden state.
 */
export function LeadingPlayers({
  players,
  visible,
  tiebreakOrder,
}: {
  players: LeaderboardRow[];
  visible: boolean;
  /** The tournament's order: players level on points are ranked by it (explained on the leaderboard). */
  tiebreakOrder: readonly TiebreakKey[];
}) {
  return (
    <Card role="region" aria-labelledby="leading-title" className="flex flex-col">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="leading-title" className="font-display text-xl font-bold text-fg">
          Leading Players
        </h2>
        {visible ? (
          <Link
            to="/leaderboard"
            className="inline-flex items-center gap-1 text-sm font-semibold text-link hover:underline"
          >
            Full leaderboard
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
      {!visible ? (
        <LeaderboardHidden />
      ) : players.length === 0 ? (
        <p className="py-6 text-center text-muted">Rankings appear after the first results.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line">
          {players.map((player) => (
            <li key={`${player.rank}-${player.name}`} className="flex items-center gap-3 py-3">
              <RankMedal rank={player.rank} />
              <div className="min-w-0 flex-1">
                <PlayerLink player={player} className="block truncate" />
                <p className="truncate text-sm text-muted">
                  {player.groupName ?? 'No Group'}
                  {player.withdrawn ? ` · ${WITHDRAWN_TAG}` : ''}
                </p>
              </div>
              <p className="text-right">
                <span className="block font-display text-lg font-bold text-fg">
                  {formatPoints(player.halfPoints)}
                </span>
                <span className="text-xs text-muted">{pointsNoun(player.halfPoints)}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      {visible && players.length > 0 ? (
        <p className="pt-2 text-xs text-muted">{tiebreakRuleText(tiebreakOrder)}</p>
      ) : null}
      <div className="mt-auto pt-4">
        <Link
          to="/player-lookup"
          className="flex items-center justify-between gap-3 rounded-xl bg-surface-muted p-4 font-semibold text-fg no-underline hover:bg-line/60"
        >
          <span>
            Find your board
            <span className="block text-sm font-normal text-muted">Your opponent, colour and results</span>
          </span>
          <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-link" />
        </Link>
      </div>
    </Card>
  );
}
