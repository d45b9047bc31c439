import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'win' | 'loss' | 'draw' | 'accent' | 'live';
const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-muted text-fg border-line',
  win: 'bg-win-bg text-win border-transparent',
  loss: 'bg-loss-bg text-loss border-transparent',
  draw: 'bg-draw-bg text-draw border-transparent',
  accent: 'bg-accent text-on-accent border-transparent',
  live: 'bg-primary text-on-primary border-transparent',
};

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
