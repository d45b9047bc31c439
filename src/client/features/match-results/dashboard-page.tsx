import { ArrowRight, CalendarX2, CheckCircle2, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { MATCH_RESULT_MESSAGES } from '../../../contracts/match-results';
import { ROUND_STATUS_LABELS } from '../../../contracts/round-status';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { adminPagesFor } from '../admin/admin-pages';
import { useSession } from '../auth/queries';
import { ProgressBar } from './progress-bar';
import { useResultEntry } from './queries';

function CurrentRound() {
  const { data, error, isPending, refetch, isFetching } = useResultEntry('current');
  if (isPending) return <Spinner />;
  if (error) {
    return <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;
  }
  if (!data.tournament) {
    return (
      <Notice icon={Trophy} title={MATCH_RESULT_MESSAGES.noActiveTournament} role="status">
        Activate a tournament in Tournament Management to run its rounds.
      </Notice>
    );
  }
  const { round, counts } = data;
  const unfinished = data.boards.filter((board) => board.result === null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-display text-2xl font-bold text-fg">
            {round ? `Round ${round.number} of ${data.tournament.totalRounds}` : 'No round started'}
          </h2>
          {round ? (
            <Badge tone={round.status === 'active' ? 'live' : 'neutral'}>
              {ROUND_STATUS_LABELS[round.status]}
            </Badge>
          ) : null}
        </div>
        <p className="text-muted">{data.tournament.name}</p>
        {round ? (
          <>
            <p role="status" className="text-muted">
              <span className="font-display text-4xl font-bold text-fg">
                {counts.finished} / {counts.total}
              </span>{' '}
              finished
            </p>
            <ProgressBar finished={counts.finished} total={counts.total} />
            <ButtonLink to="/admin/match-results" size="lg" className="self-start">
              Enter results
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
          </>
        ) : (
          <p className="text-muted">Results can be entered once a round has been paired and started.</p>
        )}
      </Card>
      <Card className="flex min-w-0 flex-col gap-3">
        <h2 className="font-display text-xl font-bold text-fg">
          {round ? `Unfinished boards (${unfinished.length})` : 'Unfinished boards'}
        </h2>
        {!round ? (
          <Notice icon={CalendarX2} title="No round in progress" />
        ) : unfinished.length === 0 ? (
          <p className="flex items-center gap-2 text-fg">
            <CheckCircle2 aria-hidden="true" className="size-5 text-win" />
            {counts.total === 0 ? 'No boards paired yet.' : 'Every board is finished.'}
          </p>
        ) : (
          <ul
            aria-label="Unfinished boards"
            className="flex max-h-96 flex-col divide-y divide-line overflow-y-auto"
          >
            {unfinished.map((board) => (
              <li key={board.matchId}>
                <Link
                  to={`/admin/match-results?board=${board.board}`}
                  className="flex min-h-11 items-center gap-3 rounded-lg px-2 py-2 text-fg no-underline hover:bg-surface-muted"
                >
                  <span className="w-20 shrink-0 whitespace-nowrap font-semibold">{`Board ${board.board}`}</span>
                  <span className="min-w-0 truncate text-sm">
                    {board.white.name} – {board.black.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** /admin/dashboard (view_admin_result_input): the current round at a glance and the way into each admin page. */
export function DashboardPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return <Spinner />;
  const links = adminPagesFor(session.access).filter((page) => page.isAvailable && page.path !== 'dashboard');
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Dashboard">The round in progress, and where to go next.</AdminPageHeading>
      <CurrentRound />
      <section aria-labelledby="quick-links">
        <h2 id="quick-links" className="mb-3 font-display text-2xl font-bold text-fg">
          Quick links
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {links.map((page) => (
            <li key={page.path}>
              <Link
                to={`/admin/${page.path}`}
                className="flex min-h-14 items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4 font-semibold text-fg no-underline shadow-sm hover:border-primary"
              >
                {page.label}
                <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-primary" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
