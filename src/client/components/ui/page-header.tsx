import type { ReactNode } from 'react';
import { Container } from './container';

/** The coloured band at the top of an inner page, holding its one h1. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="chess-pattern bg-band bg-linear-to-br from-band to-band-2 text-on-band">
      <Container className="py-10 sm:py-14">
        {eyebrow ? (
          <p className="mb-2 text-sm font-semibold uppercase tracking-widest text-highlight">{eyebrow}</p>
        ) : null}
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{title}</h1>
        {children ? (
          <div className="mt-3 max-w-2xl text-base text-on-band-muted sm:text-lg">{children}</div>
        ) : null}
      </Container>
    </div>
  );
}
