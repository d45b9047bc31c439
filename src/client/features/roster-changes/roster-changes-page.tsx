import { useQuery } from '@tanstack/react-query';
import {
  CalendarX,
  CircleAlert,
  FileDown,
  Hourglass,
  LogOut,
  MessageSquare,
  Undo2,
  UserRoundPlus,
  UsersRound,
} from 'lucide-react';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useParams } from 'react-router';
import { BYE_LABELS } from '../../../contracts/byes';
import type { RosterChanges, RosterPupil, TeacherByeKind } from '../../../contracts/roster-changes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { formatEuroCents } from '../../lib/format-money';
import { useLinkToken } from '../../lib/link-token';
import { notify } from '../../lib/notify';
import { FollowButton } from '../follows/follow-button';
import { accessTokenFor } from '../registrations/access-tokens';
import { RegistrationLoadError } from '../registrations/registration-load-error';
import { type RosterChangeRequest, rosterChangesQuery, useRosterChange } from './queries';

const FAILED = 'The change could not be saved. Check your connection and try again.';
/** The school's pack (ADR 043): its download code loads when asked for. */
const downloadPack = (registrationId: string, token: string | undefined) =>
  import('./school-pack').then((pack) => pack.downloadSchoolPack(registrationId, token));
// The forms behind "Substitute" and "Ask to bring back" load when one opens: most visits only read the page.
const SubstituteDialog = lazy(() =>
  import('./request-dialogs').then((dialogs) => ({ default: dialogs.SubstituteDialog })),
);
const LateTeamDialog = lazy(() =>
  import('./request-dialogs').then((dialogs) => ({ default: dialogs.LateTeamDialog })),
);
// What the school asked an arbiter: shown only to the few schools that did.
const Requests = lazy(() => import('./request-dialogs').then((dialogs) => ({ default: dialogs.Requests })));
// Shown once a late team is entered, when the late team's form has loaded this module already.
const LateTeamEntered = lazy(() =>
  import('./request-dialogs').then((dialogs) => ({ default: dialogs.LateTeamEntered })),
);
const WithdrawDialog = lazy(() =>
  import('./withdraw-dialog').then((dialog) => ({ default: dialog.WithdrawDialog })),
);
const AskReturnDialog = lazy(() =>
  import('./request-dialogs').then((dialogs) => ({ default: dialogs.AskReturnDialog })),
);

type Change = (request: RosterChangeRequest) => void;

const optionValue = (roundNumber: number, kind: TeacherByeKind) => `${roundNumber}:${kind}`;

/** The request form for one pupil: only the rounds and kinds the server said the rules still allow. */
function ByeRequest({ pupil, change, isBusy }: { pupil: RosterPupil; change: Change; isBusy: boolean }) {
  const id = useId();
  const options = pupil.byeOptions.flatMap((option) =>
    option.kinds.map((kind) => ({
      value: optionValue(option.roundNumber, kind),
      label: `Round ${option.roundNumber}: ${BYE_LABELS[kind].toLowerCase()}`,
    })),
  );
  const [chosen, setChosen] = useState(options[0]?.value ?? '');
  if (options.length === 0) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const [round, kind] = (
      options.some((option) => option.value === chosen) ? chosen : options[0]!.value
    ).split(':');
    change({ type: 'bye', playerId: pupil.id, roundNumber: Number(round), kind: kind as TeacherByeKind });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Bye for {pupil.name}
      </label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        className="min-h-9 rounded-xl border border-line bg-surface px-2 text-sm text-fg"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary" disabled={isBusy}>
        <CalendarX aria-hidden="true" className="size-4" />
        Request bye
      </Button>
    </form>
  );
}

/** What a pupil's row can open: a confirmation, the substitute's form, or a request to an arbiter. */
type Opened = { kind: 'withdraw' | 'substitute' | 'ask-return'; pupil: RosterPupil } | { kind: 'late-team' };

function PupilRow({
  pupil,
  change,
  isBusy,
  onOpen,
}: {
  pupil: RosterPupil;
  change: Change;
  isBusy: boolean;
  onOpen: (opened: Opened) => void;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-xl bg-surface-muted p-3" aria-label={pupil.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted">{pupil.board}.</span>
        <span className="font-semibold text-fg">{pupil.name}</span>
        {pupil.active ? null : (
          <Badge tone="loss">
            {pupil.withdrawnFromRound === null
              ? 'Withdrawn'
              : `Withdrawn from round ${pupil.withdrawnFromRound}`}
          </Badge>
        )}
      </div>
      {pupil.byes.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {pupil.byes.map((bye) => (
            <li key={bye.roundNumber} className="flex flex-wrap items-center gap-2 text-sm">
              <Badge tone="draw">
                Round {bye.roundNumber}: {BYE_LABELS[bye.kind as keyof typeof BYE_LABELS] ?? bye.kind}
              </Badge>
              {bye.canTakeBack ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={isBusy}
                  onClick={() =>
                    change({ type: 'take-back', playerId: pupil.id, roundNumber: bye.roundNumber })
                  }
                >
                  <Undo2 aria-hidden="true" className="size-4" />
                  Take back
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <ByeRequest pupil={pupil} change={change} isBusy={isBusy} />
        {pupil.canWithdraw ? (
          <Button
            size="sm"
            variant="danger"
            disabled={isBusy}
            onClick={() => onOpen({ kind: 'withdraw', pupil })}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Withdraw
          </Button>
        ) : null}
        {pupil.canReturn ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            onClick={() => change({ type: 'return', playerId: pupil.id })}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Undo withdrawal
          </Button>
        ) : null}
        {pupil.canSubstitute ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            onClick={() => onOpen({ kind: 'substitute', pupil })}
          >
            <UserRoundPlus aria-hidden="true" className="size-4" />
            {pupil.active ? 'Substitute' : 'Fill the place'}
          </Button>
        ) : null}
        {pupil.canAskReturn ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            onClick={() => onOpen({ kind: 'ask-return', pupil })}
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            Ask to bring back
          </Button>
        ) : null}
      </div>
      {pupil.pendingRequest ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Hourglass aria-hidden="true" className="size-4 shrink-0" />
          Waiting for an arbiter: {pupil.pendingRequest}
        </p>
      ) : null}
    </li>
  );
}

/** Until when a substitute can be named here, or why a substitute now goes to an arbiter. */
function namesLockSentence(roster: RosterChanges): string {
  const { namesLock } = roster;
  if (!namesLock.open) {
    return 'Names are locked: a substitute you name now goes to an arbiter with your reason, and you get the answer by e-mail.';
  }
  if (namesLock.until === null) return 'You can name a substitute until the next round is paired.';
  return `You can name a substitute until ${formatDateTime(namesLock.until)}.`;
}

/** Until when changes are taken, and the tournament's roster rules in the words the public page uses. */
function RulesNote({ roster }: { roster: RosterChanges }) {
  return (
    <div className="flex flex-col gap-2 text-muted">
      <p>
        {roster.nextRound === null
          ? 'Every round is paired: for any change now, ask an arbiter at the desk.'
          : `Byes and withdrawals for round ${roster.nextRound} are taken until it is paired. After that, ask an arbiter at the desk.`}
      </p>
      <p>{namesLockSentence(roster)}</p>
      <details className="rounded-xl border border-line px-4 py-3">
        <summary className="cursor-pointer font-semibold text-fg">The tournament's rules</summary>
        <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-sm">
          {roster.ruleSentences.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function Roster({
  roster,
  registrationId,
  token,
}: {
  roster: RosterChanges;
  registrationId: string;
  token?: string;
}) {
  const mutation = useRosterChange(registrationId, token);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [entered, setEntered] = useState<{
    team: string;
    registrationId: string;
    accessToken: string;
  } | null>(null);
  const withdrawing = opened?.kind === 'withdraw' ? opened.pupil : null;
  const close = () => {
    setOpened(null);
    mutation.reset();
  };
  const change: Change = (request) =>
    mutation.mutate(request, {
      onSuccess: (answer) => {
        notify('success', answer.message);
        setOpened(null);
        if (answer.lateTeam && request.type === 'late-team') {
          setEntered({ team: request.team.name.trim(), ...answer.lateTeam });
        }
      },
      onError: (error) => notify('error', serverMessage(error, FAILED)),
    });

  if (roster.notice) {
    return (
      <Notice icon={CircleAlert} title={roster.schoolName}>
        <p>{roster.notice}</p>
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {roster.schoolFollowKey ? (
        <Card className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-fg">
            Your pupils’ boards, starts, results and final standings on your phone as they happen.
          </p>
          <FollowButton target={{ kind: 'school', key: roster.schoolFollowKey }} name={roster.schoolName} />
        </Card>
      ) : null}
      <RulesNote roster={roster} />
      {roster.teams.map((team) => (
        <Card key={team.name} className="flex flex-col gap-3" role="group" aria-label={team.name}>
          <h2 className="font-display text-xl font-bold text-fg">{team.name}</h2>
          <ol className="flex flex-col gap-2">
            {team.pupils.map((pupil) => (
              <PupilRow
                key={pupil.id}
                pupil={pupil}
                change={change}
                isBusy={mutation.isPending}
                onOpen={setOpened}
              />
            ))}
          </ol>
          {team.waiting.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm text-muted">
              {team.waiting.map((entry) => (
                <li key={entry.name} className="flex items-center gap-2">
                  <Hourglass aria-hidden="true" className="size-4 shrink-0" />
                  {entry.name}
                  {entry.replaces ? ` (for ${entry.replaces})` : ''} plays once their parent or guardian
                  confirms by the link we e-mailed them.
                </li>
              ))}
            </ul>
          ) : null}
          {team.replaced.length > 0 ? (
            <p className="text-sm text-muted">
              Replaced: {team.replaced.map((entry) => entry.name).join(', ')} (their games still count).
            </p>
          ) : null}
        </Card>
      ))}
      <Card className="flex flex-col gap-3" role="region" aria-label="Results and certificates">
        <h2 className="font-display text-xl font-bold text-fg">Results and certificates</h2>
        <p className="text-muted">
          Your pupils' results round by round, then their certificates (prizes won and participation), as one
          PDF to print.
        </p>
        <div>
          <Button variant="secondary" onClick={() => void downloadPack(registrationId, token)}>
            <FileDown aria-hidden="true" className="size-4" /> Download the PDF
          </Button>
        </div>
      </Card>
      {entered ? (
        <Suspense fallback={null}>
          <LateTeamEntered entered={entered} />
        </Suspense>
      ) : null}
      {roster.lateTeam.open ? (
        <Card className="flex flex-col gap-3" role="region" aria-label="A late team">
          <h2 className="font-display text-xl font-bold text-fg">A late team</h2>
          <p className="text-muted">
            A school that brings more pupils can enter another team of four until round{' '}
            {roster.lateTeam.joinsRound} is paired. It plays from that round and costs{' '}
            {formatEuroCents(roster.lateTeam.priceCents)}, paid now or later.
          </p>
          <div>
            <Button
              variant="secondary"
              disabled={mutation.isPending}
              onClick={() => setOpened({ kind: 'late-team' })}
            >
              <UsersRound aria-hidden="true" className="size-4" />
              Enter a late team
            </Button>
          </div>
        </Card>
      ) : null}
      {roster.requests.length > 0 ? (
        <Suspense fallback={null}>
          <Requests requests={roster.requests} />
        </Suspense>
      ) : null}
      {mutation.isError && opened === null ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-loss">
          <CircleAlert aria-hidden="true" className="size-4" />
          {serverMessage(mutation.error, FAILED)}
        </p>
      ) : null}
      {withdrawing ? (
        <Suspense fallback={null}>
          <WithdrawDialog
            pupil={withdrawing}
            nextRound={roster.nextRound}
            onClose={close}
            onConfirm={() => change({ type: 'withdraw', playerId: withdrawing.id })}
            isPending={mutation.isPending}
          />
        </Suspense>
      ) : null}
      {opened?.kind === 'substitute' ? (
        <Suspense fallback={null}>
          <SubstituteDialog
            key={opened.pupil.id}
            roster={roster}
            pupil={opened.pupil}
            onClose={close}
            change={change}
            isPending={mutation.isPending}
            error={mutation.isError ? mutation.error : null}
            failed={FAILED}
          />
        </Suspense>
      ) : null}
      {opened?.kind === 'late-team' ? (
        <Suspense fallback={null}>
          <LateTeamDialog
            roster={roster}
            onClose={close}
            change={change}
            isPending={mutation.isPending}
            error={mutation.isError ? mutation.error : null}
            failed={FAILED}
          />
        </Suspense>
      ) : null}
      {opened?.kind === 'ask-return' ? (
        <Suspense fallback={null}>
          <AskReturnDialog
            key={opened.pupil.id}
            pupil={opened.pupil}
            onClose={close}
            change={change}
            isPending={mutation.isPending}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** /registration/roster/:registrationId — the teacher's page for the day: byes, withdrawals and substitutes. */
export function RosterChangesPage() {
  const { registrationId = '' } = useParams();
  const token = useLinkToken() ?? accessTokenFor(registrationId);
  const query = useQuery(rosterChangesQuery(registrationId, token));

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Spinner />;
  } else if (query.isError) {
    body = <RegistrationLoadError query={query} title="Failed to load your pupils" />;
  } else {
    body = <Roster roster={query.data} registrationId={registrationId} {...(token ? { token } : {})} />;
  }
  return (
    <>
      <PageHeader eyebrow={query.data?.schoolName ?? 'Your school'} title="Byes, withdrawals and substitutes">
        {query.data?.tournamentName ? (
          <p className="mt-2 text-on-band/80">{query.data.tournamentName}</p>
        ) : null}
      </PageHeader>
      <Container className="py-8 sm:py-12">
        <div className="mx-auto max-w-3xl">{body}</div>
      </Container>
    </>
  );
}
