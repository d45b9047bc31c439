import { Grid3x3, Printer, School, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LeaderboardHidden } from '../../components/leaderboard-hidden';
import { LoadError } from '../../components/load-error';
import { BySection } from '../../components/sections';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { PairingsList } from '../tournament/board-views';
import { PairingNotes } from '../tournament/pairing-notes';
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
  const notes = data.pairingNotes ? (
    <PairingNotes roundNumber={data.pairingNotes.roundNumber} notes={data.pairingNotes.notes} />
  ) : null;
  if (!data.visible)
    return (
      <>
        {notes}
        <LeaderboardHidden />
      </>
    );
  const rows = view === 'players' ? data.players : data.teams;
  if (rows.length === 0)
    return (
      <>
        {notes}
        <p className="py-10 text-center text-muted">Standings appear after the first results.</p>
      </>
    );
  return (
    <>
      {notes}
      {view === 'players' ? (
        <BySection
          sections={data.sections}
          rows={data.players}
          render={(players, section) => (
            <PlayersTable
              players={players}
              heading={data.standingsHeading}
              tiebreakOrder={data.tiebreakOrder}
              section={section}
            />
          )}
        />
      ) : (
        <BySection
          sections={data.sections}
          rows={data.teams}
          render={(teams, section) => (
            <TeamsTable teams={teams} heading={data.standingsHeading} section={section} />
          )}
        />
      )}
    </>
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
      {data.round ? <PairingNotes roundNumber={data.round.number} notes={data.pairingNotes} /> : null}
      <PairingsList boards={data.boards} label={label} />
    </>
  );
}

const printLinks = [
  { to: '/print/standings', label: 'Standings' },
  { to: '/print/pairings', label: 'Pairings' },
  { to: '/print/board-cards', label: 'Board cards' },
  { to: '/print/badges', label: 'Name badges' },
];

/** Printable versions (black on white, no site header) for the notice board and the arbiters' table. */
function PrintLinks() {
  return (
    <nav aria-label="Print views" className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <span className="inline-flex items-center gap-1.5 font-semibold text-fg">
        <Printer aria-hidden="true" className="size-4" />
        Print:
      </span>
      {printLinks.map((link) => (
        <Link key={link.to} to={link.to} className="text-link underline-offset-2 hover:underline">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

export function LeaderboardPage() {
  const [view, setView] = useState<View>('players');
  const { data } = useLeaderboard();
  return (
    <>
      <PageHeader eyebrow="Live standings" title="Leaderboard">
        {data?.visible
          ? `${data.standingsHeading}. Points: a win is 1, a draw ½. Updates automatically.`
          : 'Player and school standings, updated automatically as results come in.'}
      </PageHeader>
      <Container className="py-8 sm:py-12">
        <Tabs label="Leaderboard views" tabs={tabs} selected={view} onSelect={setView}>
          {view === 'round' ? <CurrentRoundBoards /> : <Standings view={view} />}
        </Tabs>
        <PrintLinks />
      </Container>
    </>
  );
}
