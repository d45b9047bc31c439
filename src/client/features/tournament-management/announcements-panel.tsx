import { Megaphone, Pencil, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { RICH_TEXT_LIMITS, RICH_TEXT_MESSAGES } from '../../../contracts/rich-text';
import {
  type AdminAnnouncement,
  type AdminTournament,
  updateAnnouncementBodySchema,
} from '../../../contracts/tournament-management';
import { QueryView } from '../../components/query-view';
import { RichHtml } from '../../components/rich-html';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog, DialogConfirmActions, DialogSubmitActions } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { useFieldErrors } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { notify, notifyFailure } from '../../lib/notify';
import { LazyRichTextEditor } from '../site-content/lazy-rich-text-editor';
import {
  useAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useTournaments,
  useUpdateAnnouncement,
} from './queries';

const ACTIVE = '';
const contentSchema = updateAnnouncementBodySchema;
const LIMIT = RICH_TEXT_LIMITS.announcement.characters;

/**
 * The announcement editor (rich text, loaded lazily) with its counter. Over the limit the form says so and
 * sends nothing; nothing is ever cut.
 */
function ContentField({
  initialHtml,
  onChange,
  error,
  label,
}: {
  initialHtml: string;
  onChange: (value: string, characters: number) => void;
  error: string | undefined;
  label: string;
}) {
  return (
    <LazyRichTextEditor
      label={label}
      kind="announcement"
      initialHtml={initialHtml}
      onChange={onChange}
      error={error}
    />
  );
}

/** The body to send, or an error for the field: empty, or more characters than the limit. */
function useAnnouncementDraft(initial: string) {
  const { errors, formRef, check, showError } = useFieldErrors();
  const [content, setContent] = useState(initial);
  const [characters, setCharacters] = useState<number | null>(null);
  const onChange = (html: string, count: number) => {
    setContent(html);
    setCharacters(count);
  };
  const validate = () => {
    if (characters !== null && characters > LIMIT) {
      showError('content', RICH_TEXT_MESSAGES.tooLong('announcement', characters));
      return null;
    }
    return check(contentSchema, { content });
  };
  return { errors, formRef, content, onChange, validate, reset: () => setContent('') };
}

function EditAnnouncementDialog({
  announcement,
  onClose,
}: {
  announcement: AdminAnnouncement;
  onClose: () => void;
}) {
  const { errors, formRef, onChange, validate } = useAnnouncementDraft(announcement.content);
  const update = useUpdateAnnouncement();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate();
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
        <ContentField
          label="Announcement"
          initialHtml={announcement.content}
          onChange={onChange}
          error={errors.content}
        />
        <DialogSubmitActions onCancel={onClose} isPending={update.isPending} pendingLabel="Saving...">
          Save changes
        </DialogSubmitActions>
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
      description={<RichHtml html={announcement.content} className="line-clamp-3" />}
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={remove.isPending}
        pendingLabel="Deleting..."
        icon={Trash2}
        variant="danger"
      >
        Delete
      </DialogConfirmActions>
    </Dialog>
  );
}

function NewAnnouncementForm({ tournamentId }: { tournamentId: string }) {
  const [round, setRound] = useState(0);
  const { errors, formRef, onChange, validate, reset } = useAnnouncementDraft('');
  const create = useCreateAnnouncement();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate();
    if (!body) return;
    create.mutate(
      { content: body.content, tournamentId },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          reset();
          // A fresh, empty editor for the next announcement.
          setRound((value) => value + 1);
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
      <ContentField
        key={round}
        label="New announcement"
        initialHtml=""
        onChange={onChange}
        error={errors.content}
      />
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
  const announcements = useAnnouncements(selected || null);
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

      <QueryView query={announcements} errorTitle="Failed to load announcements" keepDataOnError>
        {(data) =>
          data.tournamentId === null ? (
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
                        <RichHtml html={announcement.content} />
                        <p className="mt-1 text-xs text-muted">
                          <time dateTime={announcement.createdAt}>
                            {formatDateTime(announcement.createdAt)}
                          </time>
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
          )
        }
      </QueryView>

      {action?.kind === 'edit' ? (
        <EditAnnouncementDialog announcement={action.announcement} onClose={close} />
      ) : null}
      {action?.kind === 'delete' ? (
        <DeleteAnnouncementDialog announcement={action.announcement} onClose={close} />
      ) : null}
    </section>
  );
}
