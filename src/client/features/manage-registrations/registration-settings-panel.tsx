import { Save, Settings2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  DEFAULT_MAX_TEAMS_PER_REGISTRATION,
  type RegistrationSettings,
  updateRegistrationSettingsBodySchema,
} from '../../../contracts/settings';
import { isRegistrationOpen } from '../../../domain/registration';
import { SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SwitchField, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { type FieldErrors, focusFirstInvalid, readForm, validate } from '../../lib/form';
import { formatEuroCents } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { useRegistrationSettings } from '../registrations/queries';
import { useSaveRegistrationSettings } from './queries';
import { centsToEuroInput, euroToCents, isoToLocalInput, localInputToIso } from './settings-values';

function SettingsForm({ settings }: { settings: RegistrationSettings }) {
  const save = useSaveRegistrationSettings();
  const [isEnabled, setIsEnabled] = useState(settings.is_enabled);
  const [errors, setErrors] = useState<FieldErrors>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readForm(form);
    const problems: FieldErrors = {};
    const price = euroToCents(values.team_price ?? '');
    if (price === null) problems.team_price = 'Enter the price in euro, e.g. 60.00';
    const closesAt = localInputToIso(values.closes_at ?? '');
    if (closesAt === undefined) problems.closes_at = 'Enter a valid closing date and time';
    const total = (values.max_teams_total ?? '').trim();
    const result = validate(updateRegistrationSettingsBodySchema, {
      is_enabled: isEnabled,
      team_price: price ?? 0,
      closes_at: closesAt ?? null,
      max_teams_per_registration: Number(values.max_teams_per_registration),
      max_teams_total: total === '' ? null : Number(total),
    });
    const all = { ...(result.errors ?? {}), ...problems };
    setErrors(all);
    if (Object.keys(all).length > 0 || !result.data) {
      focusFirstInvalid(form);
      return;
    }
    save.mutate(result.data, {
      onSuccess: (saved) => {
        notify('success', 'Registration settings saved');
        save.showSaved(saved);
      },
      onError: (error) => notifyFailure(error, 'Failed to save the registration settings'),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SwitchField
        label="Registration open"
        description="When open, the home page's main button reads 'Join Tournament' and leads to the form."
        checked={isEnabled}
        onChange={(event) => setIsEnabled(event.target.checked)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price per team (€)"
          name="team_price"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={centsToEuroInput(settings.team_price)}
          hint="For a team of 4, e.g. 60.00."
          error={errors.team_price}
        />
        <TextField
          label="Closing date"
          name="closes_at"
          type="datetime-local"
          defaultValue={isoToLocalInput(settings.closes_at)}
          hint="No new registrations or name changes after it. Blank: open while switched on."
          error={errors.closes_at}
        />
        <TextField
          label="Teams per registration (max)"
          name="max_teams_per_registration"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={settings.max_teams_per_registration ?? DEFAULT_MAX_TEAMS_PER_REGISTRATION}
          error={errors.max_teams_per_registration}
        />
        <TextField
          label="Teams in total (max)"
          name="max_teams_total"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={settings.max_teams_total ?? ''}
          hint="Across all registrations not cancelled. Blank: no limit."
          error={errors.max_teams_total}
        />
      </div>
      <div>
        <SubmitButton isPending={save.isPending} pendingLabel="Saving...">
          <Save aria-hidden="true" className="size-4" />
          Save settings
        </SubmitButton>
      </div>
    </form>
  );
}

/** Open or close registration, the team price (euro, stored in cents), the closing date and the limits. */
export function RegistrationSettingsPanel() {
  const { data, isPending } = useRegistrationSettings();
  return (
    <Card>
      <details className="group" data-testid="registration-settings">
        <summary className="-m-2 flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-2 gap-y-1 rounded-xl p-2 hover:bg-surface-muted">
          <Settings2 aria-hidden="true" className="size-5 text-muted" />
          <span className="font-display text-xl font-bold text-fg">Registration settings</span>
          <span className="ml-auto text-sm text-muted">
            {data
              ? `${isRegistrationOpen(data, Date.now()) ? 'Open' : 'Closed'} · ${formatEuroCents(data.team_price)} per team`
              : ''}
          </span>
        </summary>
        <div className="mt-4">
          {isPending ? (
            <Spinner />
          ) : data ? (
            <SettingsForm key={JSON.stringify(data)} settings={data} />
          ) : (
            <p role="alert" className="text-sm text-loss">
              The settings could not be loaded. Reload the page to try again.
            </p>
          )}
        </div>
      </details>
    </Card>
  );
}
