import { CircleAlert, UserCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { acceptInviteBodySchema, INVITE_MESSAGES } from '../../../contracts/invites';
import { AuthCard } from '../../components/auth-card';
import { LoadError } from '../../components/load-error';
import { NewPasswordFields, newPasswordSchema } from '../../components/new-password-fields';
import { ButtonLink, SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { useSignIn } from '../auth/credentials';
import { PausedNotice, useSiteSwitch } from '../safe-control/site-status';
import { useAcceptInvite, useInvite } from './queries';

const dateFormat = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric' });

/** The onboarding form: a full name and a new password typed twice. */
export const onboardFormSchema = z
  .object({ fullName: acceptInviteBodySchema.shape.fullName })
  .and(newPasswordSchema);

/** A link that is unknown, used or expired: the server does not say which, so neither does the page. */
function InvalidInvite() {
  return (
    <Notice icon={CircleAlert} title="Invitation link not valid" tone="error" role="alert">
      <p>{INVITE_MESSAGES.invalid}</p>
      <p className="mt-2">
        Invitation links work once and for 7 days. If you have already joined, sign in with your e-mail
        address and the password you chose.
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <ButtonLink to="/login">Go to sign in</ButtonLink>
        <ButtonLink to="/invite" variant="secondary">
          How invitations work
        </ButtonLink>
      </div>
    </Notice>
  );
}

function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

function OnboardForm({
  token,
  email,
  roleLabel,
  expiresAt,
  onInvalid,
}: {
  token: string;
  email: string;
  roleLabel: string;
  expiresAt: string;
  onInvalid: () => void;
}) {
  const { errors, formRef, check, showError } = useFieldErrors();
  const accept = useAcceptInvite(token);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const isStaff = roleLabel !== 'player';

  // Joined: sign in with the new password; if that needs more (a device check), the sign-in page takes over.
  const signInAfterJoining = (password: string) =>
    signIn.mutate(
      { email, password },
      {
        onSuccess: (outcome) => {
          if (outcome === 'signed-in') {
            notify('success', 'Welcome! Your account is ready and you are signed in.');
            navigate(isStaff ? '/admin' : '/', { replace: true });
          } else {
            notify('success', INVITE_MESSAGES.accepted);
            navigate('/login', { replace: true });
          }
        },
        onError: () => {
          notify('success', INVITE_MESSAGES.accepted);
          navigate('/login', { replace: true });
        },
      },
    );

  // Safe control: while sign-ups are closed (or the site is read-only) the server refuses to accept invitations.
  const isClosed = useSiteSwitch('signups_closed');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = check(onboardFormSchema, readForm(event.currentTarget));
    if (!values) return;
    accept.mutate(
      { fullName: values.fullName, password: values.newPassword },
      {
        onSuccess: () => signInAfterJoining(values.newPassword),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 404) onInvalid();
          else if (error instanceof ApiRequestError && error.status === 400) {
            showError('newPassword', error.message);
          } else notifyFailure(error, 'Failed to create account');
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <dl className="grid gap-3 rounded-xl bg-surface-muted p-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-muted">E-mail address</dt>
          <dd className="truncate font-semibold text-fg">{email}</dd>
        </div>
        <div>
          <dt className="text-muted">Role</dt>
          <dd className="font-semibold text-fg capitalize">{roleLabel}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-muted">Link valid until</dt>
          <dd className="font-semibold text-fg">{dateFormat.format(new Date(expiresAt))}</dd>
        </div>
      </dl>
      {/* The address is fixed by the invitation; it is here for password managers. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <TextField label="Full name" name="fullName" autoComplete="name" error={errors.fullName} />
      <NewPasswordFields errors={errors} />
      <PausedNotice name="signups_closed" />
      <SubmitButton
        size="lg"
        disabled={isClosed}
        isPending={accept.isPending || signIn.isPending}
        pendingLabel={signIn.isPending ? 'Signing in...' : 'Creating account...'}
      >
        <UserCheck aria-hidden="true" className="size-5" />
        Join
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Not you, or already have an account? <Link to="/login">Sign in instead</Link>
      </p>
    </form>
  );
}

/** /onboard/:token: the invited person sees their e-mail and role, chooses a password and joins. */
export function OnboardPage() {
  const { token = '' } = useParams();
  const invite = useInvite(token);
  const [isUsedUp, setIsUsedUp] = useState(false);

  let body: React.ReactNode;
  if (isUsedUp || (invite.isError && isInvalidLink(invite.error))) body = <InvalidInvite />;
  else if (invite.isPending) body = <Spinner />;
  else if (invite.isError) {
    body = (
      <LoadError
        title="Failed to load the invitation"
        error={invite.error}
        onRetry={() => void invite.refetch()}
        isRetrying={invite.isFetching}
      />
    );
  } else {
    body = <OnboardForm token={token} {...invite.data} onInvalid={() => setIsUsedUp(true)} />;
  }
  return (
    <AuthCard title="Join the team" intro="You have been invited to join the tournament website.">
      {body}
    </AuthCard>
  );
}
