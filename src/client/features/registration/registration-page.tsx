import { ArrowRight, CircleCheck, CircleX } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatEuroCents } from '../../lib/format';
import { useRegistrationSettings } from './queries';

/** SPEC §4: on error or without data, registration counts as closed with a team price of 6000 cents. */
const FALLBACK = { is_enabled: false, team_price: 6000 };

/** /registration for now: is registration open, and what a team costs. The sign-up flow comes with accounts. */
export function RegistrationPage() {
  const { data, isPending } = useRegistrationSettings();
  if (isPending) return <Spinner />;
  const settings = data ?? FALLBACK;
  const isOpen = settings.is_enabled;
  const Icon = isOpen ? CircleCheck : CircleX;
  return (
    <>
      <PageHeader eyebrow="Teams of four" title="Team Registration">
        Register your school's teams for the tournament.
      </PageHeader>
      <Container className="py-10 sm:py-14">
        <div className="grid gap-6 md:grid-cols-2">
          <Card className="flex flex-col gap-4">
            <h2 className="font-display text-xl font-bold text-fg">Registration status</h2>
            <p className="flex items-center gap-3 text-lg font-semibold text-fg">
              <Icon aria-hidden="true" className={isOpen ? 'size-7 text-win' : 'size-7 text-loss'} />
              {isOpen ? 'Registration is open' : 'Registration is closed'}
            </p>
            <p className="text-muted">
              {isOpen
                ? 'Online team registration opens on this site together with player accounts, very soon. Read the guide to get your teams ready.'
                : 'Registration is not open at the moment. Check back soon, or contact the organisers with any questions.'}
            </p>
          </Card>
          <Card className="flex flex-col gap-4">
            <h2 className="font-display text-xl font-bold text-fg">Entry fee</h2>
            <p>
              <span className="font-display text-4xl font-bold text-fg">
                {formatEuroCents(settings.team_price)}
              </span>
              <span className="ml-2 text-muted">per team of 4 players</span>
            </p>
            <p className="text-muted">
              Paid in euro by card. You can also register now and pay later from your account.
            </p>
          </Card>
        </div>
        <ButtonLink to="/registration-guide" size="lg" className="mt-8">
          Read the registration guide
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
      </Container>
    </>
  );
}
