import { TextField } from '../../components/ui/field';
import type { FieldErrors } from '../../lib/form';
import { PASSWORD_HINT } from './auth-schemas';

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
