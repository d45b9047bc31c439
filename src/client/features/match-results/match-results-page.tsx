import { useQueryClient } from '@tanstack/react-query';
import { CalendarX2, Keyboard, ListChecks, Trophy } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type EntryBoard,
  MATCH_RESULT_MESSAGES,
  type ResultEntryResponse,
} from '../../../contracts/match-results';
import { ROUND_STATUS_LABELS } from '../../../contracts/round-status';
import { formatResult, type MatchResult } from '../../../domain/scoring/results';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { LoadError } from '../../components/load-error';
import { OutboxStatus } from '../../components/outbox-status';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, controlClass } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { theOutbox } from '../../lib/outbox/outbox';
import { PausedNotice, useSiteSwitch } from '../safe-control/site-status';
import { BoardEntryRow, FORFEIT_CHOICES } from './board-entry-row';
import { entryKeyAction, parseBoardNumber } from './entry-keys';
import { ProgressBar } from './progress-bar';
import {
  queueResult,
  RESULT_OUTBOX_KIND,
  useResultEntry,
  useResultOutbox,
  useSetMatchResult,
} from './queries';
import { ResultConflicts } from './result-conflicts';

function Heading({ data }: { data: ResultEntryResponse | undefined }) {
  return (
    <AdminPageHeading title="Match Results">
      {data?.tournament ? data.tournament.name : null}
    </AdminPageHeading>
  );
}

/** /admin/match-results (view_admin_result_input): fast result entry by keyboard or by touch. */
export function MatchResultsPage() {
  const [params, setParams] = useSearchParams();
  const chosenRound = parseBoardNumber(params.get('round') ?? '');
  const { data, error, isPending, refetch, isFetching } = useResultEntry(chosenRound ?? 'current');

  if (isPending) {
    return (
      <div className="flex flex-col gap-6">
        <Heading data={undefined} />
        <Spinner />
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col gap-6">
        <Heading data={undefined} />
        <LoadError
          title="Failed to load the boards"
          error={error}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Heading data={data} />
      {!data.tournament ? (
        <Notice icon={Trophy} title={MATCH_RESULT_MESSAGES.noActiveTournament} role="status">
          Activate a tournament in Tournament Management to enter its results here.
        </Notice>
      ) : !data.round ? (
        <Notice icon={CalendarX2} title="No round in progress" role="status">
          Results can be entered once a round has been paired and started.
        </Notice>
      ) : (
        <ResultDesk
          key={data.round.number}
          data={data}
          initialBoard={parseBoardNumber(params.get('board') ?? '')}
          onRound={(round) =>
            setParams(round === data.tournament?.currentRound ? {} : { round: String(round) })
          }
        />
      )}
    </div>
  );
}

function ResultDesk({
  data,
  initialBoard,
  onRound,
}: {
  data: ResultEntryResponse;
  initialBoard: number | null;
  onRound: (round: number) => void;
}) {
  const round = data.round!;
  const setResult = useSetMatchResult();
  const queryClient = useQueryClient();
  useResultOutbox();
  // Safe control: while result entry is paused the server refuses results; the desk holds its buttons.
  const isPaused = useSiteSwitch('results_paused');
  const acceptsResults = data.acceptsResults && !isPaused;
  const [unfinishedOnly, setUnfinishedOnly] = useState(false);
  /** The board reached by number: shown even when the filter would hide it. */
  const [pinned, setPinned] = useState<number | null>(initialBoard);
  const [focusRequest, setFocusRequest] = useState<{ board: number } | null>(
    initialBoard ? { board: initialBoard } : null,
  );
  const [jumpText, setJumpText] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [notices, setNotices] = useState<Record<string, string>>({});
  const [forfeitsFor, setForfeitsFor] = useState<EntryBoard | null>(null);
  const [putAside, setPutAside] = useState<ReadonlySet<string>>(new Set());
  const rows = useRef(new Map<number, HTMLLIElement>());
  const jumpRef = useRef<HTMLInputElement>(null);
  const ids = { jump: useId(), jumpHelp: useId(), round: useId() };

  const isCompleted = round.status === 'completed';
  const visible = data.boards.filter(
    (board) => !unfinishedOnly || board.result === null || board.board === pinned,
  );

  useEffect(() => {
    if (!focusRequest) return;
    const row = rows.current.get(focusRequest.board);
    if (!row) return;
    row.focus();
    row.scrollIntoView?.({ block: 'nearest' });
    setFocusRequest(null);
  }, [focusRequest]);

  const submit = useCallback(
    async (board: EntryBoard, result: MatchResult | null) => {
      if (board.result === result) return;
      setNotices(({ [board.matchId]: _, ...rest }) => rest);
      // Offline (or earlier results still waiting): kept on this device and sent when the connection is back.
      if (!navigator.onLine || theOutbox().hasWaiting([RESULT_OUTBOX_KIND])) {
        await queueResult(queryClient, board, result);
        return;
      }
      setPending((current) => new Set(current).add(board.matchId));
      try {
        const answer = await setResult.mutateAsync({
          matchId: board.matchId,
          result,
          expectedVersion: board.version,
        });
        notify('success', answer.message, {
          id: 'match-result',
          description: `Board ${answer.board.board}: ${formatResult(answer.board.result)}`,
        });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 0) {
          await queueResult(queryClient, board, result);
          return;
        }
        const message = serverMessage(error, MATCH_RESULT_MESSAGES.failed);
        notify('error', message, { id: `match-result-${board.matchId}` });
        if (error instanceof ApiRequestError && error.status === 409) {
          setNotices((current) => ({ ...current, [board.matchId]: message }));
        }
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(board.matchId);
          return next;
        });
      }
    },
    [setResult, queryClient],
  );

  const returnToJumpField = () => {
    setJumpText('');
    jumpRef.current?.focus();
  };

  const onRowKey = (board: EntryBoard, event: KeyboardEvent<HTMLLIElement>) => {
    const action = entryKeyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move') {
      const index = visible.findIndex((candidate) => candidate.matchId === board.matchId);
      const next = visible[index + action.by];
      if (next) rows.current.get(next.board)?.focus();
      return;
    }
    if (!acceptsResults || pending.has(board.matchId)) return;
    if (action.kind === 'forfeits') {
      setForfeitsFor(board);
      return;
    }
    if (action.result === null && !data.canClearResults) {
      notify('error', MATCH_RESULT_MESSAGES.cannotClearCompleted, { id: 'cannot-clear' });
      return;
    }
    void submit(board, action.result);
    returnToJumpField();
  };

  const onJump = (event: FormEvent) => {
    event.preventDefault();
    const number = parseBoardNumber(jumpText);
    const board = number === null ? undefined : data.boards.find((candidate) => candidate.board === number);
    if (!board) {
      setJumpError(
        number === null
          ? 'Type a board number'
          : `No board ${number} in round ${round.number} (boards 1–${data.counts.total})`,
      );
      return;
    }
    setJumpError(null);
    setPinned(board.board);
    setFocusRequest({ board: board.board });
  };

  const choosable = data.rounds.filter(
    (candidate) => data.resultRounds.includes(candidate.number) || candidate.number === round.number,
  );

  return (
    <>
      <section
        aria-label="Round and board"
        className="z-10 flex flex-col gap-4 rounded-2xl md:sticky md:top-18 border border-line bg-surface p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-end gap-3">
          <form onSubmit={onJump} className="flex flex-col gap-1.5">
            <label htmlFor={ids.jump} className="text-sm font-semibold text-fg">
              Board number
            </label>
            <div className="flex gap-2">
              <input
                ref={jumpRef}
                id={ids.jump}
                value={jumpText}
                onChange={(event) => {
                  setJumpText(event.target.value.replace(/\D/g, ''));
                  setJumpError(null);
                }}
                inputMode="numeric"
                enterKeyHint="go"
                autoComplete="off"
                placeholder="12"
                aria-describedby={ids.jumpHelp}
                aria-invalid={jumpError ? true : undefined}
                className={`${controlClass} w-24 text-lg font-semibold`}
              />
              <Button type="submit" variant="secondary" className="min-h-12">
                Go
              </Button>
            </div>
          </form>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.round} className="text-sm font-semibold text-fg">
              Round
            </label>
            <select
              id={ids.round}
              value={round.number}
              onChange={(event) => onRound(Number(event.target.value))}
              className={`${controlClass} w-auto min-h-12`}
            >
              {choosable.map((candidate) => (
                <option key={candidate.number} value={candidate.number}>
                  {`Round ${candidate.number} · ${ROUND_STATUS_LABELS[candidate.status]}`}
                </option>
              ))}
            </select>
          </div>
          <CheckboxField
            label="Unfinished only"
            checked={unfinishedOnly}
            onChange={(event) => setUnfinishedOnly(event.target.checked)}
            className="min-h-12 text-base"
          />
          <div className="ml-auto flex min-w-40 flex-col gap-1.5">
            <p role="status" className="text-right text-sm text-muted">
              <span className="font-display text-2xl font-bold text-fg">
                {data.counts.finished} / {data.counts.total}
              </span>{' '}
              finished
            </p>
            <ProgressBar finished={data.counts.finished} total={data.counts.total} />
          </div>
        </div>
        <OutboxStatus
          kinds={[RESULT_OUTBOX_KIND]}
          onResolve={(id) =>
            setPutAside((current) => {
              const next = new Set(current);
              next.delete(id);
              return next;
            })
          }
        />
        {jumpError ? (
          <p role="alert" className="text-sm font-medium text-loss">
            {jumpError}
          </p>
        ) : null}
        <p id={ids.jumpHelp} className="flex items-start gap-2 text-sm text-muted">
          <Keyboard aria-hidden="true" className="mt-0.5 hidden size-4 shrink-0 sm:block" />
          <span>
            Type a board number and press Enter, then <kbd>1</kbd> for 1-0, <kbd>=</kbd> or <kbd>5</kbd> for
            ½-½, <kbd>0</kbd> for 0-1, <kbd>Delete</kbd> to clear, <kbd>F</kbd> for forfeits. The cursor comes
            back here for the next board.
          </span>
        </p>
      </section>

      <PausedNotice name="results_paused" />
      {!data.acceptsResults ? (
        <p role="status" className="rounded-xl bg-surface-muted p-3 text-sm text-fg">
          {`Round ${round.number} has not started: ${MATCH_RESULT_MESSAGES.roundNotStarted.toLowerCase()}.`}
        </p>
      ) : isCompleted ? (
        <p role="status" className="rounded-xl bg-surface-muted p-3 text-sm text-fg">
          {`Round ${round.number} is completed: a change here is a correction, and a result cannot be cleared.`}
        </p>
      ) : null}

      {data.boards.length === 0 ? (
        <Notice icon={ListChecks} title="No boards in this round" role="status">
          Generate the pairings in Round Management first.
        </Notice>
      ) : visible.length === 0 ? (
        <Notice icon={ListChecks} title="Every board is finished" role="status">
          {`All ${data.counts.total} results of round ${round.number} are in.`}
        </Notice>
      ) : (
        <ul aria-label={`Boards of round ${round.number}`} className="flex flex-col gap-2">
          {visible.map((board) => (
            <BoardEntryRow
              key={board.matchId}
              board={board}
              rowRef={(element) => {
                if (element) rows.current.set(board.board, element);
                else rows.current.delete(board.board);
              }}
              isPending={pending.has(board.matchId)}
              isReadOnly={!acceptsResults}
              canClear={data.canClearResults}
              notice={notices[board.matchId]}
              onKeyDown={(event) => onRowKey(board, event)}
              onResult={(result) => void submit(board, result)}
              onForfeits={() => setForfeitsFor(board)}
            />
          ))}
        </ul>
      )}

      <ResultConflicts
        putAside={putAside}
        onPutAside={(id) => setPutAside((current) => new Set(current).add(id))}
      />
      <Dialog
        isOpen={forfeitsFor !== null}
        onClose={() => setForfeitsFor(null)}
        title={forfeitsFor ? `Forfeit on board ${forfeitsFor.board}` : 'Forfeit'}
        description={
          forfeitsFor
            ? `${forfeitsFor.white.name} (White) against ${forfeitsFor.black.name} (Black)`
            : undefined
        }
      >
        <div className="flex flex-col gap-2">
          {FORFEIT_CHOICES.map((choice) => (
            <Button
              key={choice.result}
              variant={forfeitsFor?.result === choice.result ? 'primary' : 'secondary'}
              size="lg"
              className="justify-between"
              onClick={() => {
                const board = forfeitsFor;
                setForfeitsFor(null);
                if (board) void submit(board, choice.result);
              }}
            >
              <span>{choice.label}</span>
              <span aria-hidden="true">{formatResult(choice.result)}</span>
            </Button>
          ))}
        </div>
      </Dialog>
    </>
  );
}
