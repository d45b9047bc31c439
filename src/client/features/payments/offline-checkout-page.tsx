import { CircleAlert, CreditCard, FlaskConical } from 'lucide-react';
import { useParams } from 'react-router';
import type { OFFLINE_OUTCOMES } from '../../../contracts/payments';
import { LoadError } from '../../components/load-error';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { formatEuroCents } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { useOfflineSession, useSettleOfflineSession } from './queries';

type Outcome = (typeof OFFLINE_OUTCOMES)[number];

const PENDING_LABELS: Record<Outcome, string> = {
  succeed: 'Paying...',
  fail: 'Failing...',
  abandon: 'Cancelling...',
};

/** The banner that makes it impossible to mistake this page for a real payment. */
function TestBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-2xl border-2 border-dashed border-draw bg-draw-bg p-4 text-fg"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-draw" />
      <div>
        <p className="font-display text-lg font-bold">Test payment — no money moves</p>
        <p className="text-sm text-muted">
          This is the site's built-in offline test checkout. No card is asked for and nothing is charged.
          Choose what the payment provider should report.
        </p>
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-semibold text-fg">{value}</dd>
    </div>
  );
}

/** /registration/offline-checkout/:sessionId — the offline provider's stand-in for a hosted checkout. */
export function OfflineCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useOfflineSession(sessionId);
  const settle = useSettleOfflineSession(sessionId);

  const choose = (outcome: Outcome) =>
    settle.mutate(outcome, {
      // Like a provider's hosted page: the browser leaves for the site's success or cancel address.
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
      onError: (error) => notifyFailure(error, 'The test payment could not be completed. Please try again.'),
    });

  let body: React.ReactNode;
  if (session.isPending) {
    body = <Spinner />;
  } else if (session.isError) {
    body =
      session.error instanceof ApiRequestError && session.error.status === 404 ? (
        <Notice icon={CircleAlert} title="Payment session not found" tone="error" role="alert">
          <p>
            This test payment session does not exist (test sessions are forgotten when the server restarts).
            Start the payment again from your registration.
          </p>
        </Notice>
      ) : (
        <LoadError
          error={session.error}
          onRetry={() => void session.refetch()}
          isRetrying={session.isFetching}
          title="Failed to load the payment"
        />
      );
  } else {
    const data = session.data;
    const isOpen = data.status === 'open';
    const busy = settle.isPending || settle.isSuccess;
    body = (
      <Card className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-surface-muted text-primary">
            <CreditCard aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="text-sm text-muted">Amount due</p>
            <p className="font-display text-3xl font-bold text-fg">{formatEuroCents(data.amountCents)}</p>
          </div>
        </div>
        <dl className="text-sm">
          <Row label="School" value={data.schoolName} />
          <Row label="Reference" value={data.reference} />
          <Row
            label="Items"
            value={`${data.teamCount} × team entry (${formatEuroCents(data.amountCents / data.teamCount)})`}
          />
        </dl>
        {isOpen ? (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button size="lg" className="sm:flex-1" disabled={busy} onClick={() => choose('succeed')}>
              {settle.isPending && settle.variables === 'succeed'
                ? PENDING_LABELS.succeed
                : `Pay ${formatEuroCents(data.amountCents)}`}
            </Button>
            <Button size="lg" variant="danger" disabled={busy} onClick={() => choose('fail')}>
              {settle.isPending && settle.variables === 'fail' ? PENDING_LABELS.fail : 'Fail payment'}
            </Button>
            <Button size="lg" variant="secondary" disabled={busy} onClick={() => choose('abandon')}>
              {settle.isPending && settle.variables === 'abandon' ? PENDING_LABELS.abandon : 'Cancel'}
            </Button>
          </div>
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <p className="font-semibold text-fg">
              This payment session is already finished ({data.status === 'paid' ? 'paid' : data.status}).
            </p>
            <ButtonLink to="/my-registrations" variant="secondary" className="self-start">
              Go to My Registrations
            </ButtonLink>
          </div>
        )}
      </Card>
    );
  }

  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        <h1 className="font-display text-2xl font-bold text-fg sm:text-3xl">Checkout</h1>
        <TestBanner />
        {body}
      </div>
    </Container>
  );
}
