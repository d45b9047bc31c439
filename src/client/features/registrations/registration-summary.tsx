import { CreditCard, MailCheck, Users } from 'lucide-react';
import {
  REGISTRATION_MESSAGES,
  type RegistrationPaymentStatus,
  type RegistrationSummary,
} from '../../../contracts/registrations';
import { countOf, nounFor } from '../../../domain/plural';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime, formatEuroCents } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { PausedNotice, useSiteSwitch } from '../safe-control/site-status';
import { registrationHref, teamsHref } from './access-tokens';
import { useStartCheckout } from './checkout-api';

const PAYMENT_LABELS: Record<RegistrationPaymentStatus, { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'win' },
  pending: { label: 'Payment pending', tone: 'draw' },
  unpaid: { label: 'Not paid', tone: 'loss' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export function PaymentBadge({ status }: { status: RegistrationPaymentStatus }) {
  const { label, tone } = PAYMENT_LABELS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

const PAID_VIA: Record<string, string> = { card: 'card', cash: 'cash', bank_transfer: 'bank transfer' };

/** "Paid by card on 15 Mar, 10:30", or what is still due. */
export function paymentLine(registration: RegistrationSummary): string {
  const amount = formatEuroCents(registration.amountCents);
  switch (registration.paymentStatus) {
    case 'paid': {
      const via = registration.paidVia ? ` by ${PAID_VIA[registration.paidVia] ?? registration.paidVia}` : '';
      const when = registration.paidAt ? ` on ${formatDateTime(registration.paidAt)}` : '';
      return `${amount} paid${via}${when}.`;
    }
    case 'pending':
      return `${amount}: the payment is being processed.`;
    case 'cancelled':
      return REGISTRATION_MESSAGES.cancelled;
    default:
      return `${amount} due.`;
  }
}

/** How many players still wait for their parent's or guardian's confirmation by e-mail (T25). */
export function ConsentPending({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="flex items-start gap-2 rounded-xl bg-draw-bg p-3 text-sm text-fg">
      <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-draw" />
      {`${countOf(count, 'player')} ${nounFor(count, 'is', 'are')} waiting for their parent or guardian to confirm consent by the e-mailed link.`}
    </p>
  );
}

/**
 * Pay now: starts a checkout for the registration and sends the browser to it. While payments are paused (safe
 * control) the button, with the amount owed, is disabled and the refusal says why.
 */
export function PayNowButton({
  registration,
  token,
  size = 'md',
}: {
  registration: RegistrationSummary;
  token?: string | undefined;
  size?: 'md' | 'lg';
}) {
  const checkout = useStartCheckout();
  const busy = checkout.isPending || checkout.isSuccess;
  const isPaused = useSiteSwitch('payments_paused');
  const button = (
    <Button
      size={size}
      disabled={busy || isPaused}
      onClick={() =>
        checkout.mutate(
          { registration, ...(token ? { token } : {}) },
          { onError: (error) => notifyFailure(error, 'The payment could not be started. Please try again.') },
        )
      }
    >
      <CreditCard aria-hidden="true" className="size-4" />
      {busy ? 'Opening the payment…' : `Pay now ${formatEuroCents(registration.amountCents)}`}
    </Button>
  );
  if (!isPaused) return button;
  return (
    <div className="flex flex-col gap-2">
      {button}
      <PausedNotice name="payments_paused" />
    </div>
  );
}

/** A registration's school, reference, payment badge and state, and any guardian consent still awaited. */
export function RegistrationHeader({
  registration,
  headingLevel = 2,
}: {
  registration: RegistrationSummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="font-display text-xl font-bold text-fg">{registration.schoolName}</Heading>
          <p className="text-sm text-muted">
            Reference <span className="font-mono font-semibold text-fg">{registration.reference}</span>
          </p>
        </div>
        <PaymentBadge status={registration.paymentStatus} />
      </div>
      <p className="text-fg">{paymentLine(registration)}</p>
      <ConsentPending count={registration.pendingConsentCount} />
    </>
  );
}

/** One registration: reference, school, teams, payment state and what can be done next. */
export function RegistrationCard({
  registration,
  token,
  headingLevel = 2,
}: {
  registration: RegistrationSummary;
  token?: string | undefined;
  headingLevel?: 2 | 3;
}) {
  return (
    <Card className="flex flex-col gap-4" role="group" aria-label={`Registration ${registration.reference}`}>
      <RegistrationHeader registration={registration} headingLevel={headingLevel} />
      <ul className="flex flex-col gap-1 text-sm">
        {registration.teams.map((team) => (
          <li key={team.id} className="flex items-start gap-2">
            <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              <span className="font-semibold text-fg">{team.name}</span>
              <span className="text-muted"> — {team.players.map((player) => player.name).join(', ')}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {registration.canPay ? <PayNowButton registration={registration} token={token} /> : null}
        <ButtonLink to={teamsHref(registration.id, token)} variant="secondary">
          {registration.canEditTeams ? 'View and edit teams' : 'View teams'}
        </ButtonLink>
        {registration.paymentStatus === 'cancelled' ? null : (
          <ButtonLink to={registrationHref('roster', registration.id, token)} variant="secondary">
            Byes and withdrawals
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}
