import { ArrowLeftRight, Info, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { BYE_LABELS } from '../../../contracts/byes';
import type {
  AdminRoundPlayer,
  ManualChangeBody,
  ManualChangeResponse,
  PairingExplanation,
} from '../../../contracts/round-management';
import { countOf } from '../../../domain/plural';
import { COLOUR_LABELS, formatPoints } from '../../../domain/scoring/results';
import { LoadError } from '../../components/load-error';
import { ResultBadge } from '../../components/result-badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogActions } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { notify, notifyFailure } from '../../lib/notify';
import { useChangePairings, useRoundDetail } from './queries';

function PlayerButton({
  player,
  colour,
  isSelectable,
  isSelected,
  onToggle,
}: {
  player: AdminRoundPlayer;
  colour: 'White' | 'Black' | 'Bye';
  isSelectable: boolean;
  isSelected: boolean;
  onToggle: () => void;
}) {
  const content = (
    <>
      <span className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cx(
            'size-3 shrink-0 rounded-full border border-line',
            colour === 'White' ? 'bg-white' : colour === 'Black' ? 'bg-neutral-900' : 'bg-surface-muted',
          )}
        />
        <span className="truncate font-semibold text-fg">{player.name}</span>
        <span className="ml-auto shrink-0 text-sm tabular-nums text-muted">
          {formatPoints(player.halfPoints)} pts
        </span>
      </span>
      <span className="block truncate pl-5 text-xs text-muted">
        <span className="sr-only">{colour}: </span>
        {player.groupName ?? 'No team'}
        {player.rating !== null ? ` · ${player.rating}` : ''}
      </span>
    </>
  );
  if (!isSelectable) return <div className="min-w-0 px-2 py-1.5">{content}</div>;
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={onToggle}
      className={cx(
        'min-h-11 w-full min-w-0 rounded-xl border px-2 py-1.5 text-left',
        isSelected
          ? 'border-primary bg-primary/10 ring-2 ring-primary/40'
          : 'border-transparent hover:bg-surface-muted',
      )}
    >
      {content}
    </button>
  );
}

function Explanations({ explanations }: { explanations: readonly PairingExplanation[] }) {
  const relaxations = explanations.filter((e) => e.kind !== 'colour' && e.kind !== 'floated');
  const floats = explanations.filter((e) => e.kind === 'floated');
  const colours = explanations.filter((e) => e.kind === 'colour');
  return (
    <section aria-labelledby="explanations-heading" className="flex flex-col gap-2">
      <h3 id="explanations-heading" className="font-semibold text-fg">
        The engine's explanations
      </h3>
      {relaxations.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-fg">
          {relaxations.map((e) => (
            <li key={e.text}>{e.text}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No rule had to be relaxed.</p>
      )}
      {[
        { label: `Floats (${floats.length})`, items: floats },
        { label: `Colours (${colours.length})`, items: colours },
      ].map(({ label, items }) =>
        items.length > 0 ? (
          <details key={label} className="rounded-xl border border-line px-3 py-2">
            <summary className="min-h-9 cursor-pointer py-1 text-sm font-semibold text-fg">{label}</summary>
            <ul className="mt-1 flex flex-col gap-1 text-sm text-muted">
              {items.map((e) => (
                <li key={e.text}>{e.text}</li>
              ))}
            </ul>
          </details>
        ) : null,
      )}
    </section>
  );
}

/**
 * One round's boards and byes. On an upcoming round the arbiter selects two players to swap them (between
 * boards, with the bye, or the colours of one board); a change that breaks a pairing rule is confirmed first.
 */
export function RoundPairings({
  number,
  explanations,
}: {
  number: number;
  explanations: readonly PairingExplanation[] | null;
}) {
  const { data, error, isPending, refetch, isFetching } = useRoundDetail(number);
  const change = useChangePairings();
  const [picked, setPicked] = useState<string[]>([]);
  const [warned, setWarned] = useState<{ body: ManualChangeBody; answer: ManualChangeResponse } | null>(null);

  if (isPending) return <Spinner />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;
  const isEditable = data.round.actions.changePairings === 'ready';
  const selected = isEditable ? picked : [];
  const toggle = (id: string) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current.slice(-1), id],
    );
  const allPlayers = [...data.boards.flatMap((b) => [b.white, b.black]), ...data.byes.map((b) => b.player)];
  const nameOf = (id: string) => allPlayers.find((p) => p.id === id)?.name ?? 'Unknown';
  const pairingBye = data.byes.find((bye) => bye.kind === 'pairing');

  const send = (body: ManualChangeBody) =>
    change.mutate(
      { number, body },
      {
        onSuccess: (answer) => {
          if (answer.applied) {
            setWarned(null);
            setPicked([]);
            notify('success', answer.message);
          } else setWarned({ body, answer });
        },
        onError: (failure) => notifyFailure(failure, 'Failed to change pairings'),
      },
    );
  const [first, second] = selected;

  return (
    <Card className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-xl font-bold text-fg">Round {data.round.number} pairings</h2>
        <span className="text-sm text-muted">
          {countOf(data.boards.length, 'board')}
          {data.byes.length > 0 ? `, ${countOf(data.byes.length, 'bye')}` : ''}
        </span>
      </div>
      {data.round.pairingNotes.length > 0 ? (
        <div className="flex gap-2 rounded-xl border border-line bg-surface-muted p-3 text-sm text-fg">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <div>
            <p className="font-semibold">Public notes</p>
            <ul className="list-disc pl-5">
              {data.round.pairingNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {isEditable && data.boards.length > 0 ? (
        <div
          className="sticky top-20 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface p-3 shadow-sm"
          aria-live="polite"
        >
          <p className="flex-1 text-sm text-muted">
            {selected.length === 0
              ? 'To change the pairings, select two players to swap.'
              : selected.length === 1
                ? `${nameOf(first!)} selected: select the player to swap with.`
                : `Swap ${nameOf(first!)} and ${nameOf(second!)}?`}
          </p>
          {selected.length > 0 ? (
            <Button size="sm" variant="ghost" onClick={() => setPicked([])}>
              <X aria-hidden="true" className="size-4" />
              Clear
            </Button>
          ) : null}
          <Button
            size="sm"
            disabled={selected.length !== 2 || change.isPending}
            onClick={() => send({ kind: 'swap_players', playerA: first!, playerB: second! })}
          >
            <ArrowLeftRight aria-hidden="true" className="size-4" />
            Swap players
          </Button>
        </div>
      ) : null}
      {data.boards.length === 0 && data.byes.length === 0 ? (
        <p className="text-muted">No pairings yet.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line" aria-label={`Round ${data.round.number} boards`}>
          {data.boards.map((board) => (
            <li
              key={board.board}
              className="grid grid-cols-[2.5rem_1fr] items-center gap-x-2 gap-y-1 py-2 md:grid-cols-[3rem_1fr_1fr_auto]"
            >
              <span className="row-span-2 text-center font-display text-lg font-bold text-muted md:row-span-1">
                <span className="sr-only">Board </span>
                {board.board}
              </span>
              {(['white', 'black'] as const).map((side) => (
                <PlayerButton
                  key={side}
                  player={board[side]}
                  colour={COLOUR_LABELS[side]}
                  isSelectable={isEditable}
                  isSelected={selected.includes(board[side].id)}
                  onToggle={() => toggle(board[side].id)}
                />
              ))}
              {isEditable ? null : (
                <span className="col-start-2 md:col-start-auto">
                  <ResultBadge result={board.result} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {data.byes.length > 0 ? (
        <section aria-labelledby="byes-heading" className="flex flex-col gap-2">
          <h3 id="byes-heading" className="font-semibold text-fg">
            Byes and absences
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {data.byes.map((bye) => (
              <li key={bye.player.id} className="rounded-xl border border-line">
                <PlayerButton
                  player={bye.player}
                  colour="Bye"
                  isSelectable={isEditable && bye === pairingBye}
                  isSelected={selected.includes(bye.player.id)}
                  onToggle={() => toggle(bye.player.id)}
                />
                <p className="px-2 pb-1.5 pl-7 text-xs font-semibold text-muted">{BYE_LABELS[bye.kind]}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {explanations ? <Explanations explanations={explanations} /> : null}
      <Dialog
        isOpen={warned !== null}
        onClose={() => setWarned(null)}
        title="This change breaks pairing rules"
        description="Save it anyway only if you have a reason the engine could not know."
      >
        <ul className="flex flex-col gap-2 text-sm text-fg">
          {warned?.answer.warnings.map((warning) => (
            <li key={warning} className="flex gap-2">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-loss" />
              {warning}
            </li>
          ))}
        </ul>
        <DialogActions onCancel={() => setWarned(null)}>
          <Button
            variant="danger"
            disabled={change.isPending}
            onClick={() => warned && send({ ...warned.body, acceptWarnings: true })}
          >
            Save anyway
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
