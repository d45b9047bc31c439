import type { Board, PublicPlayer } from '../../../contracts/tournament';
import { useCurrentRound, useTournament } from '../tournament/queries';
import { PrintFrame, PrintMessage } from './print-frame';
import { chunk } from './print-lists';

/** Four A6 cards per A4 sheet, to cut along the dashed lines. */
const CARDS_PER_PAGE = 4;
const RESULTS = ['1-0', '½-½', '0-1'] as const;

function Side({ label, player }: { label: string; player: PublicPlayer | null }) {
  return (
    <div className="border-t border-black pt-2">
      <p className="text-xs font-semibold uppercase tracking-wide">{label}</p>
      <p className="text-lg font-bold leading-tight">{player?.name ?? 'Unknown'}</p>
      <p className="text-xs">{player?.groupName ?? ''}</p>
      <p className="mt-3 text-xs">Signature: ____________________</p>
    </div>
  );
}

function BoardCard({ board, tournament }: { board: Board; tournament: string }) {
  return (
    <article
      aria-label={`Board ${board.board}`}
      className="print-avoid-break flex h-full flex-col gap-3 border-2 border-dashed border-slate-500 p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs">{tournament}</p>
          <p className="text-sm font-semibold">{`Round ${board.roundNumber}`}</p>
        </div>
        <p className="text-right">
          <span className="block text-xs font-semibold uppercase">Board</span>
          <span className="font-display text-4xl font-bold leading-none">{board.board}</span>
        </p>
      </div>
      <Side label="White" player={board.white} />
      <Side label="Black" player={board.black} />
      <div className="border-t border-black pt-2">
        <p className="text-xs font-semibold uppercase">Result (tick one)</p>
        <div className="mt-1 flex gap-4">
          {RESULTS.map((result) => (
            <span key={result} className="inline-flex items-center gap-1.5 text-lg font-bold">
              <span aria-hidden="true" className="inline-block size-5 border-2 border-black" />
              {result}
            </span>
          ))}
        </div>
      </div>
      <p className="mt-auto text-xs">Arbiter: ____________________</p>
    </article>
  );
}

/** /print/board-cards: one card per board of the current round, with result boxes to tick and sign. */
export function PrintBoardCardsPage() {
  const { data, error, isPending } = useCurrentRound();
  const tournament = useTournament().data?.tournament?.name ?? '';
  const title = data?.round ? `Round ${data.round.number} board cards` : 'Board cards';
  return (
    <PrintFrame
      isHeadingPrinted={false}
      title={title}
      subtitle="One card per board: tick the result, both players sign."
    >
      {isPending ? (
        <PrintMessage>Loading tournament data...</PrintMessage>
      ) : error ? (
        <PrintMessage>Could not load the pairings. Check the connection and reload.</PrintMessage>
      ) : data.boards.length === 0 ? (
        <PrintMessage>No pairings for the current round yet.</PrintMessage>
      ) : (
        chunk(data.boards, CARDS_PER_PAGE).map((page, index, pages) => (
          <div
            key={page[0]!.board}
            className={`grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-0 ${index < pages.length - 1 ? 'print-page-break mb-4 print:mb-0' : ''}`}
          >
            {page.map((board) => (
              <div key={board.board} className="print:h-[134mm]">
                <BoardCard board={board} tournament={tournament} />
              </div>
            ))}
          </div>
        ))
      )}
    </PrintFrame>
  );
}
