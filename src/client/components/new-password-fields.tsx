import { z } from 'zod';
import { createUserBodySchema } from '../../contracts/users';
import type { FieldErrors } from '../lib/form';
import { TextField } from './ui/field';

/** The server's own rule for a new password (8 to 128 characters). */
export const passwordSchema = createUserBodySchema.shape.password;

export const PASSWORD_HINT = 'At least 8 characters.';

/** A new password typed twice (sign-in reset, account, invitations, the settings password, a new user). */
export const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });

/** A password being chosen (sign-up, a new user, a new password), with the rule it must meet. */
export function ChoosePasswordField({
  label = 'Password',
  name = 'password',
  error,
}: {
  label?: string;
  name?: string;
  error: string | undefined;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      hint={PASSWORD_HINT}
      error={error}
    />
  );
}

/** New password typed twice (names newPassword and confirmPassword, checked by newPasswordSchema). */
export function NewPasswordFields({ errors }: { errors: FieldErrors }) {
  return (
    <>
      <ChoosePasswordField label="New password" name="newPassword" error={errors.newPassword} />
      <TextField
        label="Repeat the new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}
