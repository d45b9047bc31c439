import { CalendarMinus, Trash2, UserCheck, UserMinus, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type ManagedPlayer,
  playerFieldsSchema,
  REQUESTABLE_BYE_KINDS,
} from '../../../contracts/player-management';
import { Button } from '../../components/ui/button';
import { Dialog, DialogConfirmActions, DialogSubmitActions } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { type ListPlayers, useRemoveBye, useRequestBye, useSavePlayer, useSetActive } from './queries';

export const BYE_KIND_LABELS: Record<string, string> = {
  half: 'Half-point bye (½)',
  full: 'Full-point bye (1)',
  zero: 'Zero-point bye (0)',
  pairing: 'Pairing bye (1)',
};

/** The form's rating: blank is unrated; anything else must be a number (the schema says which). */
function ratingOf(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** Add (a late entry once the tournament runs) or edit: name, team, rating, club, linked account. */
export function PlayerDialog({
  player,
  isOpen,
  tournamentId,
  onClose,
}: {
  player: ManagedPlayer | null;
  isOpen: boolean;
  tournamentId: string | null;
  onClose: () => void;
}) {
  const { errors, formRef, check } = useFieldErrors();
  const save = useSavePlayer();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = readForm(event.currentTarget);
    const fields = check(playerFieldsSchema, {
      name: form.name ?? '',
      groupName: form.groupName ?? '',
      rating: ratingOf(form.rating),
      club: form.club ?? '',
      girlsPrize: form.girlsPrize === 'on',
      userEmail: (form.userEmail ?? '').trim(),
    });
    if (!fields) return;
    save.mutate(
      { id: player?.id ?? null, tournamentId, ...fields, userEmail: fields.userEmail ?? '' },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) =>
          notifyFailure(error, player ? 'Failed to update the player' : 'Failed to add the player'),
      },
    );
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={player ? `Edit ${player.name}` : 'Add a player'}
      description={
        player
          ? 'Changes show on the public pages at once.'
          : 'A late entry joins the pairings from the next round that is not yet paired.'
      }
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          defaultValue={player?.name ?? ''}
          maxLength={100}
          error={errors.name}
        />
        <TextField
          label="Team"
          name="groupName"
          autoComplete="off"
          defaultValue={player?.groupName ?? ''}
          hint="School and team letter, e.g. St Kevin's A. The school is taken from it."
          maxLength={100}
          error={errors.groupName}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Rating"
            name="rating"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={player?.rating ?? ''}
            hint="Blank if unrated."
            error={errors.rating}
          />
          <TextField
            label="Club"
            name="club"
            autoComplete="off"
            defaultValue={player?.club ?? ''}
            maxLength={100}
            error={errors.club}
          />
        </div>
        <CheckboxField
          label="Eligible for girls’ prizes"
          name="girlsPrize"
          defaultChecked={player?.girlsPrize ?? false}
        />
        <TextField
          label="Linked account e-mail (optional)"
          name="userEmail"
          type="email"
          autoComplete="off"
          defaultValue={player?.userEmail ?? ''}
          hint="The player then sees their board on their dashboard."
          error={errors.userEmail}
        />
        <DialogSubmitActions
          onCancel={onClose}
          isPending={save.isPending}
          pendingLabel="Saving..."
          icon={UserPlus}
        >
          {player ? 'Save changes' : 'Add player'}
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/** Withdraw asks first (the player stops being paired); re-activating needs no confirmation. */
export function WithdrawDialog({ player, onClose }: { player: ManagedPlayer | null; onClose: () => void }) {
  const setActive = useSetActive();
  const onConfirm = () => {
    if (!player) return;
    setActive.mutate(
      { id: player.id, active: false },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to withdraw the player'),
      },
    );
  };
  return (
    <Dialog
      isOpen={player !== null}
      onClose={onClose}
      title={player ? `Withdraw ${player.name}?` : 'Withdraw'}
      description="Their results stay in the standings, but they are no longer paired. Byes they requested for rounds not yet paired are dropped. You can re-activate them later."
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={setActive.isPending}
        pendingLabel="Withdrawing..."
        icon={UserMinus}
        variant="danger"
      >
        Withdraw player
      </DialogConfirmActions>
    </Dialog>
  );
}

export function ReactivateButton({ player }: { player: ManagedPlayer }) {
  // The row swaps this button for Withdraw as soon as the live list shows the player active, which may be
  // before the answer arrives: the toast is the mutation's, so it shows even then.
  const setActive = useSetActive({
    onSuccess: ({ message }) => notify('success', message),
    onError: (error) => notifyFailure(error, 'Failed to re-activate the player'),
  });
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={setActive.isPending}
      onClick={() => setActive.mutate({ id: player.id, active: true })}
    >
      <UserCheck aria-hidden="true" className="size-4" />
      Re-activate<span className="sr-only"> {player.name}</span>
    </Button>
  );
}

/** Requested byes: only for upcoming rounds without pairings (the server refuses others too). */
export function ByeDialog({
  player,
  rounds,
  onClose,
}: {
  player: ManagedPlayer | null;
  rounds: ListPlayers['rounds'];
  onClose: () => void;
}) {
  const request = useRequestBye();
  const remove = useRemoveBye();
  const open = rounds.filter((round) => round.acceptsByes);
  const [roundNumber, setRoundNumber] = useState<string>(String(open[0]?.number ?? ''));
  const isOpenRound = (number: number) => open.some((round) => round.number === number);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!player) return;
    const form = readForm(event.currentTarget);
    request.mutate(
      {
        id: player.id,
        roundNumber: Number(form.roundNumber),
        kind: (form.kind ?? 'half') as (typeof REQUESTABLE_BYE_KINDS)[number],
      },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to record the bye'),
      },
    );
  };
  return (
    <Dialog
      isOpen={player !== null}
      onClose={onClose}
      title={player ? `Byes for ${player.name}` : 'Byes'}
      description="A requested bye keeps the player out of that round's pairing. It can be set or removed until the round is paired."
    >
      {player ? (
        <div className="flex flex-col gap-5">
          {player.byes.length > 0 ? (
            <ul
              aria-label="Byes"
              className="flex flex-col divide-y divide-line rounded-xl border border-line"
            >
              {player.byes.map((bye) => (
                <li key={bye.roundNumber} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span>
                    Round {bye.roundNumber}: {BYE_KIND_LABELS[bye.kind]}
                  </span>
                  {bye.kind !== 'pairing' && isOpenRound(bye.roundNumber) ? (
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(
                          { id: player.id, roundNumber: bye.roundNumber },
                          {
                            onSuccess: ({ message }) => notify('success', message),
                            onError: (error) => notifyFailure(error, 'Failed to remove the bye'),
                          },
                        )
                      }
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove<span className="sr-only"> bye in round {bye.roundNumber}</span>
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {!player.active ? (
            <p className="text-sm text-muted">Re-activate {player.name} before requesting a bye.</p>
          ) : open.length === 0 ? (
            <p className="text-sm text-muted">Every remaining round is already paired or under way.</p>
          ) : (
            <form onSubmit={onSubmit} className="flex flex-col gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label="Round"
                  name="roundNumber"
                  value={roundNumber}
                  onChange={(event) => setRoundNumber(event.target.value)}
                >
                  {open.map((round) => (
                    <option key={round.number} value={round.number}>
                      Round {round.number}
                    </option>
                  ))}
                </SelectField>
                <SelectField label="Kind" name="kind" defaultValue="half">
                  {REQUESTABLE_BYE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {BYE_KIND_LABELS[kind]}
                    </option>
                  ))}
                </SelectField>
              </div>
              <DialogSubmitActions
                onCancel={onClose}
                isPending={request.isPending}
                pendingLabel="Saving..."
                icon={CalendarMinus}
              >
                Request bye
              </DialogSubmitActions>
            </form>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
