import { Hand, Save, Zap } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CRM_MESSAGES, type CrmTemplate, crmTemplateChangeSchema } from '../../../contracts/crm';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SwitchField, TextareaField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
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

/** /crm/settings (crm_access): the task templates, each saved on its own. */
export function CrmSettingsPage() {
  const templates = useCrmTemplates();
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeading eyebrow="Team Tasks" title="Settings">
        The tasks each school gets when it registers. Automatic tasks are ticked by payments, consents and
        check-in; the others by staff.
      </AdminPageHeading>
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
