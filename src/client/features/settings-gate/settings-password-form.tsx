import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { SETTINGS_GATE_MESSAGES, setSettingsPasswordBodySchema } from '../../../contracts/settings-gate';
import { NewPasswordFields } from '../../components/new-password-fields';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { useSaveSettingsPassword } from './queries';

/** The settings password typed twice (the server trims it and wants 8 to 128 characters). */
export const settingsPasswordFormSchema = z
  .object({
    currentPassword: z.string().optional(),
    newPassword: setSettingsPasswordBodySchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword.trim(), {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });

/**
 * Sets the first settings password, or (with `requireCurrent`) changes it: the server asks for the current
 * one whenever a password is already set.
 */
export function SettingsPasswordForm({
  requireCurrent,
  submitLabel,
  onSaved,
}: {
  requireCurrent: boolean;
  submitLabel: string;
  onSaved?: () => void;
}) {
  const { errors, formRef, check, showError } = useFieldErrors();
  const save = useSaveSettingsPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readForm(form);
    if (requireCurrent && !values.currentPassword) {
      showError('currentPassword', 'Enter the current settings password');
      return;
    }
    const parsed = check(settingsPasswordFormSchema, values);
    if (!parsed) return;
    save.mutate(
      {
        newPassword: parsed.newPassword,
        ...(requireCurrent ? { currentPassword: parsed.currentPassword ?? '' } : {}),
      },
      {
        onSuccess: () => {
          notify('success', SETTINGS_GATE_MESSAGES.saved);
          form.reset();
          onSaved?.();
        },
        onError: (error) => {
          if (
            requireCurrent &&
            error instanceof Error &&
            error.message === SETTINGS_GATE_MESSAGES.incorrect
          ) {
            showError('currentPassword', SETTINGS_GATE_MESSAGES.incorrect);
          }
          notifyFailure(error, 'Failed to save the settings password');
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {requireCurrent ? (
        <TextField
          label="Current settings password"
          name="currentPassword"
          type="password"
          autoComplete="off"
          error={errors.currentPassword}
        />
      ) : null}
      <NewPasswordFields errors={errors} />
      <SubmitButton isPending={save.isPending} pendingLabel="Saving..." className="self-start">
        <KeyRound aria-hidden="true" className="size-4" />
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
