import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { NewPasswordFields, newPasswordSchema } from '../../components/new-password-fields';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { changePassword } from '../auth/credentials';
import { SettingsSection } from './settings-section';

const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'Enter your current password') })
  .and(newPasswordSchema);

/** Change password: every other device is signed out (better-auth revokeOtherSessions). */
export function PasswordSection() {
  const { errors, formRef, check } = useFieldErrors();
  const [isSaving, setIsSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const passwords = check(changePasswordSchema, readForm(formElement));
    if (!passwords) return;
    setIsSaving(true);
    try {
      await changePassword(passwords.currentPassword, passwords.newPassword);
      formElement.reset();
      notify('success', 'Password changed', { description: 'Your other devices have been signed out.' });
    } catch (error) {
      notifyFailure(error, 'Failed to change password');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <SettingsSection
      icon={LockKeyhole}
      title="Password"
      description="Changing it signs you out on every other device."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <NewPasswordFields errors={errors} />
        <SubmitButton className="self-start" isPending={isSaving} pendingLabel="Changing...">
          Change password
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}
