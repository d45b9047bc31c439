import {
  Ban,
  Circle,
  CircleCheck,
  CircleMinus,
  Hourglass,
  Inbox,
  type LucideIcon,
  TriangleAlert,
} from 'lucide-react';
import { CRM_STATE_LABELS, CRM_TASK_STATES, type CrmTaskState } from '../../../domain/crm';
import { cx } from '../../components/ui/cx';

/**
 * How each state looks: a colour and an icon, always with its label (shown, or read out), so no state is told
 * by colour alone.
 */
export const STATE_LOOKS: Record<CrmTaskState, { icon: LucideIcon; className: string }> = {
  not_started: { icon: Circle, className: 'border-line bg-surface-muted text-fg' },
  waiting_on_school: { icon: Hourglass, className: 'border-transparent bg-warn-bg text-warn' },
  received_to_check: { icon: Inbox, className: 'border-transparent bg-draw-bg text-draw' },
  done: { icon: CircleCheck, className: 'border-transparent bg-win-bg text-win' },
  blocked: { icon: Ban, className: 'border-transparent bg-loss-bg text-loss' },
  not_applicable: { icon: CircleMinus, className: 'border-dashed border-line bg-surface text-muted' },
};

export function StateIcon({ state, className }: { state: CrmTaskState; className?: string }) {
  const Icon = STATE_LOOKS[state].icon;
  return <Icon aria-hidden="true" className={cx('size-4 shrink-0', className)} />;
}

const spriteId = (state: CrmTaskState) => `crm-state-${state}`;
const OVERDUE_SPRITE_ID = 'crm-overdue';

/**
 * Each state's icon once, as an SVG symbol, for a page that shows it hundreds of times (the readiness matrix):
 * a cell then draws `<svg><use></svg>` (two elements) instead of the icon's own tree, and the overdue mark likewise.
 * Render it once per page.
 */
export function StateIconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      {CRM_TASK_STATES.map((state) => {
        const Icon = STATE_LOOKS[state].icon;
        return (
          <symbol key={state} id={spriteId(state)} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
      <symbol id={OVERDUE_SPRITE_ID} viewBox="0 0 24 24">
        <TriangleAlert />
      </symbol>
    </svg>
  );
}

/** A state's icon drawn from the sprite (StateIconSprite must be on the page). */
export function StateIconUse({ state, className }: { state: CrmTaskState; className?: string }) {
  return (
    <svg aria-hidden="true" className={cx('size-4 shrink-0', className)}>
      <use href={`#${spriteId(state)}`} />
    </svg>
  );
}

/** The overdue mark drawn from the sprite (StateIconSprite must be on the page). */
export function OverdueIconUse({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${OVERDUE_SPRITE_ID}`} />
    </svg>
  );
}

/** A state as a pill: icon and label. */
export function StateBadge({ state, className }: { state: CrmTaskState; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STATE_LOOKS[state].className,
        className,
      )}
    >
      <StateIcon state={state} className="size-3.5" />
      {CRM_STATE_LABELS[state]}
    </span>
  );
}

/** The key to the matrix's colours and icons. */
export function StateLegend() {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="crm-legend">
      <h2 className="text-sm font-semibold text-muted">Key:</h2>
      <ul className="flex flex-wrap gap-2">
        {CRM_TASK_STATES.map((state) => (
          <li key={state}>
            <StateBadge state={state} />
          </li>
        ))}
      </ul>
    </div>
  );
}
