import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';

/** One card of a settings page: icon, heading, a line of explanation, then its form. */
export function SettingsSection({
  icon: Icon,
  title,
  description,
  children,
  tone = 'neutral',
  className,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
  tone?: 'neutral' | 'danger';
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <Card className={cx('h-full', tone === 'danger' && 'border-loss/40')}>
        <div className="mb-5 flex items-start gap-3">
          <span
            className={cx(
              'grid size-10 shrink-0 place-items-center rounded-xl',
              tone === 'danger' ? 'bg-loss-bg text-loss' : 'bg-surface-muted text-primary',
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id={headingId} className="font-display text-xl font-bold text-fg">
              {title}
            </h2>
            <p className="text-sm text-muted">{description}</p>
          </div>
        </div>
        {children}
      </Card>
    </section>
  );
}
