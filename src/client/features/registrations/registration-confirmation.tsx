import { CircleAlert, CircleCheck } from 'lucide-react';
import { REGISTRATION_MESSAGES, type RegistrationSummary } from '../../../contracts/registrations';
import { countOf } from '../../../domain/plural';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatEuroCents } from '../../lib/format';
import { useSession } from '../auth/queries';
import { teamsHref } from './access-tokens';
import { ConsentPending, PayNowButton } from './registration-summary';

/** The message with its reference kept on one line (a phone would otherwise break it at the dash). */
function ReferenceInText({ text, reference }: { text: string; reference: string }) {
  const [before = '', after = ''] = text.split(reference);
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{reference}</span>
      {after}
    </>
  );
}

/** After "Register now, pay later" (or a payment that could not start): the reference, what is due, how to pay. */
export function RegistrationConfirmation({
  registration,
  token,
  checkoutError,
}: {
  registration: RegistrationSummary;
  token: string;
  checkoutError: string | null;
}) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  return (
    <Card className="mx-auto flex max-w-2xl flex-col gap-5" role="status">
      <div className="flex items-start gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-win-bg text-win">
          <CircleCheck aria-hidden="true" className="size-7" />
        </span>
        <div>
          <h2 className="font-display text-2xl font-bold text-fg">
            <ReferenceInText
              text={REGISTRATION_MESSAGES.confirmed(registration.reference)}
              reference={registration.reference}
            />
          </h2>
          <p className="text-muted">
            {countOf(registration.teamCount, 'team')} for {registration.schoolName}. A confirmation e-mail is
            on its way to {registration.registrantEmail}.
          </p>
        </div>
      </div>
      <ConsentPending count={registration.pendingConsentCount} />
      {checkoutError ? (
        <p className="flex items-start gap-2 rounded-xl bg-loss-bg p-3 text-sm text-fg">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-loss" />
          <span>
            Your registration is saved, but the payment could not be started: {checkoutError} You can pay now
            or later.
          </span>
        </p>
      ) : null}
      <dl className="grid gap-3 rounded-xl bg-surface-muted p-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">Reference</dt>
          <dd className="font-mono text-xl font-bold text-fg">{registration.reference}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Amount due (not paid yet)</dt>
          <dd className="font-display text-xl font-bold text-fg">
            {formatEuroCents(registration.amountCents)}
          </dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 text-sm text-fg">
        <p className="font-semibold">How to pay later</p>
        <p className="text-muted">
          {signedIn ? (
            <>
              Open <strong>My Registrations</strong> from your account menu and choose Pay now.
            </>
          ) : (
            <>
              Open the <strong>registration status</strong> page, enter your reference and e-mail address, and
              choose Pay now. If you have an account with this e-mail address, My Registrations lists it too.
            </>
          )}{' '}
          Keep your reference: it is also in the confirmation e-mail.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {registration.canPay ? <PayNowButton registration={registration} token={token} size="lg" /> : null}
        <ButtonLink
          to={signedIn ? '/my-registrations' : '/registration/status'}
          variant="secondary"
          size="lg"
        >
          {signedIn ? 'My Registrations' : 'Registration status'}
        </ButtonLink>
        <ButtonLink to={teamsHref(registration.id, token)} variant="secondary" size="lg">
          View your teams
        </ButtonLink>
      </div>
    </Card>
  );
}
