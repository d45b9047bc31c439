import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { GUARDIAN_CONSENT_MESSAGES, type GuardianConsentView } from '../../../contracts/guardian-consent';
import { DEFAULT_RETENTION, registrationPeriodText } from '../../../domain/retention';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError, serverMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useLinkToken } from '../../lib/link-token';
import { notify } from '../../lib/notify';
import { useHome } from '../home/queries';
import { TERMS_EFFECTIVE_DATE } from '../info/privacy-page';
import { guardianConsentQuery, useConfirmGuardianConsent } from './queries';

/** An inline link that looks like one (plain Links outside prose are not underlined). */
function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-link underline underline-offset-2">
      {children}
    </Link>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Notice icon={CircleAlert} title="This link does not work" tone="error" role="alert">
      <p>{message}</p>
      <p className="mt-3">
        <TextLink to="/#contact-us">Contact the organisers</TextLink>
      </p>
    </Notice>
  );
}

/**
 * What is kept and for how long: the registration period the retention job applies (ADR 035), as the privacy page
 * and the consent mail state it; terms effective 16/06/2025 (docs/requirements.md §1).
 */
function WhatWeKeep({ view }: { view: GuardianConsentView }) {
  const periods = useHome().data?.retention ?? DEFAULT_RETENTION;
  return (
    <section aria-labelledby="what-we-keep" className="flex flex-col gap-2 text-sm text-fg">
      <h2 id="what-we-keep" className="font-display text-lg font-bold">
        What we keep, and for how long
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          The player's name, date of birth or school year, school and team, to run the tournament (pairings,
          results and the leaderboard).
        </li>
        <li>Your name and e-mail address, when consent was declared and when you confirmed it.</li>
        <li>The version of the consent terms: {view.policyVersion}.</li>
      </ul>
      <p>
        Registration records are kept for {registrationPeriodText(periods)}, then deleted. Read the{' '}
        <TextLink to="/privacy">terms and privacy policy</TextLink> (effective {TERMS_EFFECTIVE_DATE}).
      </p>
    </section>
  );
}

function ConsentCard({
  view,
  playerId,
  token,
}: {
  view: GuardianConsentView;
  playerId: string;
  token: string;
}) {
  const confirm = useConfirmGuardianConsent(playerId, token);
  const event = view.eventName ?? 'the school chess tournament';
  const onConsent = () =>
    confirm.mutate(undefined, {
      onSuccess: () => notify('success', GUARDIAN_CONSENT_MESSAGES.confirmed),
      onError: (error) =>
        notify(
          'error',
          serverMessage(error, 'Your consent could not be saved. Check your connection and try again.'),
        ),
    });

  if (view.status === 'cancelled') {
    return (
      <Card>
        <Notice icon={CircleAlert} title="Registration cancelled" role="status">
          <p>{GUARDIAN_CONSENT_MESSAGES.cancelled}</p>
        </Notice>
      </Card>
    );
  }

  const who = (
    <p className="text-base text-fg">
      <strong>{view.playerFirstName}</strong> is registered for {event} in team{' '}
      <strong>{view.teamName}</strong> of <strong>{view.schoolName}</strong>.
    </p>
  );

  if (view.status === 'confirmed') {
    return (
      <Card className="flex flex-col gap-5">
        <div role="status" className="flex items-start gap-3 rounded-xl bg-win-bg p-4 text-fg">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-win" />
          <div>
            <p className="font-display text-lg font-bold">Consent confirmed</p>
            <p className="text-sm">
              You confirmed on {view.confirmedAt ? formatDateTime(view.confirmedAt) : 'an earlier visit'}.{' '}
              {view.playerFirstName} can now take part in the tournament. Nothing more is needed.
            </p>
          </div>
        </div>
        {who}
        <WhatWeKeep view={view} />
        <p className="text-sm text-muted">
          To withdraw your consent, <TextLink to="/#contact-us">contact the organisers</TextLink>.
        </p>
      </Card>
    );
  }

  return (
    <Card className="flex flex-col gap-5">
      {who}
      <p className="text-fg">
        Players under 18 need the consent of a parent or guardian. Until you confirm, {view.playerFirstName}{' '}
        is not entered into the tournament: no pairings, no results, and nothing on the public leaderboard.
      </p>
      <WhatWeKeep view={view} />
      <div className="flex flex-col gap-3 border-t border-line pt-5">
        <p className="text-sm text-fg">
          By pressing the button you confirm that you are {view.playerFirstName}'s parent or guardian and that
          you agree to them taking part.
        </p>
        <Button
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          disabled={confirm.isPending}
          onClick={onConsent}
        >
          <ShieldCheck aria-hidden="true" className="size-5" />
          {confirm.isPending ? 'Saving…' : 'I consent'}
        </Button>
        {confirm.isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm font-medium text-loss">
            <CircleAlert aria-hidden="true" className="size-4" />
            {serverMessage(
              confirm.error,
              'Your consent could not be saved. Check your connection and try again.',
            )}
          </p>
        ) : null}
        <p className="text-sm text-muted">
          If you do not agree, or did not expect this, do not press the button and{' '}
          <TextLink to="/#contact-us">contact the organisers</TextLink>.
        </p>
      </div>
    </Card>
  );
}

function ConsentLoader({ playerId, token }: { playerId: string; token: string }) {
  const query = useQuery(guardianConsentQuery(playerId, token));
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return query.error instanceof ApiRequestError &&
      (query.error.status === 404 || query.error.status === 400) ? (
      <InvalidLink message={GUARDIAN_CONSENT_MESSAGES.invalidLink} />
    ) : (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        title="Failed to load the consent request"
      />
    );
  }
  return <ConsentCard view={query.data} playerId={playerId} token={token} />;
}

/** /registration/consent/:playerId#token= — a parent or guardian confirms their consent (T25, ADR 008). */
export function GuardianConsentPage() {
  const { playerId = '' } = useParams();
  const token = useLinkToken() ?? '';
  return (
    <>
      <PageHeader eyebrow="Team Registration" title="Parent or Guardian Consent">
        Confirm that a player under 18 may take part in the tournament.
      </PageHeader>
      <Container className="py-8 sm:py-12">
        <div className="mx-auto max-w-2xl">
          {token ? (
            <ConsentLoader playerId={playerId} token={token} />
          ) : (
            <InvalidLink message={GUARDIAN_CONSENT_MESSAGES.invalidLink} />
          )}
        </div>
      </Container>
    </>
  );
}
