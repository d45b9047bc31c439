import type { LucideIcon } from 'lucide-react';
import { Card } from './card';
import { cx } from './cx';

export interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * Numbered steps as cards ("Step 1. …"), each with an icon; `className` lays out the list (e.g. its grid
 * columns), `stackOnWide` puts the icon above the text from md up.
 */
export function StepList({
  steps,
  className,
  stackOnWide = false,
}: {
  steps: readonly Step[];
  className: string;
  stackOnWide?: boolean;
}) {
  return (
    <ol className={className}>
      {steps.map(({ icon: Icon, title, text }, index) => (
        <li key={title}>
          <Card className={cx('flex h-full gap-4', stackOnWide && 'md:flex-col')}>
            <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-band text-highlight">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <div>
              <h2 className="font-display text-lg font-bold text-fg">
                <span className="text-accent-text">Step {index + 1}.</span> {title}
              </h2>
              <p className="mt-1 text-muted">{text}</p>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
