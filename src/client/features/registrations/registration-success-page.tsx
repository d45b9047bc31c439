import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, type LucideIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import type { RegistrationPaymentStatus } from '../../../contracts/registrations';
import { LoadError } from '../../components/load-error';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { cx } from '../../components/ui/cx';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatEuroCents } from '../../lib/format';
import { accessTokenFor, teamsHref } from './access-tokens';
import { verifyPaymentQuery } from './checkout-api';
import { registrationTeamsQuery } from './registration-api';
import { RegistrationCard } from './registration-summary';

function Outcome({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: LucideIcon;
  tone: 'win' | 'draw' | 'loss';
  title: string;
  children: React.ReactNode;
}) {
  const tones = { win: 'bg-win-bg text-win', draw: 'bg-draw-bg text-draw', loss: 'bg-loss-bg text-loss' };
  return (
    <Card className="flex flex-col gap-4" role="status">
      <div className="flex items-start gap-3">
        <span className={cx('grid size-12 shrink-0 place-items-center rounded-full', tones[tone])}>
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 className="font-display text-2xl font-bold text-fg">{title}</h2>
          <div className="text-muted">{children}</div>
        </div>
      </div>
    </Card>
  );
}

/** The registration itself with Pay now, for an unpaid outcome (needs the tab's token or the signed-in owner). */
function PayAgain({ registrationId, token }: { registrationId: string; token: string | undefined }) {
  const registration = useQuery(registrationTeamsQuery(registrationId, token));
  if (registration.isPending) return <Spinner />;
  if (registration.isError) {
    return (
      <p className="text-muted">
        To pay, look your registration up on the{' '}
        <Link to="/registration/status">registration status page</Link> with your reference and e-mail
        address.
      </p>
    );
  }
  return <RegistrationCard registration={registration.data.registration} token={token} />;
}

const STATUS_TEXT: Record<RegistrationPaymentStatus, string> = {
  paid: 'Payment received',
  pending: 'Payment being processed',
  unpaid: 'Not paid',
  cancelled: 'Registration cancelled',
};

function Verified({ sessionId, registrationId }: { sessionId: string; registrationId: string }) {
  const token = accessTokenFor(registrationId);
  const verify = useQuery(verifyPaymentQuery(sessionId, registrationId));
  if (verify.isPending) return <Spinner label="Checking your payment…" />;
  if (verify.isError) {
    return (
      <LoadError
        error={verify.error}
        onRetry={() => void verify.refetch()}
        isRetrying={verify.isFetching}
        title="We could not check this payment"
      />
    );
  }
  const { status, sessionStatus, reference, amountCents } = verify.data;
  const teamsLink = (
    <ButtonLink to={teamsHref(registrationId, token)} variant="secondary" className="self-start">
      View your teams
    </ButtonLink>
  );
  if (status === 'paid') {
    return (
      <div className="flex flex-col gap-4">
        <Outcome icon={CircleCheck} tone="win" title={STATUS_TEXT.paid}>
          <p>
            Thank you: {formatEuroCents(amountCents)} paid for registration{' '}
            <span className="font-mono font-semibold text-fg">{reference}</span>. A receipt is on its way by
            e-mail.
          </p>
        </Outcome>
        {teamsLink}
      </div>
    );
  }
  if (status === 'pending' || (status === 'unpaid' && sessionStatus === 'open')) {
    return (
      <div className="flex flex-col gap-4">
        <Outcome icon={Clock} tone="draw" title={STATUS_TEXT.pending}>
          <p>
            {status === 'pending'
              ? PAYMENT_MESSAGES.pending
              : 'We have not had the confirmation from the payment provider yet. This page checks again by itself.'}{' '}
            Reference <span className="font-mono font-semibold text-fg">{reference}</span>.
          </p>
        </Outcome>
        {teamsLink}
      </div>
    );
  }
  if (status === 'cancelled') {
    return (
      <Outcome icon={CircleAlert} tone="loss" title={STATUS_TEXT.cancelled}>
        <p>Registration {reference} was cancelled. Contact the organisers with any questions.</p>
      </Outcome>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Outcome icon={CircleAlert} tone="loss" title={STATUS_TEXT.unpaid}>
        <p>
          The payment for registration <span className="font-mono font-semibold text-fg">{reference}</span>{' '}
          did not go through. Your registration and teams are kept: you can pay now or later.
        </p>
      </Outcome>
      <PayAgain registrationId={registrationId} token={token} />
    </div>
  );
}

/** /registration/success: where the payment provider sends the browser back (paid, or cancelled). */
export function RegistrationSuccessPage() {
  const [params] = useSearchParams();
  const registrationId = params.get('registration_id') ?? '';
  const sessionId = params.get('session_id') ?? '';
  const cancelled = params.get('cancelled') !== null;

  let body: React.ReactNode;
  if (!registrationId) {
    body = (
      <Outcome icon={CircleAlert} tone="loss" title="No registration given">
        <p>
          This address is missing its registration. Find your registration on the{' '}
          <Link to="/registration/status">registration status page</Link>.
        </p>
      </Outcome>
    );
  } else if (cancelled || !sessionId) {
    body = (
      <div className="flex flex-col gap-4">
        <Outcome icon={CircleAlert} tone="loss" title="Payment not completed">
          <p>
            No payment was taken. Your registration and teams are kept, not paid yet: you can pay now or
            later.
          </p>
        </Outcome>
        <PayAgain registrationId={registrationId} token={accessTokenFor(registrationId)} />
      </div>
    );
  } else {
    body = <Verified sessionId={sessionId} registrationId={registrationId} />;
  }

  return (
    <>
      <PageHeader eyebrow="Team Registration" title="Payment" />
      <Container className="py-8 sm:py-12">
        <div className="mx-auto flex max-w-2xl flex-col gap-4">{body}</div>
      </Container>
    </>
  );
}
