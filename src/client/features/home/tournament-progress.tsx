import { ChartNoAxesColumn, Clock, type LucideIcon, Percent, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { ROUND_PHASE_LABELS } from '../../../contracts/round-status';
import type { RoundSummary, TournamentStatsView } from '../../../contracts/tournament';
import { roundPhase } from '../../../domain/tournament/rounds';
import { roundStartText } from '../../components/round-label';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { SectionHeading } from '../../components/ui/section-heading';

function StatCard({
  icon: Icon,
  label,
  value,
  detail,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  detail?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-2 sm:gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-muted">{label}</h3>
        <span className="hidden size-9 place-items-center rounded-xl bg-surface-muted text-primary sm:grid">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="font-display text-2xl font-bold text-fg sm:text-3xl">{value}</p>
      {detail ? <div className="text-sm text-muted">{detail}</div> : null}
    </Card>
  );
}

/** docs/requirements.md §2: Current Round, Total Players, Round Progress (current/total) and Completion Rate (%). */
export function TournamentProgress({
  stats,
  round,
}: {
  stats: TournamentStatsView;
  round: RoundSummary | null;
}) {
  // The round shown is the one whose boards the home page lists (the next one as soon as it is paired).
  const startText = round ? roundStartText(round) : null;
  return (
    <section aria-labelledby="progress-title" className="py-12 sm:py-16">
      <Container>
        <SectionHeading id="progress-title" title="Tournament Progress" eyebrow="Live" />
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard
            icon={Clock}
            label="Current Round"
            value={round ? `Round ${round.number}` : 'Not Started'}
            detail={
              round ? (
                <span>
                  {ROUND_PHASE_LABELS[roundPhase(round)]}
                  {startText ? ` · ${startText}` : ''}
                </span>
              ) : (
                'Pairings appear here when the round is paired'
              )
            }
          />
          <StatCard
            icon={Users}
            label="Total Players"
            value={String(stats.totalPlayers)}
            detail="Active players"
          />
          <StatCard
            icon={ChartNoAxesColumn}
            label="Round Progress"
            value={`${stats.currentRound}/${stats.totalRounds}`}
            detail="Rounds played or under way"
          />
          <StatCard
            icon={Percent}
            label="Completion Rate"
            value={`${stats.completionRate}%`}
            detail={
              <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface-muted">
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${stats.completionRate}%` }}
                />
              </div>
            }
          />
        </div>
      </Container>
    </section>
  );
}
