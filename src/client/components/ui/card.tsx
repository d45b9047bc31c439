import type { HTMLAttributes } from 'react';
import { cx } from './cx';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx(
        'rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-black/5 sm:p-6',
        className,
      )}
      {...props}
    />
  );
}
