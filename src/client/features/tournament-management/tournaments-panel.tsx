import { Archive, CalendarPlus, Pencil, Power, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type AdminTournament, TOURNAMENT_MESSAGES } from '../../../contracts/tournament-management';
import { countOf } from '../../../domain/plural';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { formatDateRange } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { useTournaments } from './queries';
import {
  ActivateTournamentDialog,
  ArchiveTournamentDialog,
  EditTournamentDialog,
  notifyFailed,
} from './tournament-dialogs';

type Action = { kind: 'edit' | 'activate' | 'archive'; tournament: AdminTournament } | null;

function StatusBadge({ tournament }: { tournament: AdminTournament }) {
  if (tournament.active) return <Badge tone="live">Active</Badge>;
  if (tournament.archivedAt) return <Badge tone="neutral">Archived</Badge>;
  return <Badge tone="draw">Inactive</Badge>;
}

function roundsLabel(tournament: AdminTournament): string {
  return tournament.currentRound > 0
    ? `Round ${tournament.currentRound} of ${tournament.totalRounds}`
    : `${countOf(tournament.totalRounds, 'round')}, not started`;
}

const shortDate = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "3 Oct 2026" for a calendar date, with no time zone shift. */
function formatShortDate(isoDate: string): string {
  return shortDate.format(new Date(`${isoDate}T00:00:00Z`));
}

function playersLabel(count: number): string {
  return countOf(count, 'player');
}

/**
 * Edit, Activate (unless active) and Archive (unless archived). In the table the buttons show only their
 * icons (with the words as tooltip and for screen readers), so one row holds all three.
 */
function Actions({
  tournament,
  onAction,
  isCompact = false,
}: {
  tournament: AdminTournament;
  onAction: (action: Action) => void;
  isCompact?: boolean;
}) {
  const actions = [
    { kind: 'edit', label: 'Edit', icon: Pencil, variant: 'secondary', shown: true },
    { kind: 'activate', label: 'Activate', icon: Power, variant: 'secondary', shown: !tournament.active },
    { kind: 'archive', label: 'Archive', icon: Archive, variant: 'danger', shown: !tournament.archivedAt },
  ] as const;
  return (
    <div className={isCompact ? 'flex justify-end gap-1.5' : 'flex flex-wrap gap-1.5'}>
      {actions
        .filter((action) => action.shown)
        .map(({ kind, label, icon: Icon, variant }) => (
          <Button
            key={kind}
            size="sm"
            variant={variant}
            title={isCompact ? `${label} ${tournament.name}` : undefined}
            className={isCompact ? 'px-2.5' : undefined}
            onClick={() => onAction({ kind, tournament })}
          >
            <Icon aria-hidden="true" className="size-4" />
            <span className={isCompact ? 'sr-only' : undefined}>{label}</span>
            <span className="sr-only"> {tournament.name}</span>
          </Button>
        ))}
    </div>
  );
}

/** Phones, tablets and small laptops: one card per tournament. */
function TournamentCards({
  tournaments,
  onAction,
}: {
  tournaments: AdminTournament[];
  onAction: (action: Action) => void;
}) {
  return (
    <ul aria-label="Tournaments" className="grid gap-3 sm:grid-cols-2">
      {tournaments.map((tournament) => (
        <li
          key={tournament.id}
          className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-fg">{tournament.name}</span>
              <StatusBadge tournament={tournament} />
            </p>
            {tournament.venue ? <p className="text-sm text-muted">{tournament.venue}</p> : null}
            <p className="text-sm text-muted">
              {formatDateRange(tournament.startDate, tournament.endDate) || 'No dates set'}
            </p>
            <p className="mt-1 text-sm text-fg">
              {roundsLabel(tournament)} · {playersLabel(tournament.playerCount)}
            </p>
          </div>
          <Actions tournament={tournament} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}

/** Desktop (1280 px and wider, where the actions fit on one line): a table. */
function TournamentTable({
  tournaments,
  onAction,
}: {
  tournaments: AdminTournament[];
  onAction: (action: Action) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Tournaments</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Tournament
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Dates
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Rounds
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Players
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {tournaments.map((tournament) => (
            <tr key={tournament.id} className="align-top">
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="block font-semibold text-fg">{tournament.name}</span>
                {tournament.venue ? <span className="block text-muted">{tournament.venue}</span> : null}
              </th>
              <td className="px-4 py-3 text-muted">
                {tournament.startDate || tournament.endDate
                  ? [...new Set([tournament.startDate, tournament.endDate])]
                      .filter((date): date is string => date !== null)
                      .map((date) => (
                        <span key={date} className="block whitespace-nowrap">
                          {formatShortDate(date)}
                        </span>
                      ))
                  : '–'}
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                {tournament.currentRound} / {tournament.totalRounds}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{tournament.playerCount}</td>
              <td className="px-4 py-3">
                <StatusBadge tournament={tournament} />
              </td>
              <td className="px-4 py-3">
                <Actions tournament={tournament} onAction={onAction} isCompact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every tournament, archived ones too, with what may be done to each. */
export function TournamentsPanel({ onCreate }: { onCreate: () => void }) {
  const list = useTournaments();
  const { data, error } = list;
  const [action, setAction] = useState<Action>(null);
  const isWide = useMediaQuery('(min-width: 1280px)');
  const close = () => setAction(null);

  useEffect(() => {
    if (error) notifyFailed(TOURNAMENT_MESSAGES.failures.fetch)(error);
  }, [error]);

  const tournaments = data?.tournaments ?? [];
  return (
    <section aria-labelledby="tournaments-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="tournaments-heading" className="font-display text-2xl font-bold text-fg">
          Tournaments
        </h2>
        <Button onClick={onCreate}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Create tournament
        </Button>
      </div>
      <QueryView query={list} errorTitle={TOURNAMENT_MESSAGES.failures.fetch} keepDataOnError>
        {() =>
          tournaments.length === 0 ? (
            <Notice icon={Trophy} title="No tournaments yet" role="status">
              Create the first one; activate it when the public pages should show it.
            </Notice>
          ) : isWide ? (
            <TournamentTable tournaments={tournaments} onAction={setAction} />
          ) : (
            <TournamentCards tournaments={tournaments} onAction={setAction} />
          )
        }
      </QueryView>

      <EditTournamentDialog
        key={action?.kind === 'edit' ? action.tournament.id : 'closed'}
        tournament={action?.kind === 'edit' ? action.tournament : null}
        onClose={close}
      />
      <ActivateTournamentDialog
        tournament={action?.kind === 'activate' ? action.tournament : null}
        currentlyActive={tournaments.find((tournament) => tournament.active)}
        onClose={close}
      />
      <ArchiveTournamentDialog
        tournament={action?.kind === 'archive' ? action.tournament : null}
        onClose={close}
      />
    </section>
  );
}
