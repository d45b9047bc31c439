import { CircleAlert, type LucideIcon, MessageSquare, UserRoundPlus, UsersRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { RosterChanges, RosterPupil } from '../../../contracts/roster-changes';
import { PLAYERS_PER_TEAM } from '../../../domain/registration';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextareaField, TextField } from '../../components/ui/field';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { formatEuroCents } from '../../lib/format-money';
import {
  emptyPlayer,
  type PlayerDraft,
  PlayerFields,
  toPlayerInput,
} from '../registrations/registration-page';
import type { RosterChangeRequest } from './queries';

/**
 * What the teacher's roster page loads only when it is needed: the forms of a substitute and a late team (with the
 * registration form's own pupil fields: name, age, name permission, guardian consent) and of a request to bring a
 * withdrawn pupil back; a late team's confirmation; the school's requests to an arbiter, when it has any.
 */

/** The server's per-field problems (`pupil.dateOfBirth`, …) of a refused substitute, by field path. */
function issuesOf(error: unknown): Record<string, string> {
  const issues = error instanceof ApiRequestError ? error.issues : [];
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/** What the substitute's and the late team's forms are given by the roster page. */
interface ChangeFormProps {
  roster: RosterChanges;
  onClose: () => void;
  change: (request: RosterChangeRequest) => void;
  isPending: boolean;
  /** The server's refusal, shown in the form, with its per-field problems on the fields. */
  error: unknown;
  /** What to say when the request failed without an answer (offline). */
  failed: string;
}

/**
 * The foot of a change's form: once names are locked, the reason the arbiter reads (the change then goes to an
 * arbiter, and the button says so); the server's refusal; Cancel and the action.
 */
function FormFoot({
  locked,
  reasonLabel,
  reason: [reason, setReason],
  message,
  onClose,
  isPending,
  icon,
  children,
}: {
  locked: boolean;
  reasonLabel: string;
  reason: [string, (reason: string) => void];
  message: string | null;
  onClose: () => void;
  isPending: boolean;
  icon: LucideIcon;
  children: string;
}) {
  return (
    <>
      {locked ? (
        <TextareaField
          label={reasonLabel}
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
      <DialogSubmitActions onCancel={onClose} isPending={isPending} pendingLabel="Sending…" icon={icon}>
        {locked ? 'Ask an arbiter' : children}
      </DialogSubmitActions>
    </>
  );
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
}: ChangeFormProps & { pupil: RosterPupil }) {
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
        <FormFoot
          locked={locked}
          reasonLabel="Why is the change needed?"
          reason={[reason, setReason]}
          message={message}
          onClose={onClose}
          isPending={isPending}
          icon={UserRoundPlus}
        >
          Name the substitute
        </FormFoot>
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

/**
 * A late team of four: the registration form's fields for each pupil. It becomes a registration of its own at
 * the team price, paid now or later; once names are locked it goes to an arbiter, with a reason.
 */
export function LateTeamDialog({ roster, onClose, change, isPending, error, failed }: ChangeFormProps) {
  const [name, setName] = useState('');
  const [pupils, setPupils] = useState<PlayerDraft[]>(() =>
    Array.from({ length: PLAYERS_PER_TEAM }, emptyPlayer),
  );
  const [reason, setReason] = useState('');
  const locked = !roster.namesLock.open;
  const message = error ? serverMessage(error, failed) : null;
  const issues = issuesOf(error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change({
      type: 'late-team',
      team: { name, players: pupils.map((pupil) => toPlayerInput(pupil, roster.tournamentDay)) },
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
  };
  const price = formatEuroCents(roster.lateTeam.priceCents);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title="Enter a late team"
      description={`The team plays from round ${roster.lateTeam.joinsRound ?? ''} and costs ${price}, paid now or later. Each pupil needs the same details and consent as at registration.`}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Team name"
          name="team.name"
          autoComplete="off"
          value={name}
          error={issues['team.name']}
          onChange={(event) => setName(event.target.value)}
        />
        {pupils.map((pupil, index) => (
          <PlayerFields
            // biome-ignore lint/suspicious/noArrayIndexKey: the four places of a team never move
            key={index}
            player={pupil}
            path={`team.players.${index}`}
            index={index}
            title={`Pupil ${index + 1}`}
            tournamentDay={roster.tournamentDay}
            issues={issues}
            onChange={(changed) =>
              setPupils((before) =>
                before.map((entry, at) => (at === index ? { ...entry, ...changed } : entry)),
              )
            }
          />
        ))}
        <FormFoot
          locked={locked}
          reasonLabel="Why is the late team needed?"
          reason={[reason, setReason]}
          message={message}
          onClose={onClose}
          isPending={isPending}
          icon={UsersRound}
        >
          Enter the team
        </FormFoot>
      </form>
    </Dialog>
  );
}

/** A late team just entered: its own registration, to pay now or later and to manage on its own page. */
export function LateTeamEntered({
  entered,
}: {
  entered: { team: string; registrationId: string; accessToken: string };
}) {
  const fragment = `${encodeURIComponent(entered.registrationId)}#token=${encodeURIComponent(entered.accessToken)}`;
  return (
    <Card role="status" className="flex flex-col gap-3 border-win/40">
      <h2 className="flex items-center gap-2 font-display text-xl font-bold text-fg">
        <UsersRound aria-hidden="true" className="size-5 text-win" />
        {entered.team} is entered
      </h2>
      <p className="text-muted">
        It has a registration of its own. Pay for it now or later, and manage its pupils on its own page (keep
        these links private: we also e-mailed them to you).
      </p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink size="sm" to={`/registration/teams/${fragment}`}>
          Pay for {entered.team}
        </ButtonLink>
        <ButtonLink size="sm" variant="secondary" to={`/registration/roster/${fragment}`}>
          {entered.team}: byes and substitutes
        </ButtonLink>
      </div>
    </Card>
  );
}

const REQUEST_STATUS: Record<
  RosterChanges['requests'][number]['status'],
  { label: string; tone: 'draw' | 'win' | 'loss' }
> = {
  pending: { label: 'Waiting for an arbiter', tone: 'draw' },
  accepted: { label: 'Accepted', tone: 'win' },
  refused: { label: 'Refused', tone: 'loss' },
};

/** What this school asked an arbiter, and the answers. */
export function Requests({ requests }: { requests: RosterChanges['requests'] }) {
  return (
    <Card className="flex flex-col gap-3" role="region" aria-label="Requests to an arbiter">
      <h2 className="font-display text-xl font-bold text-fg">Requests to an arbiter</h2>
      <ul className="flex flex-col gap-2">
        {requests.map((request) => (
          <li key={request.id} className="flex flex-col gap-1 rounded-xl bg-surface-muted p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={REQUEST_STATUS[request.status].tone}>{REQUEST_STATUS[request.status].label}</Badge>
              <span className="font-semibold text-fg">{request.summary}</span>
              <span className="text-muted">asked at {formatTime(request.createdAt)}</span>
            </div>
            <p className="text-muted">Your reason: {request.reason}</p>
            {request.decisionNote ? (
              <p className="text-fg">The arbiter's note: {request.decisionNote}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
