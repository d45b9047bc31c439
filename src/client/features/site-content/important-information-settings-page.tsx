import { ArrowLeft, ExternalLink, RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  IMPORTANT_INFORMATION_MESSAGES,
  type ImportantInformation,
  RICH_TEXT_LIMITS,
  RICH_TEXT_MESSAGES,
} from '../../../contracts/rich-text';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { Button, ButtonLink, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { SettingsGate } from '../settings-gate/settings-gate';
import { LazyRichTextEditor } from './lazy-rich-text-editor';
import {
  useAdminImportantInformation,
  useResetImportantInformation,
  useSaveImportantInformation,
} from './queries';

function ImportantInformationForm({ stored }: { stored: ImportantInformation }) {
  const [html, setHtml] = useState(stored.html ?? '');
  const [characters, setCharacters] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveImportantInformation();
  const reset = useResetImportantInformation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (html.trim() === '') {
      setError(RICH_TEXT_MESSAGES.empty('importantInformation'));
      return;
    }
    if (characters !== null && characters > RICH_TEXT_LIMITS.importantInformation.characters) {
      setError(RICH_TEXT_MESSAGES.tooLong('importantInformation', characters));
      return;
    }
    setError(undefined);
    save.mutate(html, {
      onSuccess: ({ message }) => notify('success', message),
      onError: (failure) => {
        const message = serverMessage(failure, IMPORTANT_INFORMATION_MESSAGES.saveFailed);
        setError(message);
        notify('error', message);
      },
    });
  };
  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: ({ message }) => {
        notify('success', message);
        setHtml('');
      },
      onError: (failure) =>
        notify('error', serverMessage(failure, IMPORTANT_INFORMATION_MESSAGES.saveFailed)),
    });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Important information" className="flex flex-col gap-4">
      <LazyRichTextEditor
        label="Page text"
        kind="importantInformation"
        initialHtml={stored.html ?? ''}
        onChange={(next, count) => {
          setHtml(next);
          setCharacters(count);
          setError(undefined);
        }}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton isPending={save.isPending} pendingLabel="Saving...">
          <Save aria-hidden="true" className="size-4" />
          Save
        </SubmitButton>
        {stored.html !== null ? (
          <Button variant="secondary" onClick={onReset} disabled={reset.isPending}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {reset.isPending ? 'Resetting...' : 'Use the standard text'}
          </Button>
        ) : null}
        <ButtonLink to="/important-information" variant="ghost" target="_blank">
          <ExternalLink aria-hidden="true" className="size-4" />
          Open the public page
        </ButtonLink>
      </div>
      {html.trim() !== '' ? (
        <section aria-labelledby="preview-heading" className="flex flex-col gap-2">
          <h2 id="preview-heading" className="font-display text-xl font-bold text-fg">
            Preview
          </h2>
          <Card>
            <RichHtml html={html} />
          </Card>
        </section>
      ) : null}
    </form>
  );
}

function ImportantInformationEditor() {
  // Saved or reset elsewhere (or here): the editor starts again from what is stored.
  return (
    <QueryView
      query={useAdminImportantInformation()}
      errorTitle={IMPORTANT_INFORMATION_MESSAGES.loadFailed}
      keepDataOnError
    >
      {(data) => <ImportantInformationForm key={data.html ?? ''} stored={data} />}
    </QueryView>
  );
}

/** /admin/important-information-settings (behind the settings password): the '2025 Tournament' page's text. */
export function ImportantInformationSettingsPage() {
  return (
    <SettingsGate>
      <div className="flex flex-col gap-6">
        <AdminPageHeading
          eyebrow="Admin Area · Settings"
          title="Important Information Settings"
          descriptionClassName="max-w-3xl"
        >
          The text of the '2025 Tournament' page, below its venue, dates and round schedule. Until you save
          one, the page shows its standard text. Pasting from Word or Google Docs keeps headings, lists and
          tables; images are uploaded here and served by this site.
        </AdminPageHeading>
        <Card>
          <ImportantInformationEditor />
        </Card>
        <ButtonLink to="/admin/settings" variant="secondary" className="self-start">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Settings
        </ButtonLink>
      </div>
    </SettingsGate>
  );
}
