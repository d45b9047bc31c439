import { Snowflake, Trash2, UserPlus } from 'lucide-react';
import type { FormEvent } from 'react';
import { createUserBodySchema, freezeBodySchema, type UserSummary } from '../../../contracts/users';
import { ChoosePasswordField } from '../../components/new-password-fields';
import { Dialog, DialogConfirmActions, DialogSubmitActions } from '../../components/ui/dialog';
import { TextareaField, TextField } from '../../components/ui/field';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { useChangeRole, useCreateUser, useDeleteUser, useFreezeUser } from './queries';
import { parseRoleChoice, roleChoiceValue, roleLabel } from './role-options';
import { RoleSelect } from './role-select';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * docs/requirements.md §8 user-creation messages: a refusal the server explains (409 e-mail taken, 400 e.g. a
 * common password) shows the server's words; anything else the generic check-the-email message.
 */
function createFailure(error: unknown): void {
  if (error instanceof ApiRequestError && (error.status === 409 || error.status === 400)) {
    notify('error', error.message);
  } else if (error instanceof ApiRequestError && error.status !== 0) {
    notify('error', 'Failed to create user. Please check if the email already exists.', {
      description: error.message,
    });
  } else notify('error', 'Failed to create user');
}

/** create-user-direct: e-mail, password, full name, role (default player) or a custom role. */
export function CreateUserDialog({ isOpen, onClose }: DialogProps) {
  const { errors, formRef, check } = useFieldErrors();
  const create = useCreateUser();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email = '', password, fullName, role = 'player' } = readForm(event.currentTarget);
    const user = check(createUserBodySchema, {
      email: email.trim(),
      password,
      fullName,
      ...parseRoleChoice(role),
    });
    if (!user) return;
    create.mutate(user, {
      onSuccess: ({ message }) => {
        notify('success', message);
        onClose();
      },
      onError: createFailure,
    });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Create a user"
      description="The account can sign in at once with this password. Share it with them safely."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="E-mail address" name="email" type="email" autoComplete="off" error={errors.email} />
        <ChoosePasswordField error={errors.password} />
        <TextField label="Full name" name="fullName" autoComplete="off" error={errors.fullName} />
        <RoleSelect defaultValue="player" />
        <DialogSubmitActions
          onCancel={onClose}
          isPending={create.isPending}
          pendingLabel="Creating..."
          icon={UserPlus}
        >
          Create user
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

export function ChangeRoleDialog({ user, onClose }: { user: UserSummary | null; onClose: () => void }) {
  const change = useChangeRole();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    const choice = parseRoleChoice(readForm(event.currentTarget).role ?? '');
    change.mutate(
      { id: user.id, ...choice },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) =>
          notify('error', 'Failed to update user role', {
            description: serverMessage(error, '') || undefined,
          }),
      },
    );
  };
  return (
    <Dialog
      isOpen={user !== null}
      onClose={onClose}
      title="Change role"
      description={user ? `${user.name || user.email} is now ${roleLabel(user)}.` : undefined}
    >
      {user ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <RoleSelect defaultValue={roleChoiceValue(user)} label="New role" />
          <DialogSubmitActions onCancel={onClose} isPending={change.isPending} pendingLabel="Saving...">
            Change role
          </DialogSubmitActions>
        </form>
      ) : null}
    </Dialog>
  );
}

/** Freezing ends the user's sessions at once; they see the frozen message at their next step. */
export function FreezeUserDialog({ user, onClose }: { user: UserSummary | null; onClose: () => void }) {
  const { errors, formRef, check } = useFieldErrors();
  const freeze = useFreezeUser();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(freezeBodySchema, readForm(event.currentTarget));
    if (!user || !body) return;
    freeze.mutate(
      { id: user.id, reason: body.reason },
      {
        onSuccess: ({ message }) => {
          notify('success', message, { description: user.email });
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to freeze the account'),
      },
    );
  };
  return (
    <Dialog
      isOpen={user !== null}
      onClose={onClose}
      title="Freeze account"
      description={
        user ? `${user.email} is signed out everywhere at once and cannot sign in until unfrozen.` : undefined
      }
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextareaField
          label="Reason"
          name="reason"
          maxLength={500}
          hint="Kept with the account and in the audit log."
          error={errors.reason}
        />
        <DialogSubmitActions
          onCancel={onClose}
          variant="danger"
          isPending={freeze.isPending}
          pendingLabel="Freezing..."
          icon={Snowflake}
        >
          Freeze account
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

export function DeleteUserDialog({ user, onClose }: { user: UserSummary | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const onConfirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: ({ message }) => {
        notify('success', message, { description: user.email });
        onClose();
      },
      onError: (error) => notifyFailure(error, 'Failed to delete the account'),
    });
  };
  return (
    <Dialog
      isOpen={user !== null}
      onClose={onClose}
      title="Delete account?"
      description={
        user
          ? `${user.email} and their personal data are deleted for good. A linked tournament player keeps their results.`
          : undefined
      }
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={remove.isPending}
        pendingLabel="Deleting..."
        icon={Trash2}
        variant="danger"
      >
        Delete account
      </DialogConfirmActions>
    </Dialog>
  );
}
