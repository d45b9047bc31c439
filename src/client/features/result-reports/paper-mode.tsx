import { CircleAlert, ClipboardCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import type { PaperBoard, PaperResultResponse } from '../../../contracts/result-reports';
import { countOf } from '../../../domain/plural';
import { REPORTED_RESULT_LABELS } from '../../../domain/result-reports';
import { COLOUR_LABELS, type Colour, formatResult, MATCH_RESULTS } from '../../../domain/scoring/results';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useKeyFromPaper, usePaperBoards } from './queries';

/** The boards this tab has checked against their score sheets in one round (a reload keeps them; a new tab not). */
function useCheckedBoards(roundNumber: number) {
  const key = `result-reports.paper.${roundNumber}`;
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => {
    try {
      return new Set(JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]);
    } catch {
      return new Set();
    }
  });
  // From the latest list, not the one drawn when the board was keyed: two answers in a row both count.
  const add = (matchId: string) =>
    setChecked((previous) => {
      const next = new Set(previous).add(matchId);
      try {
        sessionStorage.setItem(key, JSON.stringify([...next]));
      } catch {
        // Without storage the list lasts as long as the page.
      }
      return next;
    });
  return { checked, add };
}

/**
 * "Validate from paper" (ADR 040): the arbiter keys every board's result from its score sheet, in board order.
 * The result goes through result entry's own write; a result that differs from what the players reported is
 * flagged here and in its log row, so the arbiter checks with the players before the next round is paired.
 */
export function PaperMode() {
  const boards = usePaperBoards();
  if (boards.isPending) return <Spinner />;
  if (boards.isError) {
    return (
      <LoadError error={boards.error} onRetry={() => void boards.refetch()} isRetrying={boards.isFetching} />
    );
  }
  const { roundNumber, boards: list } = boards.data;
  if (roundNumber === null)
    return <Notice icon={Smartphone} title="No round is being played" role="status" />;
  // One list of checked boards per round: the next round starts with its own.
  return <RoundSheets key={roundNumber} roundNumber={roundNumber} list={list} />;
}

function RoundSheets({ roundNumber, list }: { roundNumber: number; list: readonly PaperBoard[] }) {
  const { checked, add } = useCheckedBoards(roundNumber);
  const [find, setFind] = useState('');
  const differing = list.filter((board) => board.differs).length;
  const wanted = find.trim();
  const shown = wanted === '' ? list : list.filter((board) => String(board.board) === wanted);
  return (
    <section aria-labelledby="paper-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="paper-heading" className="font-display text-lg font-bold text-fg">
          Round {roundNumber}: score sheets
        </h2>
        <p className="text-sm text-muted" role="status">
          {checked.size} of {countOf(list.length, 'board')} checked from paper
          {differing > 0 ? `; ${countOf(differing, 'board')} differ from the players' reports` : ''}.
        </p>
      </div>
      <TextField
        label="Go to board"
        type="number"
        inputMode="numeric"
        min={1}
        className="max-w-40"
        value={find}
        onChange={(event) => setFind(event.target.value)}
      />
      {shown.length === 0 ? (
        <p className="text-sm text-muted">No board {wanted} in this round.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((board) => (
            <PaperRow
              key={board.matchId}
              board={board}
              isChecked={checked.has(board.matchId)}
              onKeyed={() => add(board.matchId)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function reportedLine(board: PaperBoard): string {
  const { white, black } = board.reported;
  if (white === null && black === null) return 'The players did not report.';
  const side = (colour: Colour, result: PaperBoard['reported']['white']) =>
    `${COLOUR_LABELS[colour]} ${result === null ? 'did not report' : `reported ${REPORTED_RESULT_LABELS[result]}`}`;
  return `${side('white', white)}; ${side('black', black)}.`;
}

function PaperRow({
  board,
  isChecked,
  onKeyed,
}: {
  board: PaperBoard;
  isChecked: boolean;
  onKeyed: () => void;
}) {
  const key = useKeyFromPaper();
  const [answer, setAnswer] = useState<PaperResultResponse | null>(null);
  const keyResult = (result: (typeof MATCH_RESULTS)[number]) => {
    setAnswer(null);
    key.mutate(
      // The board as last answered, if newer than the list: a mis-tap corrected at once is not a stale write.
      {
        matchId: board.matchId,
        result,
        expectedVersion: Math.max(board.version, answer?.board.version ?? 0),
      },
      {
        onSuccess: (sent) => {
          setAnswer(sent);
          onKeyed();
        },
      },
    );
  };
  return (
    <li>
      <Card
        className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-4"
        aria-labelledby={`paper-${board.matchId}`}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`paper-${board.matchId}`} className="font-semibold text-fg">
              Board {board.board}: {board.white.name} – {board.black.name}
            </h3>
            {board.differs ? <Badge tone="loss">Differs from the players</Badge> : null}
            {isChecked ? (
              <Badge tone="win">
                <ClipboardCheck aria-hidden="true" className="size-3.5" />
                Checked
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted">{reportedLine(board)}</p>
        </div>
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">The result on the score sheet of board {board.board}</legend>
          {MATCH_RESULTS.map((result) => (
            <Button
              key={result}
              size="sm"
              variant={board.result === result ? 'primary' : 'secondary'}
              aria-pressed={board.result === result}
              disabled={key.isPending}
              onClick={() => keyResult(result)}
            >
              {formatResult(result)}
            </Button>
          ))}
        </fieldset>
        <div aria-live="polite" className="sm:col-span-2 empty:hidden">
          {key.isError ? (
            <p className="flex items-center gap-2 text-sm font-medium text-loss" role="alert">
              <CircleAlert aria-hidden="true" className="size-4" />
              {serverMessage(key.error, 'The result could not be set')}
            </p>
          ) : answer ? (
            <p className={answer.board.differs ? 'text-sm font-semibold text-loss' : 'text-sm text-fg'}>
              {answer.message}
            </p>
          ) : null}
        </div>
      </Card>
    </li>
  );
}
