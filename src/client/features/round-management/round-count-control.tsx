import { type FormEvent, useId, useState } from 'react';
import type { AdminRoundSummary, RoundCountResponse } from '../../../contracts/round-management';
import { countOf } from '../../../domain/plural';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog, DialogActions } from '../../components/ui/dialog';
import { controlClass } from '../../components/ui/field';
import { notify, notifyFailure } from '../../lib/notify';
import { useRoundCount } from './queries';

/**
 * The number of rounds: raising it adds upcoming rounds; lowering it deletes the upcoming rounds above it with
 * their pairings, after a confirmation that lists them (the server refuses to delete a started round).
 */
export function RoundCountControl({ rounds }: { rounds: readonly AdminRoundSummary[] }) {
  const [draft, setDraft] = useState(String(rounds.length));
  const [pending, setPending] = useState<RoundCountResponse | null>(null);
  const mutation = useRoundCount();
  const inputId = useId();
  const target = Number(draft);
  const isValid = Number.isInteger(target) && target >= 1 && target <= 30;

  const save = (confirm: boolean) =>
    mutation.mutate(
      { totalRounds: target, confirm },
      {
        onSuccess: (result) => {
          if (result.applied) {
            setPending(null);
            notify('success', result.message);
          } else setPending(result);
        },
        onError: (error) => notifyFailure(error, 'Failed to change the number of rounds'),
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) save(false);
  };

  return (
    <>
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-semibold text-fg">
            Number of rounds
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={30}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={isValid ? undefined : true}
            className={`${controlClass} w-24`}
          />
        </div>
        <SubmitButton
          variant="secondary"
          isPending={mutation.isPending && !pending}
          pendingLabel="Saving…"
          disabled={!isValid || target === rounds.length}
        >
          Save
        </SubmitButton>
      </form>
      <Dialog
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        title={`Delete rounds above ${target}?`}
        description="These upcoming rounds are deleted with their pairings and byes. This cannot be undone."
      >
        <ul className="list-disc pl-5 text-sm text-fg">
          {pending?.deleted.map((round) => (
            <li key={round.number}>
              Round {round.number}:{' '}
              {round.boards + round.byes === 0
                ? 'not paired'
                : `${countOf(round.boards, 'board')}, ${countOf(round.byes, 'bye')}`}
            </li>
          ))}
        </ul>
        <DialogActions onCancel={() => setPending(null)}>
          <Button variant="danger" disabled={mutation.isPending} onClick={() => save(true)}>
            Delete {countOf(pending?.deleted.length ?? 0, 'round')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
