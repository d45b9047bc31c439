import { CalendarDays, Clock, MapPin, MessageCircle, Users } from 'lucide-react';
import { Suspense } from 'react';
import type { HomeResponse } from '../../../contracts/home';
import type { TournamentSummary } from '../../../contracts/tournament';
import { countOf } from '../../../domain/plural';
import { LoadError } from '../../components/load-error';
import { TakeOverWhenSeen } from '../../components/take-over-when-seen';
import { Container } from '../../components/ui/container';
import { SectionHeading } from '../../components/ui/section-heading';
import { Spinner } from '../../components/ui/spinner';
import { formatDateRange } from '../../lib/format';
import { lazyNamed } from '../../lib/lazy-page';
import { RoundScheduleTable } from '../tournament/round-schedule-table';
import { EVENT_DAY_SLIDES, LAST_YEAR_SLIDES, LIVE_SLIDES } from './carousel-slides';
import { CountdownBanner } from './countdown-banner';
import { CurrentRoundPanel } from './current-round-panel';
import { Hero, type HeroFact } from './hero';
import { LazyImageCarousel as ImageCarousel } from './lazy-image-carousel';
import { LeadingPlayers } from './leading-players';
import { useHome } from './queries';
import { RecentMatches } from './recent-matches';
import { TournamentProgress } from './tournament-progress';

/** docs/requirements.md §9: the two carousels of the pre-event page. */
export const PRE_EVENT_CAROUSEL_INTERVALS_MS = [4_000, 4_500] as const;
const DEFAULT_TITLE = 'Schools Chess Tournament';

/** docs/requirements.md §1: the pre-event page's claims. */
const PRE_EVENT_CLAIMS = [
  { icon: Users, value: '350+', text: 'Over 350 people took part last year' },
  { icon: Clock, value: '5 min', text: 'Registration takes about 5 minutes' },
  { icon: MessageCircle, value: '24 h', text: 'Support replies within 24 hours' },
];

// Announcements are rich text, sanitised in the browser before they show (ADR 021): their code (the renderer and
// the sanitiser) loads with them, not with the page's first JavaScript.
const InfoSections = lazyNamed(() => import('./info-sections'), 'InfoSections');
const AnnouncementsSection = lazyNamed(() => import('./announcements-section'), 'AnnouncementsSection');

/**
 * The sections both variants end with: announcements, about, how to register, contact. Below the fold on every
 * screen, so taken over when about to be seen (issue 37).
 */
function CommonSections({ home }: { home: HomeResponse }) {
  const { settings } = home;
  return (
    <TakeOverWhenSeen>
      {settings.announcements_enabled ? (
        <Suspense fallback={<div className="min-h-48" aria-busy="true" />}>
          <AnnouncementsSection
            customAnnouncement={settings.custom_announcement}
            announcements={home.announcements}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <InfoSections home={home} />
      </Suspense>
    </TakeOverWhenSeen>
  );
}

/** The first round's start time if known, else the start date at midnight UTC. */
function tournamentStart(tournament: TournamentSummary): Date | null {
  const first = tournament.rounds.find((round) => round.startTime !== null)?.startTime;
  if (first) return new Date(first);
  return tournament.startDate ? new Date(`${tournament.startDate}T00:00:00Z`) : null;
}

function LiveHome({
  home,
}: {
  home: HomeResponse & { tournament: NonNullable<HomeResponse['tournament']> };
}) {
  const { settings, tournament, stats } = home;
  const facts: HeroFact[] = [];
  if (tournament.venue) facts.push({ icon: MapPin, label: 'Venue', value: tournament.venue });
  const dates = formatDateRange(tournament.startDate, tournament.endDate);
  if (dates) facts.push({ icon: CalendarDays, label: 'Dates', value: dates });
  if (stats) facts.push({ icon: Users, label: 'Players', value: countOf(stats.totalPlayers, 'player') });
  const showLeaders = settings.featured_players_count > 0;
  const startsAt = tournamentStart(tournament);

  return (
    <>
      <Hero
        title={settings.header_title || tournament.name}
        subtitle={settings.header_subtitle || tournament.description || ''}
        welcome={settings.welcome_message}
        facts={facts}
        registrationOpen={home.registrationOpen}
        backgroundColor={settings.hero_background_color}
        animate={settings.show_hero_animation}
      >
        {settings.show_countdown_timer && startsAt ? <CountdownBanner startsAt={startsAt} /> : null}
      </Hero>
      {settings.show_live_stats && stats ? (
        <TournamentProgress stats={stats} round={home.currentRound.round} />
      ) : null}
      {/* Below the first screen of a phone: each section is taken over when about to be seen (issue 37). */}
      <TakeOverWhenSeen>
        <section aria-label="Current round and leading players" className="pb-12 sm:pb-16">
          <Container
            className={showLeaders ? 'grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : ''}
          >
            <CurrentRoundPanel currentRound={home.currentRound} sampleBoards={home.sampleBoards} />
            {showLeaders ? (
              <LeadingPlayers
                players={home.featuredPlayers}
                visible={home.leaderboardVisible}
                tiebreakOrder={home.tiebreakOrder}
              />
            ) : null}
          </Container>
        </section>
      </TakeOverWhenSeen>
      {settings.show_recent_matches ? (
        <TakeOverWhenSeen>
          <RecentMatches matches={home.recentMatches} />
        </TakeOverWhenSeen>
      ) : null}
      <TakeOverWhenSeen>
        <section aria-labelledby="gallery-title" className="pb-12 sm:pb-16">
          <Container>
            <SectionHeading id="gallery-title" title="Tournament Day" eyebrow="On the day" />
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <ImageCarousel slides={LIVE_SLIDES} label="Tournament photos" />
              <div>
                <h3 className="mb-3 font-semibold text-fg">Round schedule</h3>
                <RoundScheduleTable rounds={tournament.rounds} />
              </div>
            </div>
          </Container>
        </section>
      </TakeOverWhenSeen>
      <CommonSections home={home} />
    </>
  );
}

function PreEventHome({ home }: { home: HomeResponse }) {
  const { settings } = home;
  return (
    <>
      <Hero
        title={settings.header_title || DEFAULT_TITLE}
        subtitle={settings.header_subtitle}
        welcome={settings.welcome_message}
        facts={[]}
        registrationOpen={home.registrationOpen}
        backgroundColor={settings.hero_background_color}
        animate={settings.show_hero_animation}
      >
        <ul className="mt-12 grid gap-3 sm:grid-cols-3">
          {PRE_EVENT_CLAIMS.map(({ icon: Icon, value, text }) => (
            <li
              key={text}
              className="flex items-center gap-4 rounded-2xl border border-white/15 bg-white/10 p-4 backdrop-blur-sm"
            >
              <Icon aria-hidden="true" className="size-7 shrink-0 text-highlight" />
              <p>
                <span className="block font-display text-2xl font-bold" aria-hidden="true">
                  {value}
                </span>
                <span className="text-sm text-on-band-muted">{text}</span>
              </p>
            </li>
          ))}
        </ul>
      </Hero>
      <section aria-labelledby="coming-title" className="py-12 sm:py-16">
        <Container>
          <SectionHeading id="coming-title" title="The next tournament is on its way" eyebrow="Coming soon">
            Pairings, live results and standings will appear here once the tournament begins. Until then, here
            is a taste of last year's event.
          </SectionHeading>
          <div className="grid gap-6 lg:grid-cols-2">
            <ImageCarousel
              slides={LAST_YEAR_SLIDES}
              label="Last year's tournament"
              intervalMs={PRE_EVENT_CAROUSEL_INTERVALS_MS[0]}
            />
            <ImageCarousel
              slides={EVENT_DAY_SLIDES}
              label="A day at the tournament"
              intervalMs={PRE_EVENT_CAROUSEL_INTERVALS_MS[1]}
            />
          </div>
        </Container>
      </section>
      <CommonSections home={home} />
    </>
  );
}

/** / and /home: the live variant while a tournament is loaded, the pre-event variant otherwise (docs/requirements.md §2). */
export function HomePage() {
  const { data, error, isPending, refetch, isFetching } = useHome();
  if (isPending) return <Spinner label="Loading tournament data..." />;
  if (error) {
    return (
      <Container className="py-16">
        <h1 className="sr-only">Schools Chess Tournament</h1>
        <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      </Container>
    );
  }
  return data.tournament ? (
    <LiveHome home={{ ...data, tournament: data.tournament }} />
  ) : (
    <PreEventHome home={data} />
  );
}
