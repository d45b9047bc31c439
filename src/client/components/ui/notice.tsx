import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';

/** A centred message for empty, hidden and error states. */
export function Notice({
  icon: Icon,
  title,
  children,
  tone = 'neutral',
  role,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  role?: 'alert' | 'status';
}) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <span
        className={cx(
          'grid size-12 place-items-center rounded-full',
          tone === 'error' ? 'bg-loss-bg text-loss' : 'bg-surface-muted text-muted',
        )}
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="text-lg font-semibold text-fg">{title}</p>
      {children ? <div className="max-w-md text-sm text-muted">{children}</div> : null}
    </div>
  );
}
