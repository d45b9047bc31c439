import { Megaphone, Pencil, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type AdminAnnouncement,
  type AdminTournament,
  MAX_ANNOUNCEMENT_LENGTH,
  updateAnnouncementBodySchema,
} from '../../../contracts/tournament-management';
import { LoadError } from '../../components/load-error';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog, DialogActions } from '../../components/ui/dialog';
import { SelectField, TextareaField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { useFieldErrors } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import {
  useAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useTournaments,
  useUpdateAnnouncement,
} from './queries';

const ACTIVE = '';
const contentSchema = updateAnnouncementBodySchema;

/** The text box with a count of the characters left: announcements are plain text, 1000 characters at most. */
function ContentField({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label: string;
}) {
  const left = MAX_ANNOUNCEMENT_LENGTH - value.length;
  return (
    <TextareaField
      label={label}
      name="content"
      rows={3}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={MAX_ANNOUNCEMENT_LENGTH}
      hint={`Plain text, shown as written. ${left} ${left === 1 ? 'character' : 'characters'} left.`}
      error={error}
    />
  );
}

function EditAnnouncementDialog({
  announcement,
  onClose,
}: {
  announcement: AdminAnnouncement;
  onClose: () => void;
}) {
  const { errors, formRef, check } = useFieldErrors();
  const [content, setContent] = useState(announcement.content);
  const update = useUpdateAnnouncement();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(contentSchema, { content });
    if (!body) return;
    update.mutate(
      { id: announcement.id, content: body.content },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Failed to update the announcement'),
      },
    );
  };
  return (
    <Dialog isOpen onClose={onClose} title="Edit announcement">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <ContentField label="Announcement" value={content} onChange={setContent} error={errors.content} />
        <DialogActions onCancel={onClose}>
          <SubmitButton isPending={update.isPending} pendingLabel="Saving...">
            Save changes
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteAnnouncementDialog({
  announcement,
  onClose,
}: {
  announcement: AdminAnnouncement;
  onClose: () => void;
}) {
  const remove = useDeleteAnnouncement();
  const onConfirm = () =>
    remove.mutate(announcement.id, {
      onSuccess: ({ message }) => {
        notify('success', message);
        onClose();
      },
      onError: (error) => notifyFailure(error, 'Failed to delete the announcement'),
    });
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Delete announcement?"
      description={<p className="line-clamp-3 whitespace-pre-line">{announcement.content}</p>}
    >
      <DialogActions onCancel={onClose}>
        <Button variant="danger" onClick={onConfirm} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" className="size-4" />
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function NewAnnouncementForm({ tournamentId }: { tournamentId: string }) {
  const { errors, formRef, check } = useFieldErrors();
  const [content, setContent] = useState('');
  const create = useCreateAnnouncement();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(contentSchema, { content });
    if (!body) return;
    create.mutate(
      { content: body.content, tournamentId },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          setContent('');
        },
        onError: (error) => notifyFailure(error, 'Failed to publish the announcement'),
      },
    );
  };
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="New announcement"
      className="flex flex-col gap-3"
    >
      <ContentField label="New announcement" value={content} onChange={setContent} error={errors.content} />
      <SubmitButton isPending={create.isPending} pendingLabel="Publishing..." className="self-start">
        <Send aria-hidden="true" className="size-4" />
        Publish
      </SubmitButton>
    </form>
  );
}

type Action = { kind: 'edit' | 'delete'; announcement: AdminAnnouncement } | null;

function tournamentLabel(tournament: AdminTournament): string {
  if (tournament.active) return `${tournament.name} (active)`;
  return tournament.archivedAt ? `${tournament.name} (archived)` : tournament.name;
}

/** Announcements of a tournament (the active one unless another is chosen): the home page shows the latest 5. */
export function AnnouncementsPanel() {
  const [selected, setSelected] = useState(ACTIVE);
  const [action, setAction] = useState<Action>(null);
  const tournaments = useTournaments();
  const { data, error, isPending, refetch, isFetching } = useAnnouncements(selected || null);
  const close = () => setAction(null);
  const active = tournaments.data?.tournaments.find((tournament) => tournament.active);

  return (
    <section aria-labelledby="announcements-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="announcements-heading" className="font-display text-2xl font-bold text-fg">
          Announcements
        </h2>
        <p className="mt-1 text-sm text-muted">
          The home page shows the latest 5 announcements of the active tournament, as soon as they are
          published.
        </p>
      </div>
      <SelectField
        label="Tournament"
        value={selected}
        onChange={(event) => setSelected(event.target.value)}
        className="max-w-xl"
      >
        <option value={ACTIVE}>{active ? `Active tournament: ${active.name}` : 'Active tournament'}</option>
        {tournaments.data?.tournaments
          .filter((tournament) => !tournament.active)
          .map((tournament) => (
            <option key={tournament.id} value={tournament.id}>
              {tournamentLabel(tournament)}
            </option>
          ))}
      </SelectField>

      {isPending ? (
        <Spinner />
      ) : error && !data ? (
        <LoadError
          title="Failed to load announcements"
          error={error}
          onRetry={() => void refetch()}
          isRetrying={isFetching}
        />
      ) : data.tournamentId === null ? (
        <Notice icon={Megaphone} title="No active tournament" role="status">
          Activate a tournament, or choose one above, to publish announcements.
        </Notice>
      ) : (
        <>
          <NewAnnouncementForm key={data.tournamentId} tournamentId={data.tournamentId} />
          {data.announcements.length === 0 ? (
            <p className="text-sm text-muted">No announcements yet for this tournament.</p>
          ) : (
            <ul
              aria-label="Published announcements"
              className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm"
            >
              {data.announcements.map((announcement, index) => (
                <li key={announcement.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <p className="whitespace-pre-line break-words text-fg">{announcement.content}</p>
                    <p className="mt-1 text-xs text-muted">
                      <time dateTime={announcement.createdAt}>{formatDateTime(announcement.createdAt)}</time>
                      {index < 5 && data.tournamentId === active?.id ? ' · on the home page' : ''}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1.5">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setAction({ kind: 'edit', announcement })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit<span className="sr-only"> announcement</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setAction({ kind: 'delete', announcement })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete<span className="sr-only"> announcement</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {action?.kind === 'edit' ? (
        <EditAnnouncementDialog announcement={action.announcement} onClose={close} />
      ) : null}
      {action?.kind === 'delete' ? (
        <DeleteAnnouncementDialog announcement={action.announcement} onClose={close} />
      ) : null}
    </section>
  );
}
