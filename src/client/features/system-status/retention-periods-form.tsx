import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { retentionPeriodsSchema } from '../../../contracts/retention';
import type { RetentionPeriods } from '../../../domain/retention';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { notify, notifyFailure } from '../../lib/notify';
import { useSaveRetentionPeriods } from './queries';

type Period = keyof RetentionPeriods;

/** The form's fields, in the order shown. */
const PERIOD_LABELS: Record<Period, string> = {
  visitorDays: 'Keep visitor records (days)',
  registrationYears: 'Keep registrations (years after)',
  mailDays: 'Keep copies of sent e-mails (days)',
};
const PERIODS = Object.keys(PERIOD_LABELS) as Period[];

const asText = (periods: RetentionPeriods) =>
  Object.fromEntries(PERIODS.map((key) => [key, String(periods[key])])) as Record<Period, string>;

/**
 * Superadmins: how long visitor records, registrations and copies of sent mails are kept (ADR 035). Checked with
 * the server's own schema (its limits and messages) before anything is sent; the privacy page, the guardian-consent
 * page and mail, and the cookie banner follow the saved values.
 */
export function RetentionPeriodsForm({ saved }: { saved: RetentionPeriods }) {
  const [values, setValues] = useState(() => asText(saved));
  const [errors, setErrors] = useState<Partial<Record<Period, string>>>({});
  const save = useSaveRetentionPeriods();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionPeriodsSchema.safeParse(
      Object.fromEntries(PERIODS.map((key) => [key, Number(values[key])])),
    );
    if (!parsed.success) {
      const found: Partial<Record<Period, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Period] ??= issue.message;
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
      {PERIODS.map((key) => (
        <TextField
          key={key}
          label={PERIOD_LABELS[key]}
          className="w-60"
          type="number"
          inputMode="numeric"
          step={1}
          value={values[key]}
          onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
          error={errors[key] ?? null}
        />
      ))}
      <SubmitButton isPending={save.isPending} pendingLabel="Saving..." className="mt-7">
        <Save aria-hidden="true" className="size-4" />
        Save periods
      </SubmitButton>
    </form>
  );
}
