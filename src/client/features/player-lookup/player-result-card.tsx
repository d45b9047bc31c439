import { useId } from 'react';
import { WITHDRAWN_TAG } from '../../../contracts/leaderboard';
import type { PlayerLookupEntry, PlayerRound } from '../../../contracts/player-lookup';
import { COLOUR_LABELS, formatPoints } from '../../../domain/scoring/results';
import { PlayerLink } from '../../components/player-link';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { FollowButton } from '../follows/follow-button';
import { ColourSwatch } from '../tournament/board-views';
import { PlayerBadge } from './player-badge';
import { RoundOutcome } from './round-outcome';

function Colour({ colour }: { colour: PlayerRound['colour'] }) {
  if (!colour) return <span className="text-muted">–</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <ColourSwatch colour={colour} />
      {COLOUR_LABELS[colour]}
    </span>
  );
}

export function CurrentRound({ round }: { round: PlayerRound | null }) {
  if (!round) {
    return (
      <p className="rounded-xl bg-surface-muted p-4 text-sm text-muted">
        Not paired in the current round yet.
      </p>
    );
  }
  return (
    <div className="rounded-2xl border-2 border-primary/40 bg-surface-muted p-4">
      <h3 className="text-sm font-semibold uppercase tracking-widest text-accent-text">
        Round {round.roundNumber} · now
      </h3>
      {round.bye ? (
        <p className="mt-2 flex items-center gap-2 text-fg">
          No game this round: <RoundOutcome round={round} />
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-xs font-semibold uppercase text-muted">Board</dt>
            <dd className="font-display text-3xl font-bold text-fg">{round.board ?? '–'}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-muted">Colour</dt>
            <dd className="mt-2 font-semibold text-fg">
              <Colour colour={round.colour} />
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs font-semibold uppercase text-muted">Opponent</dt>
            <dd className="mt-2">
              <PlayerLink player={round.opponent} />
              {round.opponent?.groupName ? (
                <span className="block text-xs text-muted">{round.opponent.groupName}</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-muted">Result</dt>
            <dd className="mt-2">
              <RoundOutcome round={round} />
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}

export function History({ rounds, name }: { rounds: PlayerRound[]; name: string }) {
  if (rounds.length === 0) return <p className="text-sm text-muted">No earlier rounds yet.</p>;
  return (
    <div className="overflow-hidden rounded-2xl border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{`Round by round results of ${name}`}</caption>
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-2 py-2.5 sm:px-3">
              Round
            </th>
            <th scope="col" className="hidden px-2 py-2.5 sm:px-3 sm:table-cell">
              Board
            </th>
            <th scope="col" className="px-2 py-2.5 sm:px-3">
              Opponent
            </th>
            <th scope="col" className="px-2 py-2.5 sm:px-3">
              Result
            </th>
            <th scope="col" className="hidden px-2 py-2.5 sm:px-3 text-right sm:table-cell">
              Points
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rounds.map((round) => (
            <tr key={round.roundNumber}>
              <th scope="row" className="px-2 py-3 sm:px-3 font-semibold text-fg">
                {round.roundNumber}
              </th>
              <td className="hidden px-2 py-3 sm:px-3 text-muted sm:table-cell">{round.board ?? '–'}</td>
              <td className="px-2 py-3 sm:px-3">
                {round.bye ? (
                  <span className="text-muted">No opponent</span>
                ) : (
                  <>
                    <PlayerLink player={round.opponent} />
                    <span className="mt-0.5 flex items-center gap-1 text-xs text-muted">
                      <span>as</span> <Colour colour={round.colour} />
                    </span>
                  </>
                )}
              </td>
              <td className="px-2 py-3 sm:px-3">
                <RoundOutcome round={round} />
              </td>
              <td className="hidden px-2 py-3 sm:px-3 text-right font-semibold tabular-nums text-fg sm:table-cell">
                {round.halfPoints === null ? '–' : formatPoints(round.halfPoints)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PlayerResultCard({ player }: { player: PlayerLookupEntry }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={titleId} className="font-display text-2xl font-bold text-fg">
              {player.name}
            </h2>
            {player.followKey ? (
              <FollowButton target={{ kind: 'player', key: player.followKey }} name={player.name} />
            ) : null}
          </div>
          <p className="text-muted">
            {player.groupName ?? 'No Group'}
            {player.section ? ` · ${player.section}` : ''}
            {player.rating ? ` · Rating ${player.rating}` : ''}
            {player.withdrawn ? <Badge className="ml-2">{WITHDRAWN_TAG}</Badge> : null}
          </p>
        </div>
        <dl className="flex gap-6 text-right">
          {player.rank !== null ? (
            <div>
              <dt className="text-xs font-semibold uppercase text-muted">
                {player.section ? `Rank in ${player.section}` : 'Rank'}
              </dt>
              <dd className="font-display text-2xl font-bold text-fg">{player.rank}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-xs font-semibold uppercase text-muted">Points</dt>
            <dd className="font-display text-2xl font-bold text-fg">{formatPoints(player.halfPoints)}</dd>
          </div>
        </dl>
      </div>
      <CurrentRound round={player.current} />
      <div>
        <h3 className="mb-3 font-semibold text-fg">History</h3>
        <History rounds={player.history} name={player.name} />
      </div>
      <PlayerBadge name={player.name} />
    </Card>
  );
}
