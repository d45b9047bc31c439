import { MailCheck, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { sendDeviceCode, useVerifyDeviceCode } from './credentials';
import { DEVICE_CHECK_MESSAGES } from './messages';

/** Only digits, at most 6 (docs/requirements.md §5): anything else typed or pasted is dropped. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

type Step = 'send' | 'verify';

/**
 * The blocking device check (docs/requirements.md §4): until the emailed code is verified there is no session, so nothing
 * behind this screen is reachable. Steps: send, then verify; resend returns to send; closing resets to send.
 */
export function DeviceVerification({ onVerified }: { onVerified: () => void }) {
  const [isOpen, setIsOpen] = useState(true);
  const [step, setStep] = useState<Step>('send');
  const [isSending, setIsSending] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useVerifyDeviceCode();

  const reset = () => {
    setStep('send');
    setCode('');
    setError(undefined);
  };
  const close = () => {
    setIsOpen(false);
    reset();
  };
  const send = async () => {
    setIsSending(true);
    try {
      await sendDeviceCode();
      notify('success', DEVICE_CHECK_MESSAGES.codeSent);
      setStep('verify');
    } catch {
      notify('error', DEVICE_CHECK_MESSAGES.sendFailed);
    } finally {
      setIsSending(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== 6) {
      setError(DEVICE_CHECK_MESSAGES.invalidFormat);
      return;
    }
    verify.mutate(code, {
      onSuccess: () => {
        notify('success', DEVICE_CHECK_MESSAGES.verified);
        onVerified();
      },
      onError: (failure) => {
        const isRefused = failure instanceof ApiRequestError && failure.status >= 400 && failure.status < 500;
        notify('error', isRefused ? DEVICE_CHECK_MESSAGES.invalidCode : DEVICE_CHECK_MESSAGES.verifyFailed);
      },
    });
  };

  return (
    <section
      aria-labelledby="device-check-title"
      className="flex flex-col items-center gap-4 py-6 text-center"
    >
      <ShieldCheck aria-hidden="true" className="size-12 text-primary" />
      <h2 id="device-check-title" className="font-display text-2xl font-bold text-fg">
        {DEVICE_CHECK_MESSAGES.title}
      </h2>
      <p className="max-w-sm text-muted">
        Your account asks for a code the first time you sign in on a device. We will e-mail you a 6-digit
        code.
      </p>
      <Button onClick={() => setIsOpen(true)}>Verify this device</Button>
      <Dialog isOpen={isOpen} onClose={close} title={DEVICE_CHECK_MESSAGES.title}>
        {step === 'send' ? (
          <div className="flex flex-col gap-4">
            <p className="text-muted">
              We will send a 6-digit code to your e-mail address. It works once, for 10 minutes.
            </p>
            <Button onClick={send} disabled={isSending}>
              <MailCheck aria-hidden="true" className="size-5" />
              {isSending ? 'Sending...' : 'Send code'}
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <TextField
              label="6-digit code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => {
                setCode(cleanCode(event.currentTarget.value));
                setError(undefined);
              }}
              error={error}
            />
            <SubmitButton isPending={verify.isPending} pendingLabel="Verifying...">
              Verify
            </SubmitButton>
            <Button variant="secondary" onClick={reset}>
              Resend code
            </Button>
          </form>
        )}
      </Dialog>
    </section>
  );
}
