import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  BACKUP_MESSAGES,
  type BackupSchedule,
  MAX_BACKUP_KEEP,
  MIN_BACKUP_KEEP,
} from '../../../contracts/backups';
import { SubmitButton } from '../../components/ui/button';
import { SwitchField, TextField } from '../../components/ui/field';
import { notify, notifyFailure } from '../../lib/notify';
import { useSaveBackupSchedule } from './queries';

/** The daily backup: on or off, and how many scheduled backups are kept. */
export function BackupScheduleForm({ saved }: { saved: BackupSchedule }) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [keep, setKeep] = useState(String(saved.keep));
  const [showError, setShowError] = useState(false);
  const save = useSaveBackupSchedule();
  const value = Number(keep);
  const isValid = Number.isInteger(value) && value >= MIN_BACKUP_KEEP && value <= MAX_BACKUP_KEEP;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) {
      setShowError(true);
      return;
    }
    setShowError(false);
    save.mutate(
      { enabled, keep: value },
      {
        onSuccess: () => notify('success', BACKUP_MESSAGES.scheduleSaved),
        onError: (error) => notifyFailure(error, BACKUP_MESSAGES.scheduleFailed),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SwitchField
        label="Daily backup"
        description="Once a day (UTC) one server process takes a backup and verifies it."
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Scheduled backups to keep"
          className="w-full sm:w-64"
          type="number"
          inputMode="numeric"
          min={MIN_BACKUP_KEEP}
          max={MAX_BACKUP_KEEP}
          step={1}
          value={keep}
          onChange={(event) => setKeep(event.target.value)}
          hint="Older scheduled backups are deleted after each scheduled backup; manual backups and rollback points stay."
          error={
            showError && !isValid
              ? `Enter a whole number from ${MIN_BACKUP_KEEP} to ${MAX_BACKUP_KEEP}`
              : null
          }
        />
        <SubmitButton isPending={save.isPending} pendingLabel="Saving..." className="sm:mt-7">
          <Save aria-hidden="true" className="size-4" />
          Save schedule
        </SubmitButton>
      </div>
    </form>
  );
}
