import { ArrowRight, CreditCard, ListChecks, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_TEAM_PRICE_CENTS } from '../../../contracts/settings';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Prose } from '../../components/ui/prose';
import { StepList } from '../../components/ui/step-list';
import { formatEuroCents } from '../../lib/format';
import { useRegistrationSettings } from '../registrations/queries';

export function RegistrationGuidePage() {
  const { data } = useRegistrationSettings();
  const price = formatEuroCents(data?.team_price ?? DEFAULT_TEAM_PRICE_CENTS);
  const steps = [
    {
      icon: UserPlus,
      title: 'Create an account',
      text: 'The person registering (usually a teacher or parent) signs up with an e-mail address and a password.',
    },
    {
      icon: Users,
      title: 'Enter your teams',
      text: 'Each team has exactly 4 players. Add as many teams as your school wants to enter; you can make several registrations until the closing date.',
    },
    {
      icon: CreditCard,
      title: 'Pay or pay later',
      text: `Each team costs ${price}, paid in euro by card. You can pay straight away, or confirm now and pay later from your account area.`,
    },
    {
      icon: ListChecks,
      title: 'Check in on the day',
      text: 'Arrive early and check in at the desk with your team. Player names can still be changed at check-in.',
    },
  ];
  return (
    <>
      <PageHeader eyebrow="About 5 minutes" title="Registration Guide">
        Everything you need to register a school team, from creating an account to check-in on the day.
      </PageHeader>
      <Container className="py-10 sm:py-14">
        <StepList steps={steps} className="grid gap-4 md:grid-cols-2" />
        <Card className="mt-8">
          <Prose>
            <h2>Before you start</h2>
            <ul>
              <li>Players must be 13 or older; players under 18 need a parent's or guardian's consent.</li>
              <li>Have the names of all four players of each team ready.</li>
              <li>Fees are non-refundable, except where the law requires it or the organisers cancel.</li>
            </ul>
            <p>
              Questions? <Link to="/#contact-us">Contact the organisers</Link> — support replies within 24
              hours.
            </p>
          </Prose>
          <ButtonLink to="/registration" size="lg" className="mt-4">
            Go to registration
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </Card>
      </Container>
    </>
  );
}
