import { ArrowRight, KeyRound } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';

/** /login for now: accounts arrive with a later issue, so this page says so instead of showing a dead form. */
export function LoginPage() {
  return (
    <Container className="grid place-items-center py-16 sm:py-24">
      <Card className="w-full max-w-lg text-center">
        <span className="mx-auto mb-5 grid size-14 place-items-center rounded-2xl bg-band text-highlight">
          <KeyRound aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-display text-3xl font-bold text-fg">Sign In / Register</h1>
        <p className="mt-3 text-muted">
          Staff and player accounts are coming soon. You don't need an account to follow the tournament: the
          leaderboard and player lookup are open to everyone.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/leaderboard">
            View Leaderboard
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
          <ButtonLink to="/player-lookup" variant="secondary">
            Board &amp; Player Lookup
          </ButtonLink>
        </div>
      </Card>
    </Container>
  );
}
