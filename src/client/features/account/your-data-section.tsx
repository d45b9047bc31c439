import { Download, ShieldAlert, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, deleteAccountBodySchema } from '../../../contracts/account';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useForgetUser } from '../auth/queries';
import { EXPORT_URL, useDeleteAccount } from './queries';
import { SettingsSection } from './settings-section';

function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { errors, formRef, check, showError } = useFieldErrors();
  const remove = useDeleteAccount();
  const forgetUser = useForgetUser();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(deleteAccountBodySchema, readForm(event.currentTarget));
    if (!body) return;
    remove.mutate(body.password, {
      onSuccess: ({ message }) => {
        notify('success', message);
        navigate('/', { replace: true });
        forgetUser();
      },
      onError: (error) => {
        const message = serverMessage(error, 'Failed to delete your account');
        if (message === ACCOUNT_MESSAGES.wrongPassword) showError('password', message);
        else notify('error', message);
      },
    });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Delete your account?"
      description="Your account, profile and preferences are deleted at once and cannot be recovered. Results you played stay in the tournament records without your account."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <TextField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <DialogSubmitActions
          onCancel={onClose}
          variant="danger"
          isPending={remove.isPending}
          pendingLabel="Deleting..."
          icon={Trash2}
        >
          Delete my account
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/** GDPR: a copy of everything about me (Art. 15/20) and deleting my account (Art. 17). */
export function YourDataSection() {
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <SettingsSection
      icon={ShieldAlert}
      title="Your data"
      description="Take a copy of what the site holds about you, or delete your account."
      tone="danger"
    >
      <div className="flex flex-col gap-5">
        <div>
          <a href={EXPORT_URL} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            Download my data
          </a>
          <p className="mt-2 text-sm text-muted">
            A JSON file with your account, profile, roles and preferences.
          </p>
        </div>
        <div className="border-t border-line pt-5">
          <Button variant="danger" onClick={() => setIsDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete my account
          </Button>
          <p className="mt-2 text-sm text-muted">
            You will be asked for your password. This cannot be undone.
          </p>
        </div>
      </div>
      <DeleteAccountDialog isOpen={isDeleting} onClose={() => setIsDeleting(false)} />
    </SettingsSection>
  );
}
