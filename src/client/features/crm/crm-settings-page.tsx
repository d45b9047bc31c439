import { Hand, Save, Zap } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CRM_MESSAGES, type CrmTemplate, crmTemplateChangeSchema } from '../../../contracts/crm';
import { CRM_MESSAGE_TEXTS, crmReminderSettingsSchema } from '../../../contracts/crm-messages';
import { CRM_REMINDER_DAYS_MAX } from '../../../domain/crm-messages';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SwitchField, TextareaField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useReminderSettings, useSaveReminderSettings } from './message-queries';
import { useCrmTemplates, useSaveTemplate } from './queries';

function TemplateForm({ template }: { template: CrmTemplate }) {
  const [label, setLabel] = useState(template.label);
  const [description, setDescription] = useState(template.description);
  const [days, setDays] = useState(String(template.dueDaysBefore));
  const [isActive, setIsActive] = useState(template.isActive);
  const { errors, formRef, check } = useFieldErrors();
  const save = useSaveTemplate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(crmTemplateChangeSchema, {
      label,
      description,
      dueDaysBefore: days.trim() === '' ? Number.NaN : Number(days),
      isActive,
    });
    if (!body) return;
    save.mutate(
      { kind: template.kind, ...body },
      {
        onSuccess: () =>
          notify('success', CRM_MESSAGES.templateSaved, { id: `crm-template-${template.kind}` }),
        onError: (error) =>
          notify('error', serverMessage(error, CRM_MESSAGES.updateFailed), {
            id: `crm-template-${template.kind}`,
          }),
      },
    );
  };

  return (
    <Card>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label={template.label}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-display text-lg font-bold text-fg">{template.label}</h2>
          {template.isAuto ? (
            <Badge tone="accent">
              <Zap aria-hidden="true" className="size-3.5" />
              Automatic: ticked by events
            </Badge>
          ) : (
            <Badge>
              <Hand aria-hidden="true" className="size-3.5" />
              Manual: ticked by staff
            </Badge>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            label="Label"
            name="label"
            value={label}
            maxLength={80}
            onChange={(event) => setLabel(event.target.value)}
            error={errors.label}
          />
          <TextField
            label="Due (days before the event)"
            name="dueDaysBefore"
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={errors.dueDaysBefore}
          />
        </div>
        <TextareaField
          label="Description"
          name="description"
          rows={2}
          maxLength={300}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
        />
        <SwitchField
          label="Active"
          description="Schools that register get this task."
          checked={isActive}
          onChange={(event) => setIsActive(event.target.checked)}
        />
        <div>
          <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
            <Save aria-hidden="true" className="size-4" />
            Save
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

/** The reminder timing: days before a due date the school's teacher is e-mailed its open tasks (0: off). */
function ReminderForm({ days: saved }: { days: number }) {
  const [days, setDays] = useState(String(saved));
  const { errors, formRef, check } = useFieldErrors();
  const save = useSaveReminderSettings();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(crmReminderSettingsSchema, { days: days.trim() === '' ? Number.NaN : Number(days) });
    if (!body) return;
    save.mutate(body.days, {
      onSuccess: () => notify('success', CRM_MESSAGE_TEXTS.reminderSaved, { id: 'crm-reminders' }),
      onError: (error) =>
        notify('error', serverMessage(error, CRM_MESSAGE_TEXTS.reminderFailed), { id: 'crm-reminders' }),
    });
  };
  return (
    <Card>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label="Reminder e-mails"
        className="flex flex-col gap-4"
      >
        <h2 className="font-display text-lg font-bold text-fg">Reminder e-mails</h2>
        <p className="text-sm text-muted">
          Once a day, each school’s teacher gets one e-mail listing its open tasks due within this many days,
          once per task and due date. Each reminder has an unsubscribe link; an address that used it gets no
          more reminders, but messages you send from a school’s page still reach it. Nothing goes while mail
          is paused or the site is read-only: the day’s reminders go when it resumes.
        </p>
        <TextField
          label="Days before the due date (0: off)"
          name="days"
          type="number"
          inputMode="numeric"
          min={0}
          max={CRM_REMINDER_DAYS_MAX}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={errors.days}
          className="max-w-xs"
        />
        <div>
          <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
            <Save aria-hidden="true" className="size-4" />
            Save
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

/** /crm/settings (crm_access): the reminder timing and the task templates, each saved on its own. */
export function CrmSettingsPage() {
  const templates = useCrmTemplates();
  const reminders = useReminderSettings();
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeading eyebrow="Team Tasks" title="Settings">
        The tasks each school gets when it registers. Automatic tasks are ticked by payments, consents,
        check-in and sign-out at pick-up; the others by staff.
      </AdminPageHeading>
      <QueryView query={reminders} errorTitle={CRM_MESSAGES.loadFailed}>
        {(data) => <ReminderForm key={data.days} days={data.days} />}
      </QueryView>
      <QueryView query={templates} errorTitle={CRM_MESSAGES.loadFailed}>
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.templates.map((template) => (
              <TemplateForm
                key={`${template.kind}:${template.label}:${template.dueDaysBefore}:${template.isActive}`}
                template={template}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
