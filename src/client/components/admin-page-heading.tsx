import type { ReactNode } from 'react';
import { cx } from './ui/cx';

/** The heading of an admin page: the 'Admin Area' eyebrow (or a more precise one), its one h1 and what it is for. */
export function AdminPageHeading({
  eyebrow = 'Admin Area',
  title,
  children,
  descriptionClassName,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  descriptionClassName?: string;
}) {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">{eyebrow}</p>
      <h1 className="mt-1 font-display text-3xl font-bold text-fg sm:text-4xl">{title}</h1>
      {children ? <p className={cx('mt-2 text-muted', descriptionClassName)}>{children}</p> : null}
    </div>
  );
}
