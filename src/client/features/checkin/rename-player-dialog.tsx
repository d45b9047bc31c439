import { Pencil } from 'lucide-react';
import type { FormEvent } from 'react';
import { type CheckinPlayer, renamePlayerBodySchema } from '../../../contracts/checkin';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { useRenamePlayer } from './queries';

/** docs/requirements.md §5: a player's name is corrected at check-in, by the desk. */
export function RenamePlayerDialog({
  player,
  onClose,
}: {
  player: CheckinPlayer | null;
  onClose: () => void;
}) {
  const { errors, formRef, check } = useFieldErrors();
  const rename = useRenamePlayer();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!player) return;
    const body = check(renamePlayerBodySchema, { name: readForm(event.currentTarget).name ?? '' });
    if (!body) return;
    rename.mutate(
      { id: player.id, name: body.name },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to change the name'),
      },
    );
  };

  return (
    <Dialog
      isOpen={player !== null}
      onClose={onClose}
      title="Correct the name"
      description={
        player
          ? `As it should appear on pairings and standings${player.team ? ` (${player.team})` : ''}.`
          : null
      }
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Player name"
          name="name"
          defaultValue={player?.name}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          enterKeyHint="done"
          maxLength={100}
          error={errors.name}
        />
        <DialogSubmitActions
          onCancel={onClose}
          isPending={rename.isPending}
          pendingLabel="Saving..."
          size="lg"
          icon={Pencil}
        >
          Save name
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}
