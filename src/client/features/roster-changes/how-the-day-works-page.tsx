import { useQuery } from '@tanstack/react-query';
import { Clock, Flag, Hourglass, type LucideIcon, Trophy, UserRoundCog } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BYE_LABELS } from '../../../contracts/byes';
import { QueryView } from '../../components/query-view';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Prose } from '../../components/ui/prose';
import { useTournament } from '../tournament/queries';
import { RoundScheduleTable } from '../tournament/round-schedule-table';
import { dayRulesQuery } from './queries';

function Section({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const id = `day-${title.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 font-display text-xl font-bold text-fg">
        <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
        {title}
      </h2>
      <Prose className="mt-3">{children}</Prose>
    </Card>
  );
}

/** The tournament's roster rules, in the sentences the server words from the `roster_rules` setting. */
function RosterRules() {
  return (
    <QueryView query={useQuery(dayRulesQuery)}>
      {(rules) => (
        <ul>
          {rules.sentences.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function Schedule() {
  const { data } = useTournament();
  const rounds = data?.tournament?.rounds ?? [];
  if (rounds.length === 0) return <p>The round times are published here once the rounds are set.</p>;
  return (
    <div className="not-prose mt-3">
      <RoundScheduleTable rounds={rounds} />
    </div>
  );
}

/**
 * /how-the-day-works (public, server-drawn; issue #30): the tournament day for pupils, parents and teachers —
 * the rounds, results and byes, the roster rules (byes, withdrawals, late entries) and where to wait. The roster
 * rules come from the `roster_rules` setting, in the same sentences the teacher's page and the arbiters' form
 * show; the rest is how every round of the day runs.
 */
export function HowTheDayWorksPage() {
  return (
    <>
      <PageHeader eyebrow="For pupils, parents and teachers" title="How the Day Works">
        From check-in to the last round: how rounds are paired, how results and byes count, and what a school
        can still change on the day.
      </PageHeader>
      <Container className="grid items-start gap-6 py-10 sm:py-14 lg:grid-cols-2">
        <Section icon={Clock} title="Before round 1">
          <ul>
            <li>
              Check in at the desk with your team before the first round: only players checked in are paired.
            </li>
            <li>
              A pupil who cannot come can be replaced by another pupil of the same school, with the same
              details and a parent's or guardian's consent.
            </li>
          </ul>
        </Section>
        <Section icon={Flag} title="Each round">
          <p>
            A round is paired when the one before it is complete. The pairing appears at once on{' '}
            <Link to="/player-lookup">Find My Board</Link> and on the screens in the hall: go to your board,
            shake hands and start when the arbiter says so. You never meet a pupil of your own school, nor the
            same opponent twice.
          </p>
          <Schedule />
        </Section>
        <Section icon={Trophy} title="Results and byes">
          <ul>
            <li>A win scores 1 point, a draw ½ and a loss 0.</li>
            <li>
              At the end of the game, both players tell the arbiter the result (or report it from a phone when
              the arbiters have switched that on). The <Link to="/leaderboard">leaderboard</Link> follows as
              results come in.
            </li>
            <li>
              {BYE_LABELS.pairing}: when the number of players is odd, one player sits the round out and
              scores a point.
            </li>
            <li>
              {BYE_LABELS.half} and {BYE_LABELS.zero}: a round a school asked to sit out. The standings always
              show it as a requested bye, never as an absence.
            </li>
          </ul>
        </Section>
        <Section icon={UserRoundCog} title="Byes, withdrawals and late entries">
          <p>
            Teachers ask for these on their school's roster page, through the link in their registration
            e-mail, until the times below; after that, an arbiter decides.
          </p>
          <RosterRules />
        </Section>
        <Section icon={Hourglass} title="Where to wait">
          <ul>
            <li>
              Between rounds, pupils wait outside the playing hall and come in when their round is paired; a
              game in progress is never disturbed.
            </li>
            <li>
              Parents and teachers watch from outside the playing area, and follow the boards on this site.
            </li>
            <li>
              The venue's rooms, times and food are on the{' '}
              <Link to="/important-information">important information</Link> page.
            </li>
          </ul>
        </Section>
      </Container>
    </>
  );
}
