import { CalendarDays, MapPin, Timer, Users } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_TEAM_PRICE_CENTS } from '../../../contracts/settings';
import type { TournamentSummary } from '../../../contracts/tournament';
import { countOf } from '../../../domain/plural';
import { LoadError } from '../../components/load-error';
import { RichHtml } from '../../components/rich-html';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Prose } from '../../components/ui/prose';
import { Spinner } from '../../components/ui/spinner';
import { formatDateRange, formatEuroCents } from '../../lib/format';
import { useRegistrationSettings } from '../registrations/queries';
import { useImportantInformation } from '../site-content/queries';
import { useTournament } from '../tournament/queries';
import { RoundScheduleTable } from '../tournament/round-schedule-table';

function Facts({ tournament, players }: { tournament: TournamentSummary; players: number | null }) {
  const facts = [
    { icon: MapPin, label: 'Venue', value: tournament.venue ?? 'To be announced' },
    {
      icon: CalendarDays,
      label: 'Dates',
      value: formatDateRange(tournament.startDate, tournament.endDate) || 'To be announced',
    },
    { icon: Timer, label: 'Rounds', value: `${countOf(tournament.totalRounds, 'round')}, Swiss system` },
    { icon: Users, label: 'Players', value: players === null ? '–' : `${players} registered players` },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {facts.map(({ icon: Icon, label, value }) => (
        <Card key={label}>
          <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {label}
          </dt>
          <dd className="mt-1 font-semibold text-fg">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

function Rules({ teamPrice }: { teamPrice: string }) {
  return (
    <Card>
      <Prose>
        <h2>How the tournament works</h2>
        <ul>
          <li>Schools enter teams of exactly 4 players; a school may enter several teams (A, B, …).</li>
          <li>
            Swiss system: each round you play someone on a similar score. You never meet a player from your
            own school, and never the same opponent twice.
          </li>
          <li>A win scores 1 point, a draw ½ and a loss 0. A player left without a partner gets a bye.</li>
          <li>
            Ties on points are broken by rating. School standings add up the points of each team's players.
          </li>
        </ul>
        <h2>On the day</h2>
        <ul>
          <li>Check in at the desk before the first round; player names can be changed at check-in.</li>
          <li>
            Find your board and colour on the <Link to="/player-lookup">player lookup</Link> as soon as each
            round is paired.
          </li>
          <li>Report your result to the arbiter at the end of your game. Phones stay off at the board.</li>
        </ul>
        <h2>Entry and eligibility</h2>
        <ul>
          <li>
            The entry fee is {teamPrice} per team, paid in euro by card; pay now or later from your account.
          </li>
          <li>Players must be 13 or older; under-18s need a parent's or guardian's consent.</li>
          <li>Fees are non-refundable, except where the law requires it or the organisers cancel.</li>
        </ul>
        <p>
          See the <Link to="/registration-guide">registration guide</Link> and our{' '}
          <Link to="/privacy">terms and privacy policy</Link> for details.
        </p>
      </Prose>
    </Card>
  );
}

/** The organisers' own text when they have written one (rich text, ADR 021), else the built-in rules. */
function ImportantInformationText({ teamPrice }: { teamPrice: string }) {
  const { data } = useImportantInformation();
  if (!data?.html) return <Rules teamPrice={teamPrice} />;
  return (
    <Card>
      <RichHtml html={data.html} />
    </Card>
  );
}

/** /important-information, labelled '2025 Tournament' in the navigation. */
export function ImportantInformationPage() {
  const { data, error, isPending, refetch, isFetching } = useTournament();
  const registration = useRegistrationSettings();
  const teamPrice = formatEuroCents(registration.data?.team_price ?? DEFAULT_TEAM_PRICE_CENTS);
  return (
    <>
      <PageHeader eyebrow="Important information" title="2025 Tournament">
        {data?.tournament ? data.tournament.name : 'Venue, schedule, rules and what to expect on the day.'}
      </PageHeader>
      <Container className="flex flex-col gap-10 py-10 sm:py-14">
        {isPending ? (
          <Spinner label="Loading tournament data..." />
        ) : error ? (
          <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : data.tournament ? (
          <>
            <Facts tournament={data.tournament} players={data.stats?.totalPlayers ?? null} />
            {data.tournament.description ? (
              <p className="max-w-3xl text-lg text-muted">{data.tournament.description}</p>
            ) : null}
            <section aria-labelledby="schedule-title">
              <h2 id="schedule-title" className="mb-4 font-display text-2xl font-bold text-fg">
                Round schedule
              </h2>
              <RoundScheduleTable rounds={data.tournament.rounds} />
            </section>
          </>
        ) : (
          <Card>
            <p className="text-muted">
              The details of the next tournament (venue, dates and schedule) will be published here soon.
            </p>
          </Card>
        )}
        <ImportantInformationText teamPrice={teamPrice} />
      </Container>
    </>
  );
}
