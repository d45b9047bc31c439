import { FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import type { CsvPreview } from '../../../contracts/player-management';
import { countOf } from '../../../domain/plural';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogSubmitActions } from '../../components/ui/dialog';
import { controlClass, TextField } from '../../components/ui/field';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { notify, notifyFailure } from '../../lib/notify';
import { useImportCsv, useImportTrf, usePreviewCsv } from './queries';

/** Files are read in the browser and sent as text (JSON bodies); the server parses them. */
const MAX_FILE_BYTES = 1024 * 1024;

function FileInput({
  label,
  accept,
  hint,
  onText,
}: {
  label: string;
  accept: string;
  hint: string;
  onText: (name: string, text: string) => void;
}) {
  const id = useId();
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      notify('error', 'The file is too big (at most 1 MB)');
      return;
    }
    onText(file.name, await file.text());
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={(event) => void onChange(event)}
        aria-describedby={`${id}-hint`}
        className={`${controlClass} py-2 file:mr-3 file:rounded-lg file:border-0 file:bg-surface-muted file:px-3 file:py-1.5 file:font-semibold file:text-fg`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    </div>
  );
}

/**
 * The schools the name rule reads from the file's team names (docs/decisions/012-school-identity.md), for
 * the arbiter to check before importing: new ones are created by the import.
 */
function InferredSchools({ schools }: { schools: CsvPreview['schools'] }) {
  return (
    <section aria-labelledby="inferred-schools" className="flex flex-col gap-1.5">
      <h3 id="inferred-schools" className="text-sm font-semibold">
        Schools read from the team names
      </h3>
      <p className="text-xs text-muted">
        A team's school is its name without the final team letter. Check them before importing.
      </p>
      <ul className="max-h-40 overflow-y-auto rounded-xl border border-line text-sm">
        {schools.map((school) => (
          <li
            key={school.school}
            className="flex flex-wrap items-baseline gap-x-2 border-b border-line px-3 py-1.5 last:border-b-0"
          >
            <span className="font-semibold">{school.school}</span>
            <span
              className={`rounded-full px-2 text-xs font-semibold ${school.isNew ? 'bg-draw-bg text-draw' : 'bg-surface-muted text-muted'}`}
            >
              {school.isNew ? 'new school' : 'already known'}
            </span>
            <span className="text-muted">{school.teams.join(', ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PreviewResult({ preview }: { preview: CsvPreview }) {
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      {preview.isValid ? (
        <p role="status" className="rounded-xl bg-win-bg px-3 py-2 text-sm font-semibold text-win">
          {countOf(preview.rows.length, 'player')} ready to import.
        </p>
      ) : (
        <div role="alert" className="flex flex-col gap-2">
          <p className="rounded-xl bg-loss-bg px-3 py-2 text-sm font-semibold text-loss">
            {countOf(preview.errors.length, 'problem')} to fix: nothing will be imported until the file is
            correct.
          </p>
          <ul
            aria-label="Problems"
            className="max-h-48 overflow-y-auto rounded-xl border border-line text-sm"
          >
            {preview.errors.map((error) => (
              <li
                key={`${error.line}-${error.message}`}
                className="border-b border-line px-3 py-1.5 last:border-b-0"
              >
                <span className="font-semibold">Line {error.line}:</span> {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.schools.length > 0 ? <InferredSchools schools={preview.schools} /> : null}
      {preview.rows.length > 0 ? (
        <div className="max-h-56 overflow-auto rounded-xl border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Players in the file</caption>
            <thead className="sticky top-0 bg-surface-muted">
              <tr>
                <th className="px-3 py-1.5">Line</th>
                <th className="px-3 py-1.5">Name</th>
                <th className="px-3 py-1.5">Team</th>
                <th className="px-3 py-1.5 text-right">Rating</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.line} className="border-t border-line">
                  <td className="px-3 py-1.5 text-muted">{row.line}</td>
                  <td className="px-3 py-1.5">{row.name}</td>
                  <td className="px-3 py-1.5">{row.groupName ?? '–'}</td>
                  <td className="px-3 py-1.5 text-right">{row.rating ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** Choose a file → dry run with every problem by line → import all rows, or nothing. */
export function CsvImportDialog({
  isOpen,
  tournamentId,
  tournamentName,
  onClose,
}: {
  isOpen: boolean;
  tournamentId: string | null;
  tournamentName: string;
  onClose: () => void;
}) {
  const [csv, setCsv] = useState<string | null>(null);
  const previewCsv = usePreviewCsv();
  const importCsv = useImportCsv();
  const onText = (_name: string, text: string) => {
    setCsv(text);
    previewCsv.mutate(
      { csv: text, tournamentId },
      { onError: (error) => notifyFailure(error, 'Failed to read the file') },
    );
  };
  const onImport = () => {
    if (csv === null) return;
    importCsv.mutate(
      { csv, tournamentId },
      {
        onSuccess: ({ message }) => {
          notify('success', message, { description: tournamentName });
          onClose();
        },
        onError: (error) => {
          notifyFailure(error, 'Failed to import the players');
          if (error instanceof ApiRequestError) previewCsv.mutate({ csv, tournamentId });
        },
      },
    );
  };
  const preview = previewCsv.data;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title="Import players from CSV"
      description={`Into ${tournamentName}. A header row names the columns: name, team, rating, club (comma or semicolon separated). Every row is checked first; the import adds all of them or none.`}
    >
      <div className="flex flex-col gap-4">
        <FileInput
          label="CSV file"
          accept=".csv,text/csv,text/plain"
          hint="Example: name,team,rating,club — Aoife Byrne,St Kevin's A,1450,"
          onText={onText}
        />
        {previewCsv.isPending ? <p className="text-sm text-muted">Checking the file...</p> : null}
        {preview && !previewCsv.isPending ? <PreviewResult preview={preview} /> : null}
        <DialogActions onCancel={onClose}>
          <Button
            onClick={onImport}
            disabled={!preview?.isValid || importCsv.isPending || previewCsv.isPending}
          >
            <Upload aria-hidden="true" className="size-4" />
            {importCsv.isPending
              ? 'Importing...'
              : preview?.isValid
                ? `Import ${countOf(preview.rows.length, 'player')}`
                : 'Import'}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

/** A TRF-16 file becomes a new, inactive tournament with its players, rounds and results. */
export function TrfImportDialog({
  isOpen,
  onClose,
  onImported,
}: {
  isOpen: boolean;
  onClose: () => void;
  onImported: (tournamentId: string) => void;
}) {
  const [trf, setTrf] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importTrf = useImportTrf();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (trf === null) {
      setError('Choose a TRF file');
      return;
    }
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    importTrf.mutate(
      { trf, ...(name ? { name } : {}) },
      {
        onSuccess: ({ message, tournament }) => {
          notify('success', message);
          onImported(tournament.id);
          onClose();
        },
        onError: (failure) => setError(serverMessage(failure, 'Failed to import the TRF file')),
      },
    );
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Import a TRF file"
      description="Creates a new tournament (not active) from a FIDE TRF-16 file: its players, rounds, results and byes. Activate it in Tournament Management when it should go live."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FileInput
          label="TRF file"
          accept=".trf,.txt,text/plain"
          hint="Exported by Swiss-Manager, Vega, JaVaFo or this site."
          onText={(_name, text) => {
            setTrf(text);
            setError(null);
          }}
        />
        <TextField
          label="Tournament name (optional)"
          name="name"
          autoComplete="off"
          maxLength={200}
          hint="Blank: the name in the file."
        />
        {error ? (
          <p role="alert" className="rounded-xl bg-loss-bg px-3 py-2 text-sm font-medium text-loss">
            {error}
          </p>
        ) : null}
        <DialogSubmitActions
          onCancel={onClose}
          isPending={importTrf.isPending}
          pendingLabel="Importing..."
          icon={FileUp}
        >
          Import tournament
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}
