import { Info, OctagonAlert, TriangleAlert, X } from 'lucide-react';
import { BROADCAST_STYLE_LABELS, type BroadcastStyle } from '../../../contracts/broadcasts';
import { cx } from '../../components/ui/cx';

/**
 * Each style in its own colours (information blue, warning amber, urgent red with a heavier border), all pairs
 * of the theme tokens that pass WCAG AA in the light, dark and custom themes (app/styles.css).
 */
const STYLES: Record<BroadcastStyle, { className: string; Icon: typeof Info }> = {
  info: { className: 'border-draw/30 bg-draw-bg text-draw', Icon: Info },
  warning: { className: 'border-warn/40 bg-warn-bg text-warn', Icon: TriangleAlert },
  urgent: { className: 'border-loss border-y-2 bg-loss-bg text-loss', Icon: OctagonAlert },
};

/**
 * One message docked at the foot of the screen, as every page shows it (and the broadcasts page previews it). Live (`live`),
 * an urgent one is an alert and the others a status, so screen readers announce them when they appear.
 */
export function NoticeBanner({
  message,
  style,
  onDismiss,
  live = true,
  isPreview = false,
  className,
}: {
  message: string;
  style: BroadcastStyle;
  /** The close button (a closable broadcast); in a preview the cross is only drawn. */
  onDismiss?: (() => void) | undefined;
  live?: boolean;
  isPreview?: boolean;
  className?: string;
}) {
  const { className: tone, Icon } = STYLES[style];
  return (
    <div
      role={live ? (style === 'urgent' ? 'alert' : 'status') : undefined}
      data-notice-style={style}
      className={cx('border-t', tone, className)}
    >
      <div className="mx-auto flex w-full max-w-6xl items-start gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="min-w-0 flex-1 whitespace-pre-line break-words font-medium">
          <span className="sr-only">{BROADCAST_STYLE_LABELS[style]}: </span>
          {message}
        </p>
        {onDismiss && isPreview ? (
          <X aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        ) : onDismiss ? (
          <button
            type="button"
            onClick={onDismiss}
            className="-my-1.5 -mr-2 grid size-9 shrink-0 place-items-center rounded-lg hover:bg-black/5 dark:hover:bg-white/10"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close this message</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
