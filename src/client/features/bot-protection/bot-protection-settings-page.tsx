import { AlertTriangle, ArrowLeft, RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  BOT_PROTECTION_MESSAGES,
  BOT_PROVIDERS,
  type BotProvider,
  isThirdParty,
  POW_BITS_MAX,
  POW_BITS_MIN,
} from '../../../contracts/bot-protection';
import {
  type BotProtectionAdmin,
  POW_SOLVE_TIMES,
  PROVIDER_LABELS,
  type UpdateBotProtectionBody,
} from '../../../contracts/bot-protection-admin';
import { SETTINGS_MESSAGES } from '../../../contracts/settings-registry';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { controlClass, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { SettingsGate } from '../settings-gate/settings-gate';
import { useAdminBotProtection, useFallBackToProofOfWork, useSaveBotProtection } from './admin-queries';

const LOAD_FAILED = SETTINGS_MESSAGES.loadFailed;
const SAVE_FAILED = SETTINGS_MESSAGES.updateFailed;

const PROVIDER_NOTES: Record<BotProvider, string> = {
  proof_of_work:
    "The visitor's browser does a few seconds of arithmetic while the form is sent. No third party, no cookies, nothing to click.",
  turnstile: 'Usually invisible. Loads a script from Cloudflare on the two forms only.',
  hcaptcha: 'May ask the visitor to pick images. Loads a script from hCaptcha on the two forms only.',
  recaptcha: "The 'I'm not a robot' checkbox (v2). Loads a script from Google on the two forms only.",
};

const bitsRange = Array.from({ length: POW_BITS_MAX - POW_BITS_MIN + 1 }, (_, index) => POW_BITS_MIN + index);

function solveTime(bits: number): string {
  const row = POW_SOLVE_TIMES[bits];
  if (!row) return '–';
  const text = row.medianMs < 1000 ? `${row.medianMs} ms` : `${(row.medianMs / 1000).toFixed(1)} s`;
  return row.isEstimate ? `≈ ${text}` : text;
}

function SolveTimes({ selected }: { selected: number }) {
  return (
    <table className="w-full max-w-sm text-sm">
      <caption className="mb-2 text-left text-sm text-muted">
        Median time to solve on a mid-range phone (Chromium, CPU slowed 4×; ≈ estimated from the hash rate).
      </caption>
      <thead>
        <tr className="border-b border-line text-left">
          <th scope="col" className="py-1 pr-4 font-semibold">
            Difficulty (bits)
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Median solve time
          </th>
        </tr>
      </thead>
      <tbody>
        {bitsRange.map((bits) => (
          <tr
            key={bits}
            className={bits === selected ? 'bg-surface-muted font-semibold' : undefined}
            aria-current={bits === selected ? 'true' : undefined}
          >
            <td className="py-1 pr-4">{bits}</td>
            <td className="py-1 text-right tabular-nums">{solveTime(bits)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FallBackNotice({ stored }: { stored: BotProtectionAdmin }) {
  const fallBack = useFallBackToProofOfWork();
  if (!isThirdParty(stored.provider)) return null;
  const failedAt = stored.lastUnavailableAt ? new Date(stored.lastUnavailableAt) : null;
  return (
    <Card
      role={failedAt ? 'alert' : undefined}
      className={failedAt ? 'flex flex-col gap-3 border-loss/40 bg-loss-bg' : 'flex flex-col gap-3'}
    >
      <p className="flex items-start gap-2 font-semibold text-fg">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-loss" />
        {failedAt
          ? `${PROVIDER_LABELS[stored.provider]} could not be reached at ${failedAt.toLocaleTimeString()}: forms were refused with "${BOT_PROTECTION_MESSAGES.unavailable}"`
          : `If ${PROVIDER_LABELS[stored.provider]} cannot be reached, the forms are refused (never let through unchecked).`}
      </p>
      <Button
        variant={failedAt ? 'danger' : 'secondary'}
        className="self-start"
        disabled={fallBack.isPending}
        onClick={() =>
          fallBack.mutate(undefined, {
            onSuccess: ({ message }) => notify('success', message),
            onError: (failure) => notify('error', serverMessage(failure, SAVE_FAILED)),
          })
        }
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {fallBack.isPending ? 'Switching...' : 'Fall back to proof-of-work'}
      </Button>
    </Card>
  );
}

function BotProtectionForm({ stored }: { stored: BotProtectionAdmin }) {
  const [provider, setProvider] = useState<BotProvider>(stored.provider);
  const [powBits, setPowBits] = useState(stored.powBits);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveBotProtection();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: UpdateBotProtectionBody = { provider, powBits };
    if (isThirdParty(provider)) {
      const siteKey = String(form.get('siteKey') ?? '').trim();
      const secret = String(form.get('secret') ?? '').trim();
      body.keys = { [provider]: { siteKey, ...(secret ? { secret } : {}) } };
    }
    setError(null);
    save.mutate(body, {
      onSuccess: ({ message }) => {
        notify('success', message);
        event.currentTarget?.reset();
      },
      onError: (failure) => {
        const message = serverMessage(failure, SAVE_FAILED);
        setError(message);
        notify('error', message);
      },
    });
  };

  const keys = isThirdParty(provider) ? stored.keys[provider] : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Bot protection" className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-display text-xl font-bold text-fg">Provider</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {BOT_PROVIDERS.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-4 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30"
            >
              <input
                type="radio"
                name="provider"
                value={option}
                checked={provider === option}
                onChange={() => setProvider(option)}
                className="mt-1 size-4 accent-primary"
              />
              <span className="flex flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                  {PROVIDER_LABELS[option]}
                  {option === 'proof_of_work' ? <Badge tone="win">Default</Badge> : null}
                  {option === stored.provider ? <Badge tone="live">In use</Badge> : null}
                </span>
                <span className="text-sm text-muted">{PROVIDER_NOTES[option]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {isThirdParty(provider) && keys ? (
        <fieldset key={provider} className="flex flex-col gap-4">
          <legend className="mb-2 font-display text-xl font-bold text-fg">
            Keys for {PROVIDER_LABELS[provider]}
          </legend>
          <TextField
            label="Site key"
            name="siteKey"
            defaultValue={keys.siteKey ?? ''}
            autoComplete="off"
            spellCheck={false}
            hint="Public: the widget on the forms shows it."
          />
          <TextField
            label="Secret key"
            name="secret"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={keys.isSecretSet ? 'Kept if left empty' : ''}
            hint={
              <span className="flex flex-wrap items-center gap-2">
                Stored encrypted and never shown again.
                <Badge tone={keys.isSecretSet ? 'win' : 'neutral'}>
                  {keys.isSecretSet ? 'Set' : 'Not set'}
                </Badge>
              </span>
            }
          />
        </fieldset>
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-display text-xl font-bold text-fg">Proof-of-work difficulty</legend>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pow-bits" className="text-sm font-semibold text-fg">
            Difficulty
          </label>
          <select
            id="pow-bits"
            value={powBits}
            onChange={(event) => setPowBits(Number(event.target.value))}
            className={`${controlClass} max-w-sm`}
            aria-describedby="pow-bits-hint"
          >
            {bitsRange.map((bits) => (
              <option key={bits} value={bits}>
                {bits} bits · {solveTime(bits)}
              </option>
            ))}
          </select>
          <p id="pow-bits-hint" className="text-sm text-muted">
            Median solve time on a mid-range phone. Each bit doubles the work for bots and people alike; used
            whenever proof of work is chosen.
          </p>
        </div>
        <SolveTimes selected={powBits} />
      </fieldset>

      {error ? (
        <p role="alert" className="text-sm font-medium text-loss">
          {error}
        </p>
      ) : null}
      <SubmitButton isPending={save.isPending} pendingLabel="Saving..." className="self-start">
        <Save aria-hidden="true" className="size-4" />
        Save
      </SubmitButton>
    </form>
  );
}

function BotProtectionEditor() {
  const { data, error, isPending, refetch, isFetching } = useAdminBotProtection();
  if (isPending) return <Spinner />;
  if (error && !data) {
    return (
      <LoadError title={LOAD_FAILED} error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <FallBackNotice stored={data} />
      <Card>
        <BotProtectionForm key={`${data.provider}-${data.powBits}`} stored={data} />
      </Card>
    </div>
  );
}

/** /admin/recaptcha-settings (behind the settings password): the bot check of the public forms (ADR 022). */
export function BotProtectionSettingsPage() {
  return (
    <SettingsGate>
      <div className="flex flex-col gap-6">
        <AdminPageHeading
          eyebrow="Admin Area · Settings"
          title="Bot protection"
          descriptionClassName="max-w-3xl"
        >
          How the registration form and the password-reset form tell people from bots. Proof of work runs on
          this site alone; the three services load their widget only on those two forms and only while chosen.
          Changes apply at once.
        </AdminPageHeading>
        <BotProtectionEditor />
        <ButtonLink to="/admin/settings" variant="secondary" className="self-start">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Settings
        </ButtonLink>
      </div>
    </SettingsGate>
  );
}
