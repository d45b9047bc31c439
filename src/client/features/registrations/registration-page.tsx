import { CircleAlert, CircleX, Plus, ShieldCheck } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { REGISTRATION_MESSAGES, type RegistrationWithAccess } from '../../../contracts/registrations';
import {
  DEFAULT_REGISTRATION_SETTINGS,
  type RegistrationSettings,
  registrationLimits,
} from '../../../contracts/settings';
import { eventDayOf } from '../../../domain/event-day';
import { countOf } from '../../../domain/plural';
import { isRegistrationOpen, registrationAmountCents } from '../../../domain/registration';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { formatEuroCents } from '../../lib/format-money';
import { useSession } from '../auth/queries';
import { useBotCheck } from '../bot-protection/bot-check';
import { PausedNotice, useSiteSwitch } from '../safe-control/site-status';
import { useTournament } from '../tournament/queries';
import {
  checkDraft,
  clearDraft,
  emptyDraft,
  emptyTeam,
  type FormIssues,
  loadDraft,
  type RegistrationDraft,
  saveDraft,
  toBody,
  withDefaultTeamNames,
} from './form-state';
import { formatDeadline } from './format-deadline';
import { useRegistrationSettings } from './queries';
import { type PlayerChange, TeamFields } from './team-fields';

type Phase = 'idle' | 'robot' | 'sending' | 'checkout';

/** Shown only after a registration is sent: its code (with the pay-now and consent parts) loads then. */
const RegistrationConfirmation = lazy(() =>
  import('./registration-confirmation').then((module) => ({ default: module.RegistrationConfirmation })),
);
type Mode = 'pay-now' | 'pay-later';

const PHASE_TEXT: Record<Exclude<Phase, 'idle'>, string> = {
  robot: 'Checking you are not a robot…',
  sending: 'Sending your registration…',
  checkout: 'Opening the payment…',
};

/** The day ages are counted on, as the server does: the tournament's start date, or today (the event's day). */
function useTournamentDay(): { day: string; isPending: boolean } {
  const tournament = useTournament();
  const today = eventDayOf(new Date());
  return { day: tournament.data?.tournament?.startDate ?? today, isPending: tournament.isPending };
}

/** "Team 2, player 3" for a field path, to name the field in the error summary. */
function describePath(path: string, draft: RegistrationDraft): string {
  const labels: Record<string, string> = {
    registrantName: 'Your name',
    registrantEmail: 'E-mail address',
    registrantPhone: 'Phone',
    schoolName: 'School',
    teams: 'Teams',
  };
  if (labels[path]) return labels[path];
  const match = /^teams\.(\d+)(?:\.players\.(\d+))?/.exec(path);
  if (!match) return 'Form';
  const team = draft.teams[Number(match[1])]?.name || `Team ${Number(match[1]) + 1}`;
  return match[2] === undefined ? team : `${team}, player ${Number(match[2]) + 1}`;
}

function ClosedState({ settings }: { settings: RegistrationSettings }) {
  const { closesAt } = registrationLimits(settings);
  const closedByDate = settings.is_enabled && closesAt !== null;
  return (
    <Card className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center" role="status">
      <span className="grid size-14 place-items-center rounded-full bg-loss-bg text-loss">
        <CircleX aria-hidden="true" className="size-7" />
      </span>
      <h2 className="font-display text-2xl font-bold text-fg">Registration is closed</h2>
      <p className="text-muted">
        {closedByDate && closesAt
          ? `Registration closed on ${formatDeadline(closesAt.toISOString())}.`
          : 'Registration is not open at the moment. Check back soon, or contact the organisers with any questions.'}
      </p>
      <p className="text-muted">Already registered? Check your registration, pay or see your teams.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/registration/status">Check a registration</ButtonLink>
        <ButtonLink to="/registration-guide" variant="secondary">
          Registration guide
        </ButtonLink>
      </div>
    </Card>
  );
}

function Totals({ teams, teamPrice }: { teams: number; teamPrice: number }) {
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <p className="text-sm text-muted">
        {countOf(teams, 'team')} × {formatEuroCents(teamPrice)}
      </p>
      <p className="flex items-baseline justify-between gap-3">
        <span className="font-semibold text-fg">Total</span>
        <span className="font-display text-3xl font-bold text-fg" data-testid="registration-total">
          {formatEuroCents(registrationAmountCents(teamPrice, teams))}
        </span>
      </p>
    </div>
  );
}

function ErrorSummary({
  formError,
  issues,
  draft,
}: {
  formError: string | null;
  issues: FormIssues;
  draft: RegistrationDraft;
}) {
  const entries = Object.entries(issues);
  if (!formError && entries.length === 0) return null;
  const focus = (path: string) =>
    document
      .querySelector<HTMLElement>(`[name="${CSS.escape(path)}"], [name^="${CSS.escape(path)}."]`)
      ?.focus();
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-2xl border border-loss/40 bg-loss-bg p-4 text-fg"
    >
      <p className="flex items-center gap-2 font-semibold text-loss">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {formError ?? 'Please check the form'}
      </p>
      {entries.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {entries.map(([path, message]) => (
            <li key={path}>
              <button
                type="button"
                className="text-left underline decoration-loss/50 underline-offset-2 hover:decoration-loss"
                onClick={() => focus(path)}
              >
                {describePath(path, draft)}: {message}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function initialDraft(): RegistrationDraft {
  return loadDraft() ?? emptyDraft();
}

function RegistrationForm({
  settings,
  tournamentDay,
  onRegistered,
}: {
  settings: RegistrationSettings;
  tournamentDay: string;
  onRegistered: (created: RegistrationWithAccess, checkoutError: string | null) => void;
}) {
  const session = useSession();
  const [draft, setDraft] = useState<RegistrationDraft>(initialDraft);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FormIssues>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const botCheck = useBotCheck();
  // Safe control: the server refuses these while they are on; the form says so and holds its buttons.
  const isFrozen = useSiteSwitch('registrations_frozen');
  const isPaymentPaused = useSiteSwitch('payments_paused');
  const summaryRef = useRef<HTMLDivElement>(null);
  const { maxTeamsPerRegistration } = registrationLimits(settings);

  // Nothing typed is lost: every change is kept in this tab until the registration succeeds.
  useEffect(() => saveDraft(draft), [draft]);

  // Signed in: start from the account's name and e-mail when those fields are still empty.
  const me = session.status === 'signed-in' ? session.me.user : null;
  const prefilled = useRef(false);
  useEffect(() => {
    if (!me || prefilled.current) return;
    prefilled.current = true;
    setDraft((current) => ({
      ...current,
      registrantName: current.registrantName || me.name,
      registrantEmail: current.registrantEmail || me.email,
    }));
  }, [me]);

  const clientIssues = submitted ? checkDraft(draft, tournamentDay) : {};
  const issues = { ...clientIssues, ...serverIssues };

  const edit = (update: (draft: RegistrationDraft) => RegistrationDraft, paths: string[]) => {
    setDraft((current) => update(current));
    if (paths.some((path) => path in serverIssues)) {
      setServerIssues((current) =>
        Object.fromEntries(Object.entries(current).filter(([p]) => !paths.includes(p))),
      );
    }
  };
  const setTop = (
    field: 'registrantName' | 'registrantEmail' | 'registrantPhone' | 'schoolName',
    value: string,
  ) =>
    edit(
      (current) => {
        const next = { ...current, [field]: value };
        return field === 'schoolName' ? withDefaultTeamNames(next) : next;
      },
      [field],
    );
  const setPlayer = (team: number, player: number, change: PlayerChange, paths: string[]) =>
    edit(
      (current) => ({
        ...current,
        teams: current.teams.map((entry, t) =>
          t !== team
            ? entry
            : { ...entry, players: entry.players.map((p, i) => (i === player ? { ...p, ...change } : p)) },
        ),
      }),
      paths,
    );
  const renameTeam = (team: number, name: string) =>
    edit(
      (current) => ({
        ...current,
        teams: current.teams.map((entry, t) => (t === team ? { ...entry, name, nameEdited: true } : entry)),
      }),
      [`teams.${team}.name`],
    );
  const addTeam = () =>
    edit(
      (current) => ({
        ...current,
        teams: [...current.teams, emptyTeam(current.schoolName, current.teams.length)],
      }),
      ['teams'],
    );
  const removeTeam = (team: number) => {
    // Positions shift: the server's field messages no longer point at the right rows.
    setServerIssues({});
    edit(
      (current) => withDefaultTeamNames({ ...current, teams: current.teams.filter((_, t) => t !== team) }),
      [],
    );
  };

  const showProblems = () =>
    requestAnimationFrame(() => summaryRef.current?.scrollIntoView?.({ block: 'center' }));

  const register = async (mode: Mode) => {
    const body = toBody(draft, tournamentDay);
    let created: RegistrationWithAccess | null = null;
    // One retry with a fresh challenge when the anti-spam answer was refused (e.g. it expired meanwhile).
    for (let attempt = 0; attempt < 2 && !created; attempt += 1) {
      setPhase('robot');
      const botProof = await botCheck.proof();
      setPhase('sending');
      try {
        // The sending code loads when the form is sent, off the page's first load.
        const { postRegistration } = await import('./registration-api');
        created = await postRegistration({ ...body, botProof });
      } catch (error) {
        const botRefused =
          error instanceof ApiRequestError && error.message === REGISTRATION_MESSAGES.botCheckFailed;
        // A widget's token is spent: the registrant answers the widget again instead.
        if (!botRefused || attempt === 1 || botCheck.isWidget) throw error;
      } finally {
        botCheck.reset();
      }
    }
    if (!created) return;
    clearDraft();
    let checkoutError: string | null = null;
    if (mode === 'pay-now') {
      setPhase('checkout');
      try {
        const { createCheckout } = await import('./checkout-api');
        const { url } = await createCheckout(created.registration, created.accessToken);
        // The confirmation is what Back from the provider's page shows: the reference and Pay now, never
        // the filled-in form, which would register the same teams twice.
        onRegistered(created, null);
        window.location.assign(url);
        return;
      } catch (error) {
        checkoutError = serverMessage(error, 'The payment could not be started. Please try again.');
      }
    }
    onRegistered(created, checkoutError);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const mode: Mode = submitter?.getAttribute('value') === 'pay-later' ? 'pay-later' : 'pay-now';
    // Enter in a field submits too: not while registrations are frozen, nor paying while payments are paused.
    if (isFrozen || (mode === 'pay-now' && isPaymentPaused)) return;
    setSubmitted(true);
    setFormError(null);
    setServerIssues({});
    if (Object.keys(checkDraft(draft, tournamentDay)).length > 0) {
      showProblems();
      return;
    }
    try {
      await register(mode);
    } catch (error) {
      const hasFieldIssues = error instanceof ApiRequestError && error.issues.length > 0;
      // Field problems are listed one by one (and shown at their fields); anything else is said once.
      setFormError(
        hasFieldIssues
          ? null
          : serverMessage(error, 'Your registration could not be sent. Check your connection and try again.'),
      );
      if (error instanceof ApiRequestError) {
        setServerIssues(
          Object.fromEntries(error.issues.map((issue) => [issue.path || 'form', issue.message])),
        );
      }
      setPhase('idle');
      showProblems();
    }
  };

  const busy = phase !== 'idle';
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col gap-4">
          <h2 className="font-display text-xl font-bold text-fg">About you</h2>
          <p className="text-sm text-muted">
            The teacher or parent we contact about these teams.
            {me
              ? ' This registration will be listed in My Registrations.'
              : ' No account needed: keep your reference to pay later and see your teams.'}
          </p>
          <TextField
            label="Your name"
            name="registrantName"
            autoComplete="name"
            value={draft.registrantName}
            error={issues.registrantName}
            onChange={(event) => setTop('registrantName', event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="E-mail address"
              name="registrantEmail"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={draft.registrantEmail}
              error={issues.registrantEmail}
              onChange={(event) => setTop('registrantEmail', event.target.value)}
            />
            <TextField
              label="Phone (optional)"
              name="registrantPhone"
              type="tel"
              autoComplete="tel"
              value={draft.registrantPhone}
              error={issues.registrantPhone}
              onChange={(event) => setTop('registrantPhone', event.target.value)}
            />
          </div>
        </Card>
        <Card className="flex flex-col gap-4">
          <h2 className="font-display text-xl font-bold text-fg">School</h2>
          <TextField
            label="School name"
            name="schoolName"
            autoComplete="organization"
            value={draft.schoolName}
            error={issues.schoolName}
            onChange={(event) => setTop('schoolName', event.target.value)}
          />
        </Card>
        <section aria-labelledby="teams-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="teams-heading" className="font-display text-xl font-bold text-fg">
              Teams
            </h2>
            <p className="text-sm text-muted">Exactly 4 players per team.</p>
          </div>
          {issues.teams ? <p className="text-sm font-medium text-loss">{issues.teams}</p> : null}
          {draft.teams.map((team, t) => (
            <TeamFields
              // biome-ignore lint/suspicious/noArrayIndexKey: a team's position is its identity in the form
              key={t}
              team={team}
              index={t}
              tournamentDay={tournamentDay}
              issues={issues}
              canRemove={draft.teams.length > 1}
              onRename={(name) => renameTeam(t, name)}
              onRemove={() => removeTeam(t)}
              onPlayerChange={(player, change, paths) => setPlayer(t, player, change, paths)}
            />
          ))}
          <Button
            variant="secondary"
            size="lg"
            onClick={addTeam}
            disabled={draft.teams.length >= maxTeamsPerRegistration}
            className="self-start"
          >
            <Plus aria-hidden="true" className="size-5" />
            Add a team
          </Button>
          {draft.teams.length >= maxTeamsPerRegistration ? (
            <p className="text-sm text-muted">
              {REGISTRATION_MESSAGES.tooManyTeams(maxTeamsPerRegistration)}
            </p>
          ) : null}
        </section>
      </div>
      <aside className="flex flex-col gap-4 lg:sticky lg:top-24" aria-label="Total and submit">
        <Card className="flex flex-col gap-4">
          <Totals teams={draft.teams.length} teamPrice={settings.team_price} />
          <div ref={summaryRef}>
            <ErrorSummary formError={formError} issues={issues} draft={draft} />
          </div>
          {botCheck.element}
          {busy ? (
            <p role="status" className="flex items-center gap-2 text-sm font-semibold text-fg">
              <ShieldCheck aria-hidden="true" className="size-4 animate-pulse text-primary" />
              {PHASE_TEXT[phase]}
            </p>
          ) : null}
          <PausedNotice name="registrations_frozen" />
          {isFrozen ? null : <PausedNotice name="payments_paused" />}
          <Button
            type="submit"
            size="lg"
            name="mode"
            value="pay-now"
            disabled={busy || isFrozen || isPaymentPaused}
          >
            Register and pay now
          </Button>
          <Button
            type="submit"
            size="lg"
            variant="secondary"
            name="mode"
            value="pay-later"
            disabled={busy || isFrozen}
          >
            Register now, pay later
          </Button>
          <p className="text-xs text-muted">
            The amount is confirmed by the server when you register. Card payments are in euro. By registering
            you agree to the{' '}
            <Link to="/privacy" className="font-semibold text-fg underline">
              privacy notice
            </Link>
            .
          </p>
        </Card>
      </aside>
    </form>
  );
}

/** /registration: the registrant, the school, its teams of 4 players, and pay now or later. */
export function RegistrationPage() {
  const settingsQuery = useRegistrationSettings();
  const { day, isPending: dayPending } = useTournamentDay();
  const [done, setDone] = useState<{ created: RegistrationWithAccess; checkoutError: string | null } | null>(
    null,
  );

  let body: React.ReactNode;
  if (settingsQuery.isPending || dayPending) {
    body = <Spinner />;
  } else if (done) {
    body = (
      <Suspense fallback={<Spinner />}>
        <RegistrationConfirmation
          registration={done.created.registration}
          token={done.created.accessToken}
          checkoutError={done.checkoutError}
        />
      </Suspense>
    );
  } else {
    const settings = settingsQuery.data ?? DEFAULT_REGISTRATION_SETTINGS;
    body = isRegistrationOpen(settings, Date.now()) ? (
      <RegistrationForm
        settings={settings}
        tournamentDay={day}
        onRegistered={(created, checkoutError) => {
          setDone({ created, checkoutError });
          window.scrollTo({ top: 0 });
        }}
      />
    ) : (
      <ClosedState settings={settings} />
    );
  }

  return (
    <>
      <PageHeader eyebrow="Teams of four" title="Team Registration">
        Register your school's teams for the tournament. Fill in the form once for all your teams.
      </PageHeader>
      <Container className="py-8 sm:py-12">{body}</Container>
    </>
  );
}

/**
 * The pupil's fields and their draft, for the teacher's roster page's substitute form (loaded only when it opens).
 * Taken from this page rather than from team-fields and form-state themselves, so they stay in this page's own
 * chunk: a chunk of their own would cost every registration visit about 0.8 kB more (scripts/report-bundle.mjs).
 */
export { emptyPlayer, type PlayerDraft, toPlayerInput } from './form-state';
export { PlayerFields } from './team-fields';
