import { LayoutTemplate, Plus } from 'lucide-react';
import { type FormEvent, useEffect } from 'react';
import {
  createTemplateBodySchema,
  DEFAULT_TOTAL_ROUNDS,
  MAX_TOTAL_ROUNDS,
  TOURNAMENT_MESSAGES,
} from '../../../contracts/tournament-management';
import { countOf } from '../../../domain/plural';
import { QueryView } from '../../components/query-view';
import { Button, SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useCreateTemplate, useTemplates } from './queries';
import { notifyFailed } from './tournament-dialogs';

const { failures } = TOURNAMENT_MESSAGES;

function CreateTemplateForm() {
  const { errors, formRef, check } = useFieldErrors();
  const create = useCreateTemplate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { name = '', defaultRounds = '' } = readForm(form);
    const body = check(createTemplateBodySchema, {
      name,
      defaultRounds: defaultRounds.trim() === '' ? Number.NaN : Number(defaultRounds),
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: ({ message }) => {
        notify('success', message);
        form.reset();
      },
      onError: notifyFailed(failures.createTemplate),
    });
  };
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="New template"
      className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
    >
      <TextField label="Template name" name="name" maxLength={100} autoComplete="off" error={errors.name} />
      <TextField
        label="Default rounds"
        name="defaultRounds"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_TOTAL_ROUNDS}
        defaultValue={DEFAULT_TOTAL_ROUNDS}
        error={errors.defaultRounds}
      />
      <SubmitButton isPending={create.isPending} pendingLabel="Saving..." className="sm:mt-7">
        <Plus aria-hidden="true" className="size-4" />
        Save template
      </SubmitButton>
    </form>
  );
}

/** Templates: a name and a default number of rounds, to start a tournament from. */
export function TemplatesPanel({ onUse }: { onUse: (templateId: string) => void }) {
  const templates = useTemplates();
  const { error } = templates;

  useEffect(() => {
    if (error) notifyFailed(failures.fetchTemplates)(error);
  }, [error]);

  return (
    <section aria-labelledby="templates-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="templates-heading" className="font-display text-2xl font-bold text-fg">
          Templates
        </h2>
        <p className="mt-1 text-sm text-muted">
          A template fills in the number of rounds of a new tournament.
        </p>
      </div>
      <QueryView query={templates} errorTitle={failures.fetchTemplates} keepDataOnError>
        {(data) =>
          data.templates.length === 0 ? (
            <Notice icon={LayoutTemplate} title="No templates yet" role="status">
              Save one below, for instance a five-round weekend Swiss.
            </Notice>
          ) : (
            <ul
              aria-label="Templates"
              className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm"
            >
              {data.templates.map((template) => (
                <li key={template.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <p className="min-w-0">
                    <span className="font-semibold text-fg">{template.name}</span>
                    <span className="block text-sm text-muted">
                      {countOf(template.defaultRounds, 'round')}
                    </span>
                  </p>
                  <Button size="sm" variant="secondary" onClick={() => onUse(template.id)}>
                    <LayoutTemplate aria-hidden="true" className="size-4" />
                    Use<span className="sr-only"> template {template.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <CreateTemplateForm />
    </section>
  );
}
