import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { retentionPeriodsSchema } from '../../../contracts/retention';
import type { RetentionPeriods } from '../../../domain/retention';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { notify, notifyFailure } from '../../lib/notify';
import { useSaveRetentionPeriods } from './queries';

/**
 * Superadmins: how long visitor records and registrations are kept (ADR 035). Checked with the server's own schema
 * (its limits and messages) before anything is sent; the privacy page and the cookie banner follow the saved values.
 */
export function RetentionPeriodsForm({ saved }: { saved: RetentionPeriods }) {
  const [visitorDays, setVisitorDays] = useState(String(saved.visitorDays));
  const [registrationYears, setRegistrationYears] = useState(String(saved.registrationYears));
  const [errors, setErrors] = useState<Partial<Record<keyof RetentionPeriods, string>>>({});
  const save = useSaveRetentionPeriods();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionPeriodsSchema.safeParse({
      visitorDays: Number(visitorDays),
      registrationYears: Number(registrationYears),
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof RetentionPeriods, string>> = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof RetentionPeriods] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => notify('success', message),
      onError: (error) => notifyFailure(error, 'Failed to save the retention periods'),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        label="Keep visitor records (days)"
        className="w-56"
        type="number"
        inputMode="numeric"
        step={1}
        value={visitorDays}
        onChange={(event) => setVisitorDays(event.target.value)}
        error={errors.visitorDays ?? null}
      />
      <TextField
        label="Keep registrations (years after)"
        className="w-56"
        type="number"
        inputMode="numeric"
        step={1}
        value={registrationYears}
        onChange={(event) => setRegistrationYears(event.target.value)}
        error={errors.registrationYears ?? null}
      />
      <SubmitButton isPending={save.isPending} pendingLabel="Saving..." className="mt-7">
        <Save aria-hidden="true" className="size-4" />
        Save periods
      </SubmitButton>
    </form>
  );
}
