import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ANALYTICS_MESSAGES, geolocationUrlSchema } from '../../../contracts/visitor-analytics';
import { GEOLOCATION_TIMEOUT_MS } from '../../../domain/visitor-analytics';
import { QueryView } from '../../components/query-view';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { notify, notifyFailure } from '../../lib/notify';
import { useGeolocationService, useSaveGeolocationService } from './queries';

/**
 * Where visits are located (ADR 034): the offline database on this server by default, or an external service
 * the superadmin names. Checked with the server's own schema before anything is sent; empty turns it off.
 */
export function GeolocationServiceSection() {
  const service = useGeolocationService();
  return (
    <section aria-labelledby="geolocation-heading" className="flex flex-col gap-3">
      <h2 id="geolocation-heading" className="text-lg font-semibold">
        Where visits are located
      </h2>
      <p className="max-w-3xl text-sm text-muted">
        By default a visit's country and town come from the DB-IP Lite database on this server: no address
        leaves it. An external service may be used instead; it is asked for at most{' '}
        {GEOLOCATION_TIMEOUT_MS / 1000} seconds, and a visit it cannot place is kept without a place. It is
        sent the address of each visitor who accepted cookies, and the privacy page names its host.
      </p>
      <QueryView query={service} errorTitle={ANALYTICS_MESSAGES.geolocationLoadFailed}>
        {({ url }) => <GeolocationServiceForm saved={url} />}
      </QueryView>
    </section>
  );
}

export function GeolocationServiceForm({ saved }: { saved: string }) {
  const [url, setUrl] = useState(saved);
  const [settingsPassword, setSettingsPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const save = useSaveGeolocationService();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = geolocationUrlSchema.safeParse(url.trim());
    setError(
      parsed.success ? null : (parsed.error.issues[0]?.message ?? ANALYTICS_MESSAGES.geolocationSaveFailed),
    );
    setPasswordError(settingsPassword.trim() ? null : ANALYTICS_MESSAGES.geolocationNeedsPassword);
    if (!parsed.success || !settingsPassword.trim()) return;
    save.mutate(
      { url: parsed.data, settingsPassword },
      {
        onSuccess: ({ message }) => notify('success', message),
        onError: (failure) => notifyFailure(failure, ANALYTICS_MESSAGES.geolocationSaveFailed),
        onSettled: () => setSettingsPassword(''),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        label="External geolocation service (optional)"
        hint="An https address with {ip} where the visitor's address goes. Leave it empty to locate visits offline."
        className="w-full max-w-xl"
        type="url"
        inputMode="url"
        placeholder="https://…/{ip}"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={error}
      />
      <TextField
        label="Settings password"
        hint="A change to where addresses are sent needs the settings password."
        className="w-full max-w-xs"
        type="password"
        autoComplete="off"
        value={settingsPassword}
        onChange={(event) => setSettingsPassword(event.target.value)}
        error={passwordError}
      />
      <SubmitButton isPending={save.isPending} pendingLabel="Saving..." className="mt-7">
        <Save aria-hidden="true" className="size-4" />
        Save
      </SubmitButton>
    </form>
  );
}
