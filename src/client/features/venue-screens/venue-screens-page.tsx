import { ExternalLink, KeyRound, MonitorPlay, Pencil, Plus, Repeat, ShieldOff, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type AdminScreen,
  SCREEN_GROUP_DEFAULT,
  SCREEN_NAME_MAX,
  SCREEN_THEMES,
  SCREEN_VIEW_LABELS,
  SCREEN_VIEWS,
  type ScreenInput,
  type ScreenTheme,
  type ScreenView,
  VENUE_SCREEN_MESSAGES,
} from '../../../contracts/venue-screens';
import {
  formatScreenCode,
  PAGE_SECONDS_DEFAULT,
  PAGE_SECONDS_MAX,
  PAGE_SECONDS_MIN,
  SCREEN_PATH,
  viewsNow,
} from '../../../domain/venue-screens';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Badge } from '../../components/ui/badge';
import { Button, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogConfirmActions, DialogSubmitActions } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { type FieldErrors, focusFirstInvalid } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useAdminScreens, useDeleteScreen, useSaveScreen, useScreenCode, useSwitchScreens } from './queries';

const ALL_GROUPS = '';
const PROGRAMMES = '';

/** The one switch: a view on every screen or a group's, or back to their programmes. */
function SwitchForm({ groups }: { groups: string[] }) {
  const switchScreens = useSwitchScreens();
  const [group, setGroup] = useState(ALL_GROUPS);
  const [view, setView] = useState<string>('leaderboard');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    switchScreens.mutate(
      { group: group === ALL_GROUPS ? null : group, view: view === PROGRAMMES ? null : (view as ScreenView) },
      {
        onSuccess: (answer) => notify('success', answer.message, { id: 'screens-switch' }),
        onError: (error) =>
          notify('error', serverMessage(error, VENUE_SCREEN_MESSAGES.saveFailed), { id: 'screens-switch' }),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <SelectField label="Screens" value={group} onChange={(event) => setGroup(event.target.value)}>
        <option value={ALL_GROUPS}>Every screen</option>
        {groups.map((name) => (
          <option key={name} value={name}>
            {`Group: ${name}`}
          </option>
        ))}
      </SelectField>
      <SelectField label="Show" value={view} onChange={(event) => setView(event.target.value)}>
        <option value={PROGRAMMES}>Their own programme</option>
        {SCREEN_VIEWS.map((option) => (
          <option key={option} value={option}>
            {SCREEN_VIEW_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <SubmitButton isPending={switchScreens.isPending} pendingLabel="Switching…">
        <Repeat aria-hidden="true" className="size-4" />
        Switch
      </SubmitButton>
    </form>
  );
}

interface Draft {
  name: string;
  group: string;
  programme: ScreenView[];
  allNames: boolean;
  theme: ScreenTheme;
  pageSeconds: string;
}

const draftOf = (screen: AdminScreen | null): Draft =>
  screen
    ? {
        name: screen.name,
        group: screen.group,
        programme: [...screen.programme],
        allNames: screen.allNames,
        theme: screen.theme,
        pageSeconds: String(screen.pageSeconds),
      }
    : {
        name: '',
        group: SCREEN_GROUP_DEFAULT,
        programme: ['pairings-by-name'],
        allNames: false,
        theme: 'dark',
        pageSeconds: String(PAGE_SECONDS_DEFAULT),
      };

/** Adding a screen (screen null) or changing one. */
function ScreenDialog({
  screen,
  isOpen,
  onClose,
}: {
  screen: AdminScreen | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const save = useSaveScreen();
  const [draft, setDraft] = useState<Draft>(() => draftOf(screen));
  const [errors, setErrors] = useState<FieldErrors>({});
  const programmeId = useId();
  const toggle = (view: ScreenView, isOn: boolean) =>
    setDraft((current) => ({
      ...current,
      // Kept in the order of SCREEN_VIEWS, so the rotation's order does not depend on the order of the clicks.
      programme: SCREEN_VIEWS.filter((option) =>
        option === view ? isOn : current.programme.includes(option),
      ),
    }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body: ScreenInput = {
      name: draft.name,
      group: draft.group.trim() || SCREEN_GROUP_DEFAULT,
      programme: draft.programme,
      allNames: draft.allNames,
      theme: draft.theme,
      pageSeconds: Number(draft.pageSeconds),
    };
    save.mutate(
      { id: screen?.id ?? null, body },
      {
        onSuccess: (answer) => {
          notify('success', answer.message, { id: 'screen-saved' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.issues.length > 0) {
            setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path || 'form', issue.message])));
            focusFirstInvalid(form);
          } else {
            setErrors({ name: serverMessage(error, VENUE_SCREEN_MESSAGES.saveFailed) });
          }
        },
      },
    );
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={screen ? `Change ${screen.name}` : 'Add a screen'}
      size="lg"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            maxLength={SCREEN_NAME_MAX}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            placeholder="Hall left"
            error={errors.name}
          />
          <TextField
            label="Group"
            name="group"
            value={draft.group}
            onChange={(event) => setDraft({ ...draft, group: event.target.value })}
            hint="Screens of a group share the names and are switched together"
            error={errors.group}
          />
        </div>
        <fieldset aria-describedby={`${programmeId}-hint`} className="flex flex-col gap-1">
          <legend className="font-semibold text-fg">Shows, in turn</legend>
          <p id={`${programmeId}-hint`} className="text-sm text-muted">
            Each page stays the time below; then the next page, then the next view.
          </p>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {SCREEN_VIEWS.map((view) => (
              <CheckboxField
                key={view}
                label={SCREEN_VIEW_LABELS[view]}
                checked={draft.programme.includes(view)}
                onChange={(event) => toggle(view, event.target.checked)}
              />
            ))}
          </div>
          {errors.programme ? <p className="text-sm font-medium text-loss">{errors.programme}</p> : null}
        </fieldset>
        <CheckboxField
          label="Every name on this screen (paged), not the group's share of the alphabet"
          checked={draft.allNames}
          onChange={(event) => setDraft({ ...draft, allNames: event.target.checked })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Theme"
            value={draft.theme}
            onChange={(event) => setDraft({ ...draft, theme: event.target.value as ScreenTheme })}
          >
            {SCREEN_THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {theme === 'dark' ? 'Dark (light text on dark)' : 'Light (dark text on light)'}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Seconds per page"
            name="pageSeconds"
            type="number"
            inputMode="numeric"
            min={PAGE_SECONDS_MIN}
            max={PAGE_SECONDS_MAX}
            value={draft.pageSeconds}
            onChange={(event) => setDraft({ ...draft, pageSeconds: event.target.value })}
            error={errors.pageSeconds}
          />
        </div>
        <DialogSubmitActions
          onCancel={onClose}
          icon={screen ? Pencil : Plus}
          isPending={save.isPending}
          pendingLabel="Saving…"
        >
          {screen ? 'Save' : 'Add screen'}
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}

function ScreenCard({
  screen,
  onEdit,
  onDelete,
}: {
  screen: AdminScreen;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const code = useScreenCode();
  const showing = viewsNow(screen)
    .map((view) => SCREEN_VIEW_LABELS[view])
    .join(', ');
  const address = screen.code ? `${SCREEN_PATH}/${formatScreenCode(screen.code)}` : null;
  const changeCode = (revoke: boolean) =>
    code.mutate(
      { id: screen.id, revoke },
      {
        onSuccess: (answer) => notify('success', answer.message, { id: 'screen-code' }),
        onError: (error) =>
          notify('error', serverMessage(error, VENUE_SCREEN_MESSAGES.saveFailed), { id: 'screen-code' }),
      },
    );
  return (
    <Card className="flex flex-col gap-3" data-testid="screen-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-display text-xl font-bold text-fg">{screen.name}</h3>
          <p className="text-sm text-muted">
            Group {screen.group} · {screen.theme === 'dark' ? 'dark' : 'light'} · {screen.pageSeconds} s per
            page
          </p>
        </div>
        {screen.switchedTo ? <Badge tone="draw">Switched</Badge> : null}
      </div>
      <p className="text-fg">
        <span className="font-semibold">Showing now:</span> {showing}
        {screen.namesRange ? ` (${screen.namesRange})` : ''}
      </p>
      {address ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-mono text-lg tracking-wider" data-testid="screen-code">
            {formatScreenCode(screen.code!)}
          </span>
          <a
            href={address}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-semibold text-link underline"
          >
            Open display <ExternalLink aria-hidden="true" className="size-4" />
          </a>
          {screen.codeIssuedAt ? (
            <span className="text-sm text-muted">issued {formatDateTime(screen.codeIssuedAt)}</span>
          ) : null}
        </p>
      ) : (
        <p className="text-muted">No code: its display shows nothing.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" /> Change
        </Button>
        <Button variant="secondary" size="sm" onClick={() => changeCode(false)} disabled={code.isPending}>
          <KeyRound aria-hidden="true" className="size-4" /> New code
        </Button>
        {screen.code ? (
          <Button variant="secondary" size="sm" onClick={() => changeCode(true)} disabled={code.isPending}>
            <ShieldOff aria-hidden="true" className="size-4" /> Revoke code
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </Button>
      </div>
    </Card>
  );
}

/**
 * `/admin/screens` (issue 31, ADR 042, `manageScreens`): the hall's TVs — what each shows in turn, the code its
 * display is opened with, and the one switch that puts one view on every screen (or a group's) at once.
 */
export function VenueScreensPage() {
  const screens = useAdminScreens();
  const remove = useDeleteScreen();
  const [editing, setEditing] = useState<AdminScreen | null | 'new'>(null);
  const [deleting, setDeleting] = useState<AdminScreen | null>(null);
  const switchHeading = useId();
  const listHeading = useId();
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Venue Screens">
        The hall's TVs: open a screen's address in the TV's browser; it follows every change within two
        seconds. Screens of a group showing pairings by name share the alphabet between them.
      </AdminPageHeading>
      <QueryView query={screens} errorTitle={VENUE_SCREEN_MESSAGES.loadFailed} keepDataOnError>
        {(data) => (
          <>
            <section aria-labelledby={switchHeading} className="flex flex-col gap-3">
              <h2 id={switchHeading} className="font-display text-2xl font-bold text-fg">
                Switch the screens
              </h2>
              <Card>
                <SwitchForm groups={[...new Set(data.screens.map((screen) => screen.group))]} />
              </Card>
            </section>
            <section aria-labelledby={listHeading} className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={listHeading} className="font-display text-2xl font-bold text-fg">
                  Screens
                </h2>
                <Button onClick={() => setEditing('new')}>
                  <MonitorPlay aria-hidden="true" className="size-4" /> Add a screen
                </Button>
              </div>
              {data.screens.length === 0 ? (
                <p className="text-muted">No screens yet.</p>
              ) : (
                <div className="grid gap-4 lg:grid-cols-2">
                  {data.screens.map((screen) => (
                    <ScreenCard
                      key={screen.id}
                      screen={screen}
                      onEdit={() => setEditing(screen)}
                      onDelete={() => setDeleting(screen)}
                    />
                  ))}
                </div>
              )}
            </section>
          </>
        )}
      </QueryView>
      {editing ? (
        <ScreenDialog screen={editing === 'new' ? null : editing} isOpen onClose={() => setEditing(null)} />
      ) : null}
      <Dialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete'}
        description="Its display shows nothing from then on."
      >
        <DialogConfirmActions
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            deleting &&
            remove.mutate(deleting.id, {
              onSuccess: (answer) => {
                notify('success', answer.message, { id: 'screen-deleted' });
                setDeleting(null);
              },
              onError: (error) =>
                notify('error', serverMessage(error, VENUE_SCREEN_MESSAGES.saveFailed), {
                  id: 'screen-deleted',
                }),
            })
          }
          isPending={remove.isPending}
          pendingLabel="Deleting…"
          icon={Trash2}
          variant="danger"
        >
          Delete
        </DialogConfirmActions>
      </Dialog>
    </div>
  );
}
