import { LockKeyhole, ShieldAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SETTINGS_GATE_MESSAGES } from '../../../contracts/settings-gate';
import { SETTINGS_MESSAGES } from '../../../contracts/settings-registry';
import { LoadError } from '../../components/load-error';
import { Button, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { unlockFailure, useSettingsGateStatus, useUnlockSettings } from './queries';
import { SettingsPasswordForm } from './settings-password-form';

interface GateProps {
  children: ReactNode;
  /** Where Cancel goes (docs/requirements.md §4: default /). */
  redirectPath?: string;
}

function GateFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid place-items-center py-4 sm:py-10">
      <Card className="w-full max-w-md">
        <div className="mb-5 text-center">
          <span className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-band text-highlight">
            <LockKeyhole aria-hidden="true" className="size-7" />
          </span>
          <h1 className="font-display text-2xl font-bold text-fg sm:text-3xl">{title}</h1>
        </div>
        {children}
      </Card>
    </div>
  );
}

function PasswordPrompt({ onUnlocked, onCancel }: { onUnlocked: () => void; onCancel: () => void }) {
  const { errors, formRef, showError } = useFieldErrors();
  const unlock = useUnlockSettings();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { password = '' } = readForm(form);
    if (!password.trim()) {
      showError('password', 'Enter the settings password');
      return;
    }
    unlock.mutate(password, {
      onSuccess: () => {
        notify('success', SETTINGS_GATE_MESSAGES.granted);
        onUnlocked();
      },
      onError: (error) => {
        const failure = unlockFailure(error);
        notify('error', failure.message, { id: 'settings-gate' });
        showError('password', failure.message);
        form.reset();
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-center text-sm text-muted">{SETTINGS_GATE_MESSAGES.locked}.</p>
      <TextField
        label="Settings password"
        name="password"
        type="password"
        autoComplete="off"
        error={errors.password}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton isPending={unlock.isPending} pendingLabel="Checking...">
          Unlock
        </SubmitButton>
      </div>
    </form>
  );
}

function NotConfigured({ onCancel }: { onCancel: () => void }) {
  return (
    <div className="flex flex-col gap-5">
      <div role="alert" className="flex items-start gap-3 rounded-xl bg-loss-bg p-4 text-loss">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="font-semibold">{SETTINGS_GATE_MESSAGES.notConfigured}</p>
      </div>
      <p className="text-sm text-muted">
        No settings password has been set, so these sections stay closed. Choose one now: from then on it must
        be entered every time one of the settings sections is opened. Share it only with the people who need
        it.
      </p>
      <SettingsPasswordForm requireCurrent={false} submitLabel="Set settings password" />
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** One opening of a gated view: locked until the password is entered here, forgotten when the view goes. */
function GateForView({ children, redirectPath = '/' }: GateProps) {
  const status = useSettingsGateStatus();
  const [isUnlocked, setIsUnlocked] = useState(false);
  const navigate = useNavigate();
  const onCancel = () => navigate(redirectPath);

  if (isUnlocked) return children;
  if (status.isPending) return <Spinner />;
  if (status.isError) {
    return (
      <LoadError
        title={SETTINGS_MESSAGES.loadFailed}
        error={status.error}
        onRetry={() => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  }
  return (
    <GateFrame title="Password protected">
      {status.data.configured ? (
        <PasswordPrompt onUnlocked={() => setIsUnlocked(true)} onCancel={onCancel} />
      ) : (
        <NotConfigured onCancel={onCancel} />
      )}
    </GateFrame>
  );
}

/**
 * The settings password gate (docs/requirements.md §4, §8; ADR 007) around a protected section. The route guard has already
 * checked the permission; this asks for the settings password on every opening of the view (leaving and
 * coming back asks again). The server keeps its own record of the unlock and refuses the section's API
 * without it, so this screen is a courtesy, not the protection.
 */
export function SettingsGate(props: GateProps) {
  const { pathname } = useLocation();
  return <GateForView key={pathname} {...props} />;
}
