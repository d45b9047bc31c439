import { CircleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordFields, newPasswordSchema } from '../../components/new-password-fields';
import { ButtonLink, SubmitButton } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { ApiRequestError } from '../../lib/api-client';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { resetPassword } from './credentials';

const INVALID_LINK =
  'This password reset link is invalid or has expired. Links work once, for one hour: ask for a new one from the sign-in page.';

function InvalidLink() {
  return (
    <Notice icon={CircleAlert} title="Reset link not valid" tone="error" role="alert">
      <p>{INVALID_LINK}</p>
      <ButtonLink to="/login" className="mt-4">
        Go to sign in
      </ButtonLink>
    </Notice>
  );
}

/**
 * /reset-password?token=…: the mailed link lands here (or with ?error=INVALID_TOKEN when the server already
 * knows the token is bad). Choosing a new password signs out every session; then the user signs in.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [isInvalid, setIsInvalid] = useState(searchParams.has('error') || !token);
  const { errors, formRef, check } = useFieldErrors();
  const [isSaving, setIsSaving] = useState(false);
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const passwords = check(newPasswordSchema, readForm(event.currentTarget));
    if (!passwords || !token) return;
    setIsSaving(true);
    try {
      await resetPassword(token, passwords.newPassword);
      notify('success', 'Your password has been changed', { description: 'Sign in with your new password.' });
      navigate('/login', { replace: true });
    } catch (error) {
      // A used or expired token; anything else (a password the server refuses) is said as it is.
      if (error instanceof ApiRequestError && error.code === 'INVALID_TOKEN') setIsInvalid(true);
      else notifyFailure(error, 'Failed to reset password');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <AuthCard title="Choose a new password">
      {isInvalid ? (
        <InvalidLink />
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <NewPasswordFields errors={errors} />
          <SubmitButton size="lg" isPending={isSaving} pendingLabel="Saving...">
            Change password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
