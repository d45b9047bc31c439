import type { ReactNode } from 'react';
import type { Board, PublicPlayer } from '../../../contracts/tournament';
import { PlayerLink } from '../../components/player-link';
import { ResultBadge } from '../../components/result-badge';
import { cx } from '../../components/ui/cx';

/** A small square in the piece colour, with the colour named in text for screen readers. */
export function ColourSwatch({ colour }: { colour: 'white' | 'black' }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block size-3.5 shrink-0 rounded-full border-2',
        colour === 'white'
          ? 'border-slate-400 bg-white'
          : 'border-slate-900 bg-slate-900 dark:border-slate-400',
      )}
    />
  );
}

function Side({ colour, player }: { colour: 'white' | 'black'; player: PublicPlayer | null }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <ColourSwatch colour={colour} />
      <span className="sr-only">{colour === 'white' ? 'White:' : 'Black:'}</span>
      <div className="min-w-0">
        <PlayerLink player={player} className="block truncate" />
        {player?.groupName ? (
          <span className="block truncate text-xs text-muted">{player.groupName}</span>
        ) : null}
      </div>
    </div>
  );
}

/** One board as a card: board (and round), both players, the result badge and an optional footer. */
export function BoardCard({ board, heading, footer }: { board: Board; heading: string; footer?: ReactNode }) {
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="whitespace-nowrap text-sm font-semibold text-muted">{heading}</h3>
        <ResultBadge result={board.result} isStarted={board.isStarted} isReported={board.isReported} />
      </div>
      <Side colour="white" player={board.white} />
      <Side colour="black" player={board.black} />
      {footer ? <div className="border-t border-line pt-2 text-xs text-muted">{footer}</div> : null}
    </article>
  );
}

/** Boards as a list: board number, white and black (stacked on phones), result badge. */
export function PairingsList({ boards, label }: { boards: Board[]; label: string }) {
  return (
    <ol
      aria-label={label}
      className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
    >
      {boards.map((board) => (
        <li
          key={board.board}
          className="grid grid-cols-[3.25rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 px-3 py-3 sm:grid-cols-[3.25rem_minmax(0,1fr)_7.5rem] sm:px-4"
        >
          <span className="row-span-2 flex flex-col items-center self-start rounded-xl bg-surface-muted py-1 sm:row-span-1 sm:self-center">
            <span className="text-[0.65rem] font-semibold uppercase tracking-wide text-muted">Board</span>
            <span className="font-display text-lg font-bold leading-none text-fg">{board.board}</span>
          </span>
          <div className="grid min-w-0 gap-1.5 sm:grid-cols-2 sm:gap-4">
            <Side colour="white" player={board.white} />
            <Side colour="black" player={board.black} />
          </div>
          <span className="col-start-2 justify-self-start sm:col-start-auto sm:justify-self-end">
            <ResultBadge result={board.result} isStarted={board.isStarted} isReported={board.isReported} />
          </span>
        </li>
      ))}
    </ol>
  );
}
