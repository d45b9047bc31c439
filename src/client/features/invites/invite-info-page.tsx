import { Clock, KeyRound, Mail, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { StepList } from '../../components/ui/step-list';

const STEPS = [
  {
    icon: Mail,
    title: 'Open the e-mail',
    text: 'An organiser invites you by e-mail with a role (for example admin, or a custom role such as arbiter). The e-mail comes from the tournament website and holds a personal link.',
  },
  {
    icon: KeyRound,
    title: 'Choose your password',
    text: 'The link opens a page showing the e-mail address and role you were invited with. Enter your full name, choose a password of at least 8 characters, and join.',
  },
  {
    icon: ShieldCheck,
    title: 'Start helping',
    text: 'You are signed in straight away. Staff find their pages under Admin Area in the menu with their initials; next time, sign in with your e-mail address and the password you chose.',
  },
] as const;

/** /invite: how staff invitations work and what to do with the link. */
export function InviteInfoPage() {
  return (
    <>
      <PageHeader eyebrow="For staff and helpers" title="Invitations">
        Organisers invite the people who help run the tournament by e-mail. Here is what to do with your link.
      </PageHeader>
      <Container className="flex flex-col gap-8 py-10 sm:py-14">
        <StepList steps={STEPS} className="grid gap-4 md:grid-cols-3" stackOnWide />
        <Card className="flex max-w-3xl gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-surface-muted text-primary">
            <Clock aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col gap-2 text-muted">
            <h2 className="font-display text-lg font-bold text-fg">Good to know</h2>
            <p>
              A link works <strong className="text-fg">once</strong> and for{' '}
              <strong className="text-fg">7 days</strong>. Keep it to yourself: anyone with the link could
              join in your place.
            </p>
            <p>
              If the link says it is no longer valid, it has expired or has already been used. Ask the
              organiser who invited you for a new one. If you already joined, simply sign in.
            </p>
            <p>Players do not need an invitation: they create their own account when registering a team.</p>
          </div>
        </Card>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/login">Sign in</ButtonLink>
          <ButtonLink to="/registration-guide" variant="secondary">
            Registration guide for players
          </ButtonLink>
        </div>
      </Container>
    </>
  );
}
