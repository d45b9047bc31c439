import { UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PlayerDashboard } from '../../../contracts/player-dashboard';
import { pointsText } from '../../../domain/plural';
import { formatPoints } from '../../../domain/scoring/results';
import { LoadError } from '../../components/load-error';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { playerLookupHref } from '../../lib/format';
import { PlayerBadge } from '../player-lookup/player-badge';
import { CurrentRound, History } from '../player-lookup/player-result-card';
import { nextBoardStatus, rankText, recordText } from './dashboard-text';
import { PlayerDashboardGuard } from './player-dashboard-guard';
import { usePlayerDashboard } from './queries';

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-muted">{label}</h3>
      <p className="font-display text-3xl font-bold text-fg">{value}</p>
      {detail ? <p className="text-sm text-muted">{detail}</p> : null}
    </Card>
  );
}

function Dashboard({
  player,
  currentRound,
  totalRounds,
}: {
  player: PlayerDashboard;
  currentRound: number;
  totalRounds: number;
}) {
  const rank = rankText(player.rank, player.rankedPlayers);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="next-board">
        <h2 id="next-board" className="mb-1 font-display text-2xl font-bold text-fg">
          Your board
        </h2>
        <p className="mb-3 text-sm text-muted">
          {nextBoardStatus(currentRound, player.currentRoundStatus, totalRounds)}
        </p>
        <CurrentRound round={player.current} />
      </section>

      <section aria-labelledby="standing" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <h2 id="standing" className="sr-only">
          Your standing
        </h2>
        <Stat label="Points" value={formatPoints(player.halfPoints)} detail={recordText(player)} />
        <Stat
          label="Standing"
          value={rank ?? '–'}
          detail={rank ? 'Points first, then the tie-breaks' : 'Rankings are not shown at the moment.'}
        />
        {player.team ? (
          <Stat
            label="Team"
            value={player.team.team}
            detail={`${player.team.school} · ${pointsText(player.team.halfPoints)}${
              player.team.rank === null ? '' : ` · ${rankText(player.team.rank, player.team.teamCount)}`
            }`}
          />
        ) : (
          <Stat label="Team" value="No Group" />
        )}
      </section>

      <section aria-labelledby="results">
        <h2 id="results" className="mb-3 font-display text-2xl font-bold text-fg">
          Your results
        </h2>
        <History rounds={player.history} name={player.name} />
      </section>

      <div className="flex flex-wrap items-start gap-4">
        <ButtonLink to={playerLookupHref(player.name)} variant="secondary">
          Open my public lookup page
        </ButtonLink>
        <PlayerBadge name={player.name} />
      </div>
    </div>
  );
}

/** /player-dashboard: the signed-in player's next board, results, standing and team. */
export function PlayerDashboardPage() {
  const { data, error, isPending, refetch, isFetching } = usePlayerDashboard();
  const player = data?.player ?? null;
  let body: ReactNode;
  if (isPending) body = <Spinner label="Loading tournament data..." />;
  else if (error) body = <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;
  else if (!data.tournament) {
    body = (
      <Notice icon={UserRoundX} title="No tournament is running" role="status">
        <p>Your board and results appear here once the tournament starts.</p>
      </Notice>
    );
  } else if (!player) {
    body = (
      <Notice icon={UserRoundX} title="Your account is not linked to a player" role="status">
        <p>{`Ask the organisers to link your account to your entry in ${data.tournament.name}. Until then, find your board with Player Lookup.`}</p>
        <ButtonLink to="/player-lookup" variant="secondary" className="mt-4">
          Player Lookup
        </ButtonLink>
      </Notice>
    );
  } else {
    body = (
      <Dashboard
        player={player}
        currentRound={data.tournament.currentRound}
        totalRounds={data.tournament.totalRounds}
      />
    );
  }
  return (
    <>
      <PageHeader eyebrow={data?.tournament?.name ?? 'My tournament'} title="Player Dashboard">
        {player
          ? `${player.name}${player.groupName ? ` · ${player.groupName}` : ''}`
          : 'Your next board, your results and your standing, updated live.'}
      </PageHeader>
      <Container className="py-8 sm:py-12">{body}</Container>
    </>
  );
}

/** The page behind its setting: players are refused while the player dashboard is closed to them. */
export function GuardedPlayerDashboardPage() {
  return (
    <PlayerDashboardGuard>
      <PlayerDashboardPage />
    </PlayerDashboardGuard>
  );
}
