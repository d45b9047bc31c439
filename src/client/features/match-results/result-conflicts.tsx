import { useQueryClient } from '@tanstack/react-query';
import { OUTBOX_MESSAGES } from '../../../contracts/client-actions';
import type { EntryBoard } from '../../../contracts/match-results';
import { formatResult } from '../../../domain/scoring/results';
import { useOutbox } from '../../components/outbox-status';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { theOutbox } from '../../lib/outbox/outbox';
import { queryKeys } from '../../lib/query-keys';
import { type QueuedResult, queueResult, RESULT_OUTBOX_KIND } from './queries';

/**
 * A result entered offline that met a board another arbiter changed meanwhile (ADR 032): shown one at a time
 * until the arbiter decides. Keep mine sends it again naming the board as it now stands; take theirs lets
 * mine go. Closed without a choice, it is listed under the status until resolved: nothing is dropped without the
 * arbiter's choice.
 */
export function ResultConflicts({
  putAside,
  onPutAside,
}: {
  /** Conflicts the arbiter closed without deciding: listed under the status, opened again by Resolve. */
  putAside: ReadonlySet<string>;
  onPutAside: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const conflict = useOutbox().entries.find(
    (entry) => entry.kind === RESULT_OUTBOX_KIND && entry.state === 'conflict' && !putAside.has(entry.id),
  );
  if (!conflict) return null;
  const mine = conflict.payload as QueuedResult;
  const current = conflict.current as EntryBoard | undefined;
  const theirs = current?.result ?? null;
  const resolve = async (keep: boolean) => {
    await theOutbox().discard(conflict.id);
    if (keep && current) await queueResult(queryClient, current, mine.result);
    else await queryClient.invalidateQueries({ queryKey: queryKeys.resultEntry });
  };
  return (
    <Dialog
      isOpen
      onClose={() => onPutAside(conflict.id)}
      title={OUTBOX_MESSAGES.conflictTitle(mine.board)}
      description={OUTBOX_MESSAGES.conflictBody(formatResult(mine.result), formatResult(theirs))}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={() => void resolve(false)}>
          {OUTBOX_MESSAGES.takeTheirs(formatResult(theirs))}
        </Button>
        <Button size="lg" onClick={() => void resolve(true)}>
          {OUTBOX_MESSAGES.keepMine(formatResult(mine.result))}
        </Button>
      </div>
    </Dialog>
  );
}
