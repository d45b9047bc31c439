import { useQueryClient } from '@tanstack/react-query';
import { Archive, CalendarPlus, Power } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  type AdminTournament,
  createTournamentBodySchema,
  DEFAULT_TOTAL_ROUNDS,
  MAX_TOTAL_ROUNDS,
  TOURNAMENT_MESSAGES,
  updateTournamentBodySchema,
} from '../../../contracts/tournament-management';
import { countOf } from '../../../domain/plural';
import { PUBLIC_NAME_DISPLAY_LABELS, PUBLIC_NAME_DISPLAYS } from '../../../domain/public-names';
import { DEFAULT_TIEBREAK_ORDER, type TiebreakKey } from '../../../domain/scoring/tiebreak-keys';
import { Dialog, DialogConfirmActions, DialogSubmitActions } from '../../components/ui/dialog';
import { SelectField, TextareaField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { type FieldErrors, readForm, useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  templateQuery,
  useActivateTournament,
  useArchiveTournament,
  useCreateTournament,
  useTemplates,
  useUpdateTournament,
} from './queries';
import { TiebreakOrderField } from './tiebreak-order-field';

const { failures } = TOURNAMENT_MESSAGES;

/** A docs/requirements.md §8 failure toast, with the server's reason underneath when it gave one. */
export function notifyFailed(title: string) {
  return (error: unknown) => notify('error', title, { description: serverMessage(error, '') || undefined });
}

/** The form's details as the contract wants them ('' for an empty field, which the contract turns into null). */
function detailsOf(form: HTMLFormElement) {
  const {
    name = '',
    venue = '',
    description = '',
    startDate = '',
    endDate = '',
    publicNameDisplay = 'full',
  } = readForm(form);
  return { name, venue, description, startDate, endDate, publicNameDisplay };
}

/** Name, venue, dates and description: the fields creating and editing share. */
function DetailFields({ tournament, errors }: { tournament: AdminTournament | null; errors: FieldErrors }) {
  return (
    <>
      <TextField
        label="Tournament name"
        name="name"
        defaultValue={tournament?.name ?? ''}
        maxLength={200}
        autoComplete="off"
        error={errors.name}
      />
      <TextField
        label="Venue"
        name="venue"
        defaultValue={tournament?.venue ?? ''}
        maxLength={200}
        autoComplete="off"
        error={errors.venue}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          defaultValue={tournament?.startDate ?? ''}
          error={errors.startDate}
        />
        <TextField
          label="End date"
          name="endDate"
          type="date"
          defaultValue={tournament?.endDate ?? ''}
          error={errors.endDate}
        />
      </div>
      <TextareaField
        label="Description"
        name="description"
        defaultValue={tournament?.description ?? ''}
        maxLength={2000}
        error={errors.description}
      />
      <SelectField
        label="Pupils' names on public pages"
        name="publicNameDisplay"
        defaultValue={tournament?.publicNameDisplay ?? 'full'}
        hint="A pupil whose registration asked for less is shown with less. Player lookup still finds a pupil by the full name typed in full."
        error={errors.publicNameDisplay}
        className="sm:max-w-md"
      >
        {PUBLIC_NAME_DISPLAYS.map((display) => (
          <option key={display} value={display}>
            {PUBLIC_NAME_DISPLAY_LABELS[display]}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/**
 * Create a tournament: picking a template loads it and fills in its number of rounds (docs/requirements.md §5: the
 * template's default_rounds, else 5). The tournament starts inactive, with all its rounds upcoming.
 */
export function CreateTournamentDialog({
  initialTemplateId,
  onClose,
}: {
  /** Opened from a template's "Use" button: start with that template loaded. */
  initialTemplateId: string | null;
  onClose: () => void;
}) {
  const { errors, formRef, check } = useFieldErrors();
  const create = useCreateTournament();
  const templates = useTemplates();
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState('');
  const [rounds, setRounds] = useState(String(DEFAULT_TOTAL_ROUNDS));
  const [tiebreakOrder, setTiebreakOrder] = useState<TiebreakKey[]>([...DEFAULT_TIEBREAK_ORDER]);
  const [isLoadingTemplate, setIsLoadingTemplate] = useState(false);

  const loadTemplate = async (id: string) => {
    setTemplateId(id);
    if (!id) {
      setRounds(String(DEFAULT_TOTAL_ROUNDS));
      return;
    }
    setIsLoadingTemplate(true);
    try {
      const { template } = await queryClient.fetchQuery(templateQuery(id));
      setRounds(String(template.defaultRounds));
    } catch (error) {
      notifyFailed(failures.loadTemplate)(error);
      setTemplateId('');
    } finally {
      setIsLoadingTemplate(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the opening template once, when the dialog opens.
  useEffect(() => {
    if (initialTemplateId) void loadTemplate(initialTemplateId);
  }, [initialTemplateId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(createTournamentBodySchema, {
      ...detailsOf(event.currentTarget),
      totalRounds: rounds.trim() === '' ? Number.NaN : Number(rounds),
      templateId: templateId || null,
      tiebreakOrder,
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: ({ message }) => {
        notify('success', message);
        onClose();
      },
      onError: notifyFailed(failures.create),
    });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title="Create a tournament"
      description="It starts inactive with all its rounds upcoming; activate it when the public pages should show it."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SelectField
          label="Template"
          name="template"
          value={templateId}
          disabled={isLoadingTemplate || !templates.data}
          onChange={(event) => void loadTemplate(event.target.value)}
          hint={
            templates.isError
              ? failures.fetchTemplates
              : isLoadingTemplate
                ? 'Loading the template...'
                : 'A template fills in its number of rounds.'
          }
        >
          <option value="">No template</option>
          {templates.data?.templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name} ({countOf(template.defaultRounds, 'round')})
            </option>
          ))}
        </SelectField>
        <DetailFields tournament={null} errors={errors} />
        <TextField
          label="Number of rounds"
          name="totalRounds"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOTAL_ROUNDS}
          value={rounds}
          onChange={(event) => setRounds(event.target.value)}
          hint={`Between 1 and ${MAX_TOTAL_ROUNDS}. Rounds 1 to ${rounds || 'n'} are created as upcoming.`}
          error={errors.totalRounds}
          className="sm:max-w-56"
        />
        <TiebreakOrderField value={tiebreakOrder} onChange={setTiebreakOrder} error={errors.tiebreakOrder} />
        <DialogSubmitActions
          onCancel={onClose}
          isPending={create.isPending || isLoadingTemplate}
          pendingLabel="Creating..."
          icon={CalendarPlus}
        >
          Create tournament
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

/** Edit a tournament's details. The number of rounds is not edited here: round management adds or removes rounds. */
export function EditTournamentDialog({
  tournament,
  onClose,
}: {
  tournament: AdminTournament | null;
  onClose: () => void;
}) {
  const { errors, formRef, check } = useFieldErrors();
  const update = useUpdateTournament();
  const [tiebreakOrder, setTiebreakOrder] = useState<TiebreakKey[]>([]);
  // The dialog is reused for each tournament: start from the one opened (not reset by a refetch).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another tournament is opened.
  useEffect(() => setTiebreakOrder([...(tournament?.tiebreakOrder ?? [])]), [tournament?.id]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(updateTournamentBodySchema, {
      ...detailsOf(event.currentTarget),
      // Once round 1 is paired the order is fixed: it is not sent (the server would refuse a change).
      ...(tournament?.tiebreakOrderEditable ? { tiebreakOrder } : {}),
    });
    if (!tournament || !body) return;
    update.mutate(
      { id: tournament.id, ...body },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onClose();
        },
        onError: notifyFailed(failures.update),
      },
    );
  };
  return (
    <Dialog
      isOpen={tournament !== null}
      onClose={onClose}
      size="lg"
      title="Edit tournament"
      description={tournament?.name}
    >
      {tournament ? (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <DetailFields tournament={tournament} errors={errors} />
          <TextField
            label="Number of rounds"
            name="roundsShown"
            value={String(tournament.totalRounds)}
            readOnly
            hint="The number of rounds is changed in Round Management, which adds or removes the rounds themselves."
            className="sm:max-w-md"
          />
          <TiebreakOrderField
            value={tiebreakOrder}
            onChange={setTiebreakOrder}
            locked={!tournament.tiebreakOrderEditable}
            error={errors.tiebreakOrder}
          />
          <DialogSubmitActions onCancel={onClose} isPending={update.isPending} pendingLabel="Saving...">
            Save changes
          </DialogSubmitActions>
        </form>
      ) : null}
    </Dialog>
  );
}

export function ActivateTournamentDialog({
  tournament,
  currentlyActive,
  onClose,
}: {
  tournament: AdminTournament | null;
  currentlyActive: AdminTournament | undefined;
  onClose: () => void;
}) {
  const activate = useActivateTournament();
  const onConfirm = () => {
    if (!tournament) return;
    activate.mutate(tournament.id, {
      onSuccess: ({ message }) => {
        notify('success', message, { description: tournament.name });
        onClose();
      },
      onError: notifyFailed(failures.activate),
    });
  };
  return (
    <Dialog
      isOpen={tournament !== null}
      onClose={onClose}
      title={tournament ? `Activate ${tournament.name}?` : 'Activate tournament'}
      description={
        tournament ? (
          <>
            <p>The home page, leaderboard and player lookup show this tournament from now on.</p>
            {currentlyActive ? <p className="mt-1">{currentlyActive.name} stops being active.</p> : null}
            {tournament.archivedAt ? <p className="mt-1">It comes back from the archive.</p> : null}
          </>
        ) : undefined
      }
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={activate.isPending}
        pendingLabel="Activating..."
        icon={Power}
      >
        Activate
      </DialogConfirmActions>
    </Dialog>
  );
}

export function ArchiveTournamentDialog({
  tournament,
  onClose,
}: {
  tournament: AdminTournament | null;
  onClose: () => void;
}) {
  const archive = useArchiveTournament();
  const onConfirm = () => {
    if (!tournament) return;
    archive.mutate(tournament.id, {
      onSuccess: ({ message }) => {
        notify('success', message, { description: tournament.name });
        onClose();
      },
      onError: notifyFailed(failures.archive),
    });
  };
  return (
    <Dialog
      isOpen={tournament !== null}
      onClose={onClose}
      title={tournament ? `Archive ${tournament.name}?` : 'Archive tournament'}
      description={
        tournament ? (
          <>
            <p>It stays in this list with its players and results, and can be activated again later.</p>
            {tournament.active ? (
              <p className="mt-1 font-semibold text-fg">
                It is the active tournament: the public pages show no tournament until you activate another.
              </p>
            ) : null}
          </>
        ) : undefined
      }
    >
      <DialogConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        isPending={archive.isPending}
        pendingLabel="Archiving..."
        icon={Archive}
        variant="danger"
      >
        Archive
      </DialogConfirmActions>
    </Dialog>
  );
}
