import { useQuery } from '@tanstack/react-query';
import { CalendarX, CircleAlert, Lock, Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  REGISTRATION_MESSAGES,
  type RegistrationSummary,
  updateTeamsBodySchema,
} from '../../../contracts/registrations';
import { ButtonLink, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useLinkToken } from '../../lib/link-token';
import { notify } from '../../lib/notify';
import { PausedNotice, useSiteSwitch } from '../safe-control/site-status';
import { accessTokenFor, registrationHref, rememberAccessToken } from './access-tokens';
import { formatDeadline } from './format-deadline';
import { registrationTeamsQuery, useUpdateTeams } from './registration-api';
import { RegistrationLoadError } from './registration-load-error';
import { PayNowButton, RegistrationHeader } from './registration-summary';

type Names = { id: string; name: string; players: { id: string; name: string }[] }[];

function namesOf(registration: RegistrationSummary): Names {
  return registration.teams.map((team) => ({
    id: team.id,
    name: team.name,
    players: team.players.map((player) => ({ id: player.id, name: player.name })),
  }));
}

const WAITING = 'Waiting for guardian consent';

function TeamsForm({
  registration,
  token,
}: {
  registration: RegistrationSummary;
  token: string | undefined;
}) {
  const [names, setNames] = useState<Names>(() => namesOf(registration));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateTeams(registration.id);
  const editable = registration.canEditTeams;
  // Safe control: while registrations are frozen (or the site is read-only) the server refuses team changes.
  const isFrozen = useSiteSwitch('registrations_frozen');
  const waiting = new Set(
    registration.teams.flatMap((team) =>
      team.players.filter((player) => player.consentPending).map((player) => player.id),
    ),
  );

  const setTeam = (t: number, name: string) =>
    setNames((current) => current.map((team, i) => (i === t ? { ...team, name } : team)));
  const setPlayer = (t: number, p: number, name: string) =>
    setNames((current) =>
      current.map((team, i) =>
        i === t
          ? { ...team, players: team.players.map((player, j) => (j === p ? { ...player, name } : player)) }
          : team,
      ),
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...(token ? { token } : {}), teams: names };
    // The server's own schema: every problem next to its field before anything is sent.
    const parsed = updateTeamsBodySchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => notify('success', REGISTRATION_MESSAGES.teamsSaved),
      onError: (error) =>
        notify(
          'error',
          serverMessage(error, 'The names could not be saved. Check your connection and try again.'),
        ),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {names.map((team, t) => (
        <Card key={team.id} className="flex flex-col gap-4" role="group" aria-label={`Team ${t + 1}`}>
          {editable ? (
            <TextField
              label={`Team ${t + 1} name`}
              value={team.name}
              error={errors[`teams.${t}.name`]}
              onChange={(event) => setTeam(t, event.target.value)}
            />
          ) : (
            <h2 className="font-display text-xl font-bold text-fg">{team.name}</h2>
          )}
          <ol className="grid gap-3 sm:grid-cols-2">
            {team.players.map((player, p) => (
              <li key={player.id}>
                {editable ? (
                  <TextField
                    label={`Player ${p + 1}`}
                    hint={waiting.has(player.id) ? WAITING : undefined}
                    value={player.name}
                    error={errors[`teams.${t}.players.${p}.name`]}
                    onChange={(event) => setPlayer(t, p, event.target.value)}
                  />
                ) : (
                  <p className="flex gap-2 rounded-xl bg-surface-muted px-3 py-2.5">
                    <span className="text-muted">{p + 1}.</span>
                    <span className="font-semibold text-fg">{player.name}</span>
                    {waiting.has(player.id) ? (
                      <span className="ml-auto text-sm text-muted">{WAITING}</span>
                    ) : null}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </Card>
      ))}
      {update.isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-loss">
          <CircleAlert aria-hidden="true" className="size-4" />
          {serverMessage(update.error, 'The names could not be saved. Check your connection and try again.')}
        </p>
      ) : null}
      {editable ? <PausedNotice name="registrations_frozen" /> : null}
      {editable ? (
        <SubmitButton
          isPending={update.isPending}
          pendingLabel="Saving…"
          size="lg"
          className="sm:self-start"
          disabled={isFrozen}
        >
          <Save aria-hidden="true" className="size-4" />
          Save names
        </SubmitButton>
      ) : null}
    </form>
  );
}

/** /registration/teams/:registrationId — the teams and players; names editable until the closing date. */
export function RegistrationTeamsPage() {
  const { registrationId = '' } = useParams();
  const token = useLinkToken() ?? accessTokenFor(registrationId);
  const query = useQuery(registrationTeamsQuery(registrationId, token));
  // A working link's token is kept for this tab, so the success page can offer Pay now again.
  useEffect(() => {
    if (token && query.isSuccess) rememberAccessToken(registrationId, token);
  }, [token, query.isSuccess, registrationId]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Spinner />;
  } else if (query.isError) {
    body = <RegistrationLoadError query={query} title="Failed to load the registration" />;
  } else {
    const registration = query.data.registration;
    body = (
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col gap-3">
          <RegistrationHeader registration={registration} />
          <div className="flex flex-wrap gap-2">
            {registration.canPay ? <PayNowButton registration={registration} token={token} /> : null}
            {registration.paymentStatus === 'cancelled' ? null : (
              <ButtonLink to={registrationHref('roster', registration.id, token)} variant="secondary">
                <CalendarX aria-hidden="true" className="size-4" />
                Byes and withdrawals
              </ButtonLink>
            )}
          </div>
        </Card>
        {registration.canEditTeams ? (
          <p className="text-muted">
            You can correct team and player names
            {registration.editableUntil
              ? ` until ${formatDeadline(registration.editableUntil)}`
              : ' until registration closes'}
            . Dates of birth and consent cannot be changed here:{' '}
            <Link to="/#contact-us" className="font-semibold text-fg underline">
              contact the organisers
            </Link>
            .
          </p>
        ) : (
          <p role="status" className="flex items-start gap-2 rounded-xl bg-surface-muted p-3 text-fg">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
            {registration.paymentStatus === 'cancelled'
              ? REGISTRATION_MESSAGES.cancelled
              : REGISTRATION_MESSAGES.editClosed}
          </p>
        )}
        <TeamsForm
          key={JSON.stringify(namesOf(registration)) + String(registration.canEditTeams)}
          registration={registration}
          token={token}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader eyebrow="Team Registration" title="Your Teams" />
      <Container className="py-8 sm:py-12">
        <div className="mx-auto max-w-3xl">{body}</div>
      </Container>
    </>
  );
}
