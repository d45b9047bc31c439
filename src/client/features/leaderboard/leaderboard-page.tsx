import { Grid3x3, School, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { PairingsList } from '../tournament/board-views';
import { LeaderboardHidden } from '../tournament/leaderboard-hidden';
import { LoadError } from '../tournament/load-error';
import { useCurrentRound } from '../tournament/queries';
import { PlayersTable } from './players-table';
import { useLeaderboard } from './queries';
import { TeamsTable } from './teams-table';

type View = 'players' | 'schools' | 'round';
const iconClass = 'size-4';
const tabs = [
  { key: 'players' as const, label: 'Players', icon: <Trophy aria-hidden="true" className={iconClass} /> },
  {
    key: 'schools' as const,
    label: 'School standings',
    icon: <School aria-hidden="true" className={iconClass} />,
  },
  {
    key: 'round' as const,
    label: 'Current round',
    icon: <Grid3x3 aria-hidden="true" className={iconClass} />,
  },
];

function Standings({ view }: { view: 'players' | 'schools' }) {
  const { data, error, isPending, refetch, isFetching } = useLeaderboard();
  if (isPending) return <Spinner label="Loading tournament data..." />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;
  if (!data.visible) return <LeaderboardHidden />;
  const rows = view === 'players' ? data.players : data.teams;
  if (rows.length === 0)
    return <p className="py-10 text-center text-muted">Standings appear after the first results.</p>;
  return view === 'players' ? (
    <PlayersTable players={data.players} afterRound={data.afterRound} />
  ) : (
    <TeamsTable teams={data.teams} afterRound={data.afterRound} />
  );
}

function CurrentRoundBoards() {
  const { data, error, isPending, refetch, isFetching } = useCurrentRound();
  if (isPending) return <Spinner label="Loading tournament data..." />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;
  if (data.boards.length === 0) return <p className="py-10 text-center text-muted">No matches in progress</p>;
  const label = data.round ? `Round ${data.round.number} boards` : 'Boards';
  return (
    <>
      <h2 className="mb-4 font-display text-xl font-bold text-fg">{label}</h2>
      <PairingsList boards={data.boards} label={label} />
    </>
  );
}

export function LeaderboardPage() {
  const [view, setView] = useState<View>('players');
  const { data } = useLeaderboard();
  return (
    <>
      <PageHeader eyebrow="Live standings" title="Leaderboard">
        {data?.visible && data.afterRound > 0
          ? `Standings after round ${data.afterRound}. Points: a win is 1, a draw ½. Updates automatically.`
          : 'Player and school standings, updated automatically as results come in.'}
      </PageHeader>
      <Container className="py-8 sm:py-12">
        <Tabs label="Leaderboard views" tabs={tabs} selected={view} onSelect={setView}>
          {view === 'round' ? <CurrentRoundBoards /> : <Standings view={view} />}
        </Tabs>
      </Container>
    </>
  );
}
