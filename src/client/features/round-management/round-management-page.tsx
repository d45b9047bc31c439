import { CalendarOff, Play, Printer, Shuffle, Square, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminRoundSummary,
  type GeneratePairingsResponse,
  REPEAT_BYE_NEEDED_CODE,
  ROUND_MESSAGES,
} from '../../../contracts/round-management';
import { countOf } from '../../../domain/plural';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { LoadError } from '../../components/load-error';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogActions } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { useGeneratePairings, useRoundAction, useRounds } from './queries';
import { RoundCountControl } from './round-count-control';
import { RoundPairings } from './round-pairings';

/** How many open boards a refused completion names in its message. */
const BOARDS_NAMED = 8;

/** The print views (print CSS) read the public current round, so they show a round once it is started. */
const PRINT_LINKS = [
  { href: '/print/pairings', label: 'Pairings' },
  { href: '/print/board-cards', label: 'Board cards' },
  { href: '/print/standings', label: 'Standings' },
] as const;

const statusTone: Record<AdminRoundSummary['status'], BadgeTone> = {
  upcoming: 'neutral',
  active: 'live',
  completed: 'win',
};

function RoundRow({
  round,
  isSelected,
  onSelect,
  onGenerated,
}: {
  round: AdminRoundSummary;
  isSelected: boolean;
  onSelect: () => void;
  onGenerated: (result: GeneratePairingsResponse) => void;
}) {
  const generate = useGeneratePairings();
  const action = useRoundAction();
  /** The server's refusal when only a second pairing-allocated bye completes the pairing: asks for consent. */
  const [repeatBye, setRepeatBye] = useState<string | null>(null);
  // The generate button is disabled (so loses focus) while the request runs: focus goes back to it when the
  // question closes, which the dialog cannot do for an opener that had lost focus already.
  const row = useRef<HTMLLIElement>(null);
  const wasAsked = useRef(false);
  useEffect(() => {
    if (repeatBye !== null) wasAsked.current = true;
    else if (wasAsked.current) {
      wasAsked.current = false;
      row.current?.querySelector<HTMLButtonElement>('button[data-generate]')?.focus();
    }
  }, [repeatBye]);
  const isPaired = round.boards > 0 || round.byes > 0;
  const times = [
    round.startTime ? `Started ${formatTime(round.startTime)}` : null,
    round.endTime ? `ended ${formatTime(round.endTime)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

  const run = (kind: 'start' | 'complete') =>
    action.mutate(
      { number: round.number, action: kind },
      {
        onSuccess: ({ message }) => notify('success', message),
        onError: (error) => {
          // A round that cannot be completed names its boards still without a confirmed result (ADR 040).
          const boards = error instanceof ApiRequestError ? error.issues.map((issue) => issue.message) : [];
          if (kind === 'complete' && boards.length > 0) {
            const shown = boards.slice(0, BOARDS_NAMED);
            const more = boards.length - shown.length;
            notify(
              'error',
              `${error.message}. ${shown.join('; ')}${more > 0 ? `; and ${countOf(more, 'more board')}` : ''}.`,
            );
            return;
          }
          notifyFailure(error, kind === 'start' ? 'Failed to start round' : 'Failed to complete round');
        },
      },
    );

  const pair = (allowRepeatBye: boolean) =>
    generate.mutate(allowRepeatBye ? { number: round.number, allowRepeatBye } : { number: round.number }, {
      onSuccess: (result) => {
        setRepeatBye(null);
        notify('success', result.message, {
          description:
            result.pairedFrom === 'checked_in'
              ? `${result.pairedPlayers} checked-in players paired`
              : `${result.pairedPlayers} active players paired (nobody is checked in)`,
        });
        onGenerated(result);
      },
      onError: (error) => {
        if (
          !allowRepeatBye &&
          error instanceof ApiRequestError &&
          error.status === 409 &&
          error.code === REPEAT_BYE_NEEDED_CODE
        ) {
          setRepeatBye(error.message);
          return;
        }
        setRepeatBye(null);
        notifyFailure(error, ROUND_MESSAGES.generateFailed);
      },
    });

  return (
    <li
      ref={row}
      className={cx(
        'flex flex-col gap-3 rounded-2xl border bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between',
        isSelected ? 'border-primary ring-2 ring-primary/30' : 'border-line',
      )}
      aria-label={`Round ${round.number}`}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={isSelected}
        className="flex min-h-11 flex-1 flex-col items-start gap-1 rounded-xl text-left"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-display text-lg font-bold text-fg">Round {round.number}</span>
          <Badge tone={statusTone[round.status]}>{round.statusLabel}</Badge>
          {round.isCurrent ? <Badge tone="accent">Current</Badge> : null}
          {round.isNext ? <Badge>Next to pair</Badge> : null}
        </span>
        <span className="text-sm text-muted">
          {isPaired
            ? `${round.finished}/${round.boards} boards finished${round.byes > 0 ? `, ${countOf(round.byes, 'bye')}` : ''}`
            : 'Not paired yet'}
          {times ? ` · ${times}` : ''}
        </span>
      </button>
      <div className="flex flex-wrap gap-2">
        {round.actions.pair !== 'unavailable' ? (
          <Button
            size="md"
            variant={isPaired ? 'secondary' : 'primary'}
            disabled={generate.isPending}
            data-generate
            onClick={() => pair(false)}
          >
            <Shuffle aria-hidden="true" className="size-4" />
            {generate.isPending ? 'Pairing…' : isPaired ? 'Regenerate pairings' : 'Generate pairings'}
            <span className="sr-only"> for Round {round.number}</span>
          </Button>
        ) : null}
        {round.actions.start !== 'unavailable' ? (
          <Button disabled={action.isPending} onClick={() => run('start')}>
            <Play aria-hidden="true" className="size-4" />
            Start round<span className="sr-only"> {round.number}</span>
          </Button>
        ) : null}
        {round.actions.complete !== 'unavailable' ? (
          <Button variant="accent" disabled={action.isPending} onClick={() => run('complete')}>
            <Square aria-hidden="true" className="size-4" />
            Complete round<span className="sr-only"> {round.number}</span>
          </Button>
        ) : null}
      </div>
      <Dialog
        isOpen={repeatBye !== null}
        onClose={() => setRepeatBye(null)}
        title="Allow a second pairing-allocated bye?"
        description={`Cancel leaves Round ${round.number} as it is.`}
      >
        <p className="flex gap-2 text-sm text-fg">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-loss" />
          {repeatBye}
        </p>
        <DialogActions onCancel={() => setRepeatBye(null)}>
          <Button variant="danger" disabled={generate.isPending} onClick={() => pair(true)}>
            {generate.isPending ? 'Pairing…' : 'Allow a second bye and pair'}
          </Button>
        </DialogActions>
      </Dialog>
    </li>
  );
}

/** /admin/round-management (view_round_management): rounds, pairings, start and complete, round count. */
export function RoundManagementPage() {
  const { data, error, isPending, refetch, isFetching } = useRounds();
  const [selected, setSelected] = useState<number | null>(null);
  const [generated, setGenerated] = useState<GeneratePairingsResponse | null>(null);

  let body: React.ReactNode;
  if (isPending) body = <Spinner />;
  else if (error) body = <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;
  else if (!data.tournament) {
    body = (
      <Notice icon={CalendarOff} title="No active tournament">
        Activate a tournament in Tournament Management to run its rounds.
      </Notice>
    );
  } else {
    const preferred =
      data.rounds.find((round) => round.isNext && round.boards > 0) ??
      data.rounds.find((round) => round.isCurrent) ??
      data.rounds[0];
    const shown = selected ?? preferred?.number ?? null;
    body = (
      <>
        <Card className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="font-display text-xl font-bold text-fg">{data.tournament.name}</h2>
            <p className="text-sm text-muted">
              Current round {data.tournament.currentRound} of {data.rounds.length}
            </p>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="text-muted">Print (current round):</span>
              {PRINT_LINKS.map((link) => (
                <a
                  key={link.href}
                  href={link.href}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-9 items-center gap-1 font-semibold text-primary underline-offset-2 hover:underline"
                >
                  <Printer aria-hidden="true" className="size-4" />
                  {link.label}
                </a>
              ))}
            </p>
          </div>
          <RoundCountControl rounds={data.rounds} />
        </Card>
        <section aria-labelledby="rounds-heading" className="flex flex-col gap-3">
          <h2 id="rounds-heading" className="font-display text-xl font-bold text-fg">
            Rounds
          </h2>
          <ul className="flex flex-col gap-3">
            {data.rounds.map((round) => (
              <RoundRow
                key={round.number}
                round={round}
                isSelected={round.number === shown}
                onSelect={() => setSelected(round.number)}
                onGenerated={(result) => {
                  setGenerated(result);
                  setSelected(result.round.number);
                }}
              />
            ))}
          </ul>
        </section>
        {shown !== null ? (
          <RoundPairings
            key={shown}
            number={shown}
            explanations={generated?.round.number === shown ? generated.explanations : null}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Round Management">
        Pair the next round with the pairing engine, adjust it by hand, then start and complete it. Byes,
        withdrawals and late entries that teachers may still ask for follow the{' '}
        <Link to="/admin/roster-rules" className="font-semibold text-link underline-offset-2 hover:underline">
          roster rules
        </Link>
        ; changes asked after their lock wait in the{' '}
        <Link
          to="/admin/roster-requests"
          className="font-semibold text-link underline-offset-2 hover:underline"
        >
          roster requests
        </Link>
        . What the hall's TVs show is set on{' '}
        <Link to="/admin/screens" className="font-semibold text-link underline-offset-2 hover:underline">
          venue screens
        </Link>
        .
      </AdminPageHeading>
      {body}
    </div>
  );
}
