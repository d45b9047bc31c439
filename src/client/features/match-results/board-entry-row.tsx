import { CircleAlert, Flag } from 'lucide-react';
import type { KeyboardEvent, Ref } from 'react';
import type { EntryBoard, EntryPlayer } from '../../../contracts/match-results';
import { formatResult, type MatchResult } from '../../../domain/scoring/results';
import { ResultBadge } from '../../components/result-badge';
import { cx } from '../../components/ui/cx';

const FORFEITS: readonly MatchResult[] = ['white_forfeit_win', 'black_forfeit_win', 'double_forfeit'];

const buttonClass =
  'inline-flex min-h-12 min-w-0 items-center justify-center gap-1 rounded-xl border px-2 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';
const idleClass = 'border-line bg-surface text-fg hover:bg-surface-muted';
const chosenClass = 'border-primary bg-primary text-on-primary';

function Player({ player, colour }: { player: EntryPlayer; colour: 'white' | 'black' }) {
  return (
    <p className="flex min-w-0 items-baseline gap-2">
      <span
        aria-hidden="true"
        className={cx(
          'inline-block size-3 shrink-0 translate-y-0.5 rounded-full border border-fg/40',
          colour === 'white' ? 'bg-white' : 'bg-neutral-900',
        )}
      />
      <span className="sr-only">{colour === 'white' ? 'White: ' : 'Black: '}</span>
      <span className="min-w-0 shrink truncate font-semibold text-fg">{player.name}</span>
      {player.schoolName ? (
        <span className="hidden min-w-0 shrink-[4] truncate text-sm text-muted sm:inline">
          {player.schoolName}
        </span>
      ) : null}
    </p>
  );
}

/**
 * One board at the result desk: who plays, the stored result, and big buttons (1-0, ½-½, 0-1, clear,
 * forfeits). Focused, it takes the entry keys (see entry-keys.ts) through `onKeyDown`.
 */
export function BoardEntryRow({
  board,
  rowRef,
  isPending,
  isReadOnly,
  canClear,
  notice,
  onKeyDown,
  onResult,
  onForfeits,
}: {
  board: EntryBoard;
  rowRef: Ref<HTMLLIElement>;
  isPending: boolean;
  isReadOnly: boolean;
  canClear: boolean;
  notice: string | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void;
  onResult: (result: MatchResult | null) => void;
  onForfeits: () => void;
}) {
  const disabled = isPending || isReadOnly;
  const isForfeit = board.result !== null && FORFEITS.includes(board.result);
  const resultText = board.result === null ? 'no result' : formatResult(board.result);
  const choice = (result: MatchResult, label: string, description: string) => (
    <button
      type="button"
      disabled={disabled}
      aria-pressed={board.result === result}
      aria-label={`${description}, board ${board.board}`}
      onClick={() => onResult(result)}
      className={cx(buttonClass, board.result === result ? chosenClass : idleClass)}
    >
      {label}
    </button>
  );
  return (
    <li
      ref={rowRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a board is focused (by number or Tab) to take the entry keys
      tabIndex={0}
      data-board={board.board}
      aria-label={`Board ${board.board}: ${board.white.name} against ${board.black.name}, ${resultText}`}
      aria-keyshortcuts="1 = 5 0 Delete Backspace F"
      aria-busy={isPending || undefined}
      onKeyDown={onKeyDown}
      className={cx(
        'flex scroll-mt-40 flex-col gap-2 rounded-2xl border bg-surface p-3 shadow-sm outline-none focus:border-primary focus:ring-4 focus:ring-primary/30 sm:p-4',
        notice ? 'border-loss' : 'border-line',
      )}
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-surface-muted font-display text-xl font-bold text-fg">
            <span className="sr-only">Board </span>
            {board.board}
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <Player player={board.white} colour="white" />
            <Player player={board.black} colour="black" />
          </div>
          <span className="shrink-0">
            <ResultBadge result={board.result} />
          </span>
        </div>
        <div className="grid grid-cols-5 gap-1.5 lg:w-80 lg:shrink-0">
          {choice('white', '1-0', 'White won')}
          {choice('draw', '½-½', 'Draw')}
          {choice('black', '0-1', 'Black won')}
          <button
            type="button"
            disabled={disabled || !canClear || board.result === null}
            aria-label={`Clear the result, board ${board.board}`}
            onClick={() => onResult(null)}
            className={cx(buttonClass, idleClass, 'text-sm')}
          >
            Clear
          </button>
          <button
            type="button"
            disabled={disabled}
            aria-haspopup="dialog"
            aria-pressed={isForfeit}
            aria-label={`Forfeits, board ${board.board}`}
            onClick={onForfeits}
            className={cx(buttonClass, isForfeit ? chosenClass : idleClass, 'text-sm')}
          >
            <Flag aria-hidden="true" className="hidden size-4 sm:block" />
            {isForfeit && board.result ? formatResult(board.result) : 'Forfeit'}
          </button>
        </div>
      </div>
      {notice ? (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-loss">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {notice}
        </p>
      ) : null}
    </li>
  );
}

/** The forfeit results, for the forfeit choices dialog. */
export const FORFEIT_CHOICES: readonly { result: MatchResult; label: string }[] = [
  { result: 'white_forfeit_win', label: 'White wins by forfeit' },
  { result: 'black_forfeit_win', label: 'Black wins by forfeit' },
  { result: 'double_forfeit', label: 'Double forfeit' },
];
