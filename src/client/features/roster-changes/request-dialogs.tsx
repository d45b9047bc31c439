import { CircleAlert, MessageSquare, UserRoundPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { RosterChanges, RosterPupil } from '../../../contracts/roster-changes';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import {
  emptyPlayer,
  type PlayerDraft,
  PlayerFields,
  toPlayerInput,
} from '../registrations/registration-page';
import type { RosterChangeRequest } from './queries';

/**
 * The teacher's roster page's two forms, loaded only when one opens: a substitute (with the registration form's
 * own pupil fields: name, age, name permission, guardian consent), and a request to bring a withdrawn pupil back.
 */

/** The server's per-field problems (`pupil.dateOfBirth`, …) of a refused substitute, by field path. */
function issuesOf(error: unknown): Record<string, string> {
  const issues = error instanceof ApiRequestError ? error.issues : [];
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/**
 * The substitute's form: the same details and guardian consent as at registration. While names are open the
 * change is made at once; once they are locked it goes to an arbiter, and a reason is asked for.
 */
export function SubstituteDialog({
  roster,
  pupil,
  onClose,
  change,
  isPending,
  error,
  failed,
}: {
  roster: RosterChanges;
  pupil: RosterPupil;
  onClose: () => void;
  change: (request: RosterChangeRequest) => void;
  isPending: boolean;
  /** The server's refusal, shown in the form, with its per-field problems on the fields. */
  error: unknown;
  failed: string;
}) {
  const message = error ? serverMessage(error, failed) : null;
  const issues = issuesOf(error);
  const [draft, setDraft] = useState<PlayerDraft>(emptyPlayer);
  const [reason, setReason] = useState('');
  const locked = !roster.namesLock.open;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change({
      type: 'substitute',
      playerId: pupil.id,
      pupil: toPlayerInput(draft, roster.tournamentDay),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
  };
  const round = roster.nextRound === null ? '' : ` from round ${roster.nextRound}`;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={pupil.active ? `Substitute for ${pupil.name}` : `Fill the place of ${pupil.name}`}
      description={
        pupil.active
          ? `${pupil.name} keeps their results and is not paired${round}; the substitute plays in their place.`
          : `The new pupil plays${round} in the place ${pupil.name} left.`
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <PlayerFields
          player={draft}
          path="pupil"
          index={0}
          title="Substitute"
          tournamentDay={roster.tournamentDay}
          issues={issues}
          onChange={(changed) => setDraft((before) => ({ ...before, ...changed }))}
        />
        {locked ? (
          <TextareaField
            label="Why is the change needed?"
            hint="Names are locked: an arbiter decides, and you get the answer by e-mail."
            value={reason}
            maxLength={500}
            required
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
        {message ? (
          <p role="alert" className="flex items-center gap-2 text-sm font-medium text-loss">
            <CircleAlert aria-hidden="true" className="size-4" />
            {message}
          </p>
        ) : null}
        <DialogSubmitActions
          onCancel={onClose}
          isPending={isPending}
          pendingLabel="Sending…"
          icon={UserRoundPlus}
        >
          {locked ? 'Ask an arbiter' : 'Name the substitute'}
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/** Asks an arbiter to bring a withdrawn pupil back, once the teacher's own undo has passed. */
export function AskReturnDialog({
  pupil,
  onClose,
  change,
  isPending,
}: {
  pupil: RosterPupil;
  onClose: () => void;
  change: (request: RosterChangeRequest) => void;
  isPending: boolean;
}) {
  const [reason, setReason] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change({ type: 'ask-return', playerId: pupil.id, reason: reason.trim() });
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Ask to bring back ${pupil.name}`}
      description="The round the withdrawal started from is paired, so an arbiter decides. You get the answer by e-mail."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextareaField
          label="Why should the pupil come back?"
          value={reason}
          maxLength={500}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <DialogSubmitActions
          onCancel={onClose}
          isPending={isPending}
          pendingLabel="Sending…"
          icon={MessageSquare}
        >
          Ask an arbiter
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}
