import type { ReactNode } from 'react';
import { cx } from './cx';

export function SectionHeading({
  id,
  title,
  eyebrow,
  children,
  className,
}: {
  id?: string;
  title: string;
  eyebrow?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('mb-6 sm:mb-8', className)}>
      {eyebrow ? (
        <p className="mb-1 text-sm font-semibold uppercase tracking-widest text-accent-text">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="font-display text-2xl font-bold text-fg sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-2 max-w-2xl text-muted">{children}</p> : null}
    </div>
  );
}
