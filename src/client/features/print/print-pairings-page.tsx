import { useSearchParams } from 'react-router';
import { BYE_LABELS } from '../../../contracts/byes';
import type { CurrentRoundResponse } from '../../../contracts/tournament';
import { countOf } from '../../../domain/plural';
import { formatResult } from '../../../domain/scoring/results';
import { cx } from '../../components/ui/cx';
import { useCurrentRound } from '../tournament/queries';
import { PrintFrame, PrintMessage } from './print-frame';
import { alphabeticalPairings } from './print-lists';
import { type PrintColumn, PrintTable } from './print-table';

type Order = 'both' | 'board' | 'name';
const ORDERS: { key: Order; label: string }[] = [
  { key: 'both', label: 'Both lists' },
  { key: 'board', label: 'By board' },
  { key: 'name', label: 'By name' },
];

const cell = 'border border-black px-2 py-1 text-left align-top';
const head = `${cell} bg-slate-100 font-semibold print:bg-white`;

function team(groupName: string | null) {
  return groupName ? <span className="block text-xs">{groupName}</span> : null;
}

const BOARD_COLUMNS: PrintColumn[] = [
  { key: 'board', label: 'Board', className: 'w-16' },
  { key: 'white', label: 'White' },
  { key: 'black', label: 'Black' },
  { key: 'result', label: 'Result', className: 'w-20' },
];

function ByBoard({ round }: { round: CurrentRoundResponse }) {
  return (
    <PrintTable
      id="by-board"
      title="Pairings by board"
      headClass={head}
      columns={BOARD_COLUMNS}
      footer={
        round.byes.length > 0 ? (
          <p className="mt-2 text-sm">
            <span className="font-semibold">No game this round: </span>
            {round.byes.map(({ player, kind }) => `${player.name} (${BYE_LABELS[kind]})`).join('; ')}
          </p>
        ) : null
      }
    >
      {round.boards.map((board) => (
        <tr key={board.board}>
          <td className={`${cell} text-center font-bold`}>{board.board}</td>
          <td className={cell}>
            {board.white?.name ?? 'Unknown'}
            {team(board.white?.groupName ?? null)}
          </td>
          <td className={cell}>
            {board.black?.name ?? 'Unknown'}
            {team(board.black?.groupName ?? null)}
          </td>
          <td className={`${cell} text-center`}>{board.result ? formatResult(board.result) : ''}</td>
        </tr>
      ))}
    </PrintTable>
  );
}

const NAME_COLUMNS: PrintColumn[] = [
  { key: 'player', label: 'Player' },
  { key: 'board', label: 'Board', className: 'w-16' },
  { key: 'colour', label: 'Colour', className: 'w-20' },
  { key: 'opponent', label: 'Opponent' },
];

function ByName({ round }: { round: CurrentRoundResponse }) {
  return (
    <PrintTable id="by-name" title="Pairings by name" headClass={head} columns={NAME_COLUMNS}>
      {alphabeticalPairings(round).map((row) => (
        <tr key={`${row.name}-${row.board ?? 'bye'}-${row.colour ?? ''}`}>
          <th scope="row" className={`${cell} font-normal`}>
            <span className="font-semibold">{row.name}</span>
            {team(row.groupName)}
          </th>
          <td className={`${cell} text-center font-bold`}>{row.board ?? '–'}</td>
          <td className={cell}>
            {row.colour === 'white' ? 'White' : row.colour === 'black' ? 'Black' : '–'}
          </td>
          <td className={cell}>{row.bye ? BYE_LABELS[row.bye] : (row.opponent?.name ?? 'Unknown')}</td>
        </tr>
      ))}
    </PrintTable>
  );
}

/** /print/pairings?order=both|board|name: the current round's pairing lists for the notice board. */
export function PrintPairingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('order');
  const order: Order = requested === 'board' || requested === 'name' ? requested : 'both';
  const { data, error, isPending } = useCurrentRound();
  const title = data?.round ? `Round ${data.round.number} pairings` : 'Pairings';
  return (
    <PrintFrame title={title} subtitle={data?.round ? countOf(data.boards.length, 'board') : undefined}>
      <fieldset className="mb-4 flex flex-wrap gap-2 print:hidden">
        <legend className="sr-only">Lists to print</legend>
        {ORDERS.map((option) => (
          <button
            key={option.key}
            type="button"
            aria-pressed={order === option.key}
            onClick={() => setParams(option.key === 'both' ? {} : { order: option.key }, { replace: true })}
            className={cx(
              'min-h-11 rounded-lg border border-slate-400 px-3 text-sm font-semibold',
              order === option.key ? 'bg-slate-900 text-white' : 'bg-white text-slate-900',
            )}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
      {isPending ? (
        <PrintMessage>Loading tournament data...</PrintMessage>
      ) : error ? (
        <PrintMessage>Could not load the pairings. Check the connection and reload.</PrintMessage>
      ) : data.boards.length === 0 && data.byes.length === 0 ? (
        <PrintMessage>No pairings for the current round yet.</PrintMessage>
      ) : (
        <div className="flex flex-col gap-6">
          {order !== 'name' ? (
            <div className={order === 'both' ? 'print-page-break' : undefined}>
              <ByBoard round={data} />
            </div>
          ) : null}
          {order !== 'board' ? <ByName round={data} /> : null}
        </div>
      )}
    </PrintFrame>
  );
}
