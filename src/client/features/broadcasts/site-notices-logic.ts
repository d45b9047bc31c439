import type { BroadcastStyle, CurrentBroadcasts } from '../../../contracts/broadcasts';
import type { SiteStatus } from '../../../contracts/safe-control';

/** One banner docked at the foot of the page: a safe-control switch's, or a broadcast (closable when it says so). */
export interface SiteNotice {
  key: string;
  message: string;
  style: BroadcastStyle;
  /** The broadcast's id when the visitor may close it, else null. */
  dismissId: number | null;
}

const STYLE_ORDER: Record<BroadcastStyle, number> = { urgent: 0, warning: 1, info: 2 };

/**
 * What to show, most pressing first: the switches' banners (warnings, the ones with text), then the broadcasts
 * by style (urgent, warning, information), each in the server's order, leaving out those this browser closed.
 */
export function pickNotices(
  status: SiteStatus | undefined,
  current: CurrentBroadcasts | undefined,
  dismissed: readonly number[],
): SiteNotice[] {
  const banners: SiteNotice[] = (status?.banners ?? [])
    .filter((banner) => banner.text.trim() !== '')
    .map((banner) => ({
      key: `switch-${banner.switch}`,
      message: banner.text,
      style: 'warning',
      dismissId: null,
    }));
  const broadcasts: SiteNotice[] = (current?.broadcasts ?? [])
    .filter((broadcast) => !(broadcast.dismissable && dismissed.includes(broadcast.id)))
    .map((broadcast, index) => ({ broadcast, index }))
    .sort((a, b) => STYLE_ORDER[a.broadcast.style] - STYLE_ORDER[b.broadcast.style] || a.index - b.index)
    .map(({ broadcast }) => ({
      key: `broadcast-${broadcast.id}`,
      message: broadcast.message,
      style: broadcast.style,
      dismissId: broadcast.dismissable ? broadcast.id : null,
    }));
  return [...banners, ...broadcasts];
}

/** A refetch after the server's moment has surely passed on its clock too. */
export const NEXT_CHANGE_MARGIN_MS = 300;
/** Never sooner than this (a moment already past, or a server clock behind this one): no refetch loop. */
export const MIN_REFETCH_DELAY_MS = 1_000;
/** setTimeout overflows past 2^31 ms; a moment further off is looked at again after a day. */
export const MAX_REFETCH_DELAY_MS = 24 * 60 * 60 * 1000;

/** How long to wait before asking again for an answer that changes by itself at `nextChangeAt`; null: never. */
export function refetchDelay(nextChangeAt: string | null | undefined, now: number): number | null {
  if (!nextChangeAt) return null;
  const at = Date.parse(nextChangeAt);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_REFETCH_DELAY_MS, Math.max(MIN_REFETCH_DELAY_MS, at - now + NEXT_CHANGE_MARGIN_MS));
}
