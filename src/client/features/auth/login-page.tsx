import { ArrowLeft, LogIn, MailCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { ChoosePasswordField } from '../../components/new-password-fields';
import { Button, SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Tabs } from '../../components/ui/tabs';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify, notifyFailure } from '../../lib/notify';
import { useBotCheck } from '../bot-protection/bot-check';
import { PausedNotice, useSiteSwitch } from '../safe-control/site-status';
import { forgotPasswordSchema, signInSchema, signUpSchema } from './auth-schemas';
import { requestPasswordReset, useSignIn, useSignUp } from './credentials';
import { DeviceVerification } from './device-verification';
import { AUTH_MESSAGES } from './messages';
import { REDIRECT_PARAM, safeRedirectPath } from './redirect-path';

type View = 'sign-in' | 'sign-up' | 'forgot' | 'device-check';

function EmailField({ error, defaultValue }: { error: string | undefined; defaultValue?: string }) {
  return (
    <TextField
      label="E-mail address"
      name="email"
      type="email"
      autoComplete="email"
      defaultValue={defaultValue}
      error={error}
    />
  );
}

function SignInForm({
  email,
  onForgot,
  onDeviceCheck,
}: {
  email: string;
  onForgot: () => void;
  onDeviceCheck: () => void;
}) {
  const { errors, formRef, check } = useFieldErrors();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  // Just created an account: the address is filled in, the password is next.
  useEffect(() => {
    if (email) (formRef.current?.elements.namedItem('password') as HTMLInputElement | null)?.focus();
  }, [email, formRef]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const credentials = check(signInSchema, readForm(event.currentTarget));
    if (!credentials) return;
    signIn.mutate(credentials, {
      onSuccess: (outcome) => {
        if (outcome === 'device-check') {
          onDeviceCheck();
          return;
        }
        notify('success', AUTH_MESSAGES.loggedIn);
        navigate(safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? '/', { replace: true });
      },
      onError: (error) => notifyFailure(error, AUTH_MESSAGES.loginFailed),
    });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <EmailField defaultValue={email} error={errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <div className="-mt-1 flex justify-end">
        <button type="button" onClick={onForgot} className="text-sm font-semibold text-link underline">
          Forgot password?
        </button>
      </div>
      <SubmitButton size="lg" isPending={signIn.isPending} pendingLabel="Signing in...">
        <LogIn aria-hidden="true" className="size-5" />
        Sign In
      </SubmitButton>
    </form>
  );
}

function SignUpForm({ onCreated }: { onCreated: (email: string) => void }) {
  const { errors, formRef, check } = useFieldErrors();
  const signUp = useSignUp();
  // Safe control: while sign-ups are closed (or the site is read-only) the server refuses new accounts.
  const isClosed = useSiteSwitch('signups_closed');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const account = check(signUpSchema, readForm(event.currentTarget));
    if (!account) return;
    signUp.mutate(account, {
      onSuccess: () => {
        notify('success', AUTH_MESSAGES.accountCreated, { description: 'You can sign in now.' });
        onCreated(account.email);
      },
      onError: (error) => notifyFailure(error, AUTH_MESSAGES.signupFailed),
    });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField label="Full name" name="name" autoComplete="name" error={errors.name} />
      <EmailField error={errors.email} />
      <ChoosePasswordField error={errors.password} />
      <p className="text-sm text-muted">
        Players under 18 need a parent's or guardian's consent to register. You must be 13 or older.
      </p>
      <PausedNotice name="signups_closed" />
      <SubmitButton
        size="lg"
        isPending={signUp.isPending}
        pendingLabel="Creating account..."
        disabled={isClosed}
      >
        <UserPlus aria-hidden="true" className="size-5" />
        Create Account
      </SubmitButton>
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { errors, formRef, check } = useFieldErrors();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const botCheck = useBotCheck();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = check(forgotPasswordSchema, readForm(event.currentTarget));
    if (!request) return;
    setIsSending(true);
    try {
      await requestPasswordReset(request.email, await botCheck.proof());
      setSentTo(request.email);
    } catch (error) {
      notifyFailure(error, 'Failed to send the reset link');
    } finally {
      setIsSending(false);
      botCheck.reset();
    }
  };

  const back = (
    <Button variant="ghost" onClick={onBack} className="self-start">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to sign in
    </Button>
  );

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <p className="flex items-start gap-3 rounded-xl bg-win-bg p-4 text-win">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new
            password. The link works for one hour.
          </span>
        </p>
        {back}
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <h2 className="font-display text-xl font-bold text-fg">Reset your password</h2>
      <p className="text-sm text-muted">
        Enter the e-mail address you signed up with and we'll send you a link to choose a new password.
      </p>
      <EmailField error={errors.email} />
      {botCheck.element}
      <SubmitButton size="lg" isPending={isSending} pendingLabel="Sending...">
        Send reset link
      </SubmitButton>
      {back}
    </form>
  );
}

/** /login: sign in or create an account (tabs), or ask for a password reset link. */
export function LoginPage() {
  const [view, setView] = useState<View>('sign-in');
  const [email, setEmail] = useState('');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const isReturning = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) !== null;

  return (
    <AuthCard
      title="Sign In / Register"
      intro={
        isReturning
          ? 'Sign in to continue to the page you asked for.'
          : 'Players and staff sign in here. Following the tournament needs no account.'
      }
    >
      {view === 'device-check' ? (
        <DeviceVerification
          onVerified={() =>
            navigate(safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? '/', { replace: true })
          }
        />
      ) : view === 'forgot' ? (
        <ForgotPasswordForm onBack={() => setView('sign-in')} />
      ) : (
        <Tabs
          label="Sign in or create an account"
          tabs={[
            { key: 'sign-in', label: 'Sign In' },
            { key: 'sign-up', label: 'Create Account' },
          ]}
          selected={view}
          onSelect={setView}
        >
          {view === 'sign-in' ? (
            <SignInForm
              key={email}
              email={email}
              onForgot={() => setView('forgot')}
              onDeviceCheck={() => setView('device-check')}
            />
          ) : (
            <SignUpForm
              onCreated={(created) => {
                setEmail(created);
                setView('sign-in');
              }}
            />
          )}
        </Tabs>
      )}
    </AuthCard>
  );
}
