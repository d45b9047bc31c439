import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './ui/card';
import { Container } from './ui/container';

/** The centred card of the sign-in and reset-password pages, with its key icon and one h1. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container className="grid place-items-center py-12 sm:py-20">
      <Card className="w-full max-w-md">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-band text-highlight">
            <KeyRound aria-hidden="true" className="size-7" />
          </span>
          <h1 className="font-display text-3xl font-bold text-fg">{title}</h1>
          {intro ? <p className="mt-2 text-sm text-muted">{intro}</p> : null}
        </div>
        {children}
      </Card>
    </Container>
  );
}
