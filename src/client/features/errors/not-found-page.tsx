import { ChessPawn, House, Search } from 'lucide-react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container className="flex flex-col items-center py-20 text-center sm:py-28">
      <span className="mb-6 grid size-20 place-items-center rounded-full bg-surface-muted text-primary">
        <ChessPawn aria-hidden="true" className="size-10" />
      </span>
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Error 404</p>
      <h1 className="mt-2 font-display text-3xl font-bold text-fg sm:text-4xl">Page not found</h1>
      <p className="mt-3 max-w-md text-muted">
        There is no page at <code className="rounded bg-surface-muted px-1.5 py-0.5 text-fg">{pathname}</code>
        . Like a pawn, this link can't go backwards — but you can.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/" size="lg">
          <House aria-hidden="true" className="size-4" />
          Back to the home page
        </ButtonLink>
        <ButtonLink to="/site-navigation" variant="secondary" size="lg">
          <Search aria-hidden="true" className="size-4" />
          See all pages
        </ButtonLink>
      </div>
    </Container>
  );
}
