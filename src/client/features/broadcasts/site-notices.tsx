import { Suspense, useEffect, useState } from 'react';
import { OfflineNotice } from '../../components/offline-notice';
import { onConsentChange } from '../../lib/cookie-consent';
import { lazyNamed } from '../../lib/lazy-page';
import { useSession } from '../auth/queries';
import { useSiteStatus } from '../safe-control/site-status';
import { useCurrentBroadcasts } from './current-broadcasts';
import { dismissBroadcast, readDismissed } from './dismissed-notices';
import { NoticeBanner } from './notice-banner';
import { pickNotices, refetchDelay } from './site-notices-logic';

/** Asks again when the answer changes by itself (a broadcast starts or ends, a switch's end time comes). */
function useRefetchAt(nextChangeAt: string | null | undefined, updatedAt: number, refetch: () => unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer (updatedAt) schedules again
  useEffect(() => {
    const delay = refetchDelay(nextChangeAt, Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [nextChangeAt, updatedAt]);
}

/** The gap between the cookie banner and the notices above it. */
const GAP_ABOVE_COOKIE_BANNER_PX = 8;

/**
 * How far above the foot of the screen the notices sit so that the cookie banner, while it asks, does not cover
 * them: its height and offset plus a gap, or 0 once it is gone. Measured when it changes size and when a choice is stored
 * (the banner then goes, and the notices settle at the foot after the visitor's own tap).
 */
function useCookieBannerClearance(): number {
  const [clearance, setClearance] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
      // Hidden by the stored choice before hydration (display: none), it has no box. Its own sticky offset
      // (cookie-banner.tsx) is read, not restated.
      if (!banner?.getClientRects().length) {
        setClearance(0);
        return;
      }
      const offset = Number.parseFloat(getComputedStyle(banner).bottom) || 0;
      setClearance(banner.offsetHeight + offset + GAP_ABOVE_COOKIE_BANNER_PX);
    };
    const remeasure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    measure();
    const banner = document.querySelector('[data-cookie-banner]');
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(remeasure);
    if (banner) resize?.observe(banner);
    const stopListening = onConsentChange(remeasure);
    return () => {
      cancelAnimationFrame(frame);
      resize?.disconnect();
      stopListening();
    };
  }, []);
  return clearance;
}

// A staff page reloaded offline opens from the copy this keeps (ADR 032): loaded for a signed-in user, and when
// offline for anyone, as the session is not known yet. A visitor who never signed in has not got its code cached:
// then it draws nothing rather than failing the page.
const KeepForOffline = lazyNamed(
  () => import('../auth/offline-session').catch(() => ({ KeepForOffline: () => null })),
  'KeepForOffline',
);

/**
 * The banners docked at the foot of every page, public and admin: the safe-control switches' banners and the
 * broadcasts for this visitor. Mounted only after hydration (app/root-layout.tsx): a server-drawn page's HTML and
 * first paint never include them, and they arrive live (the 'settings' and 'broadcasts' topics).
 */
export function SiteNotices() {
  const session = useSession().status;
  const status = useSiteStatus();
  const current = useCurrentBroadcasts();
  const [dismissed, setDismissed] = useState(readDismissed);
  useRefetchAt(status.data?.nextChangeAt, status.dataUpdatedAt, status.refetch);
  useRefetchAt(current.data?.nextChangeAt, current.dataUpdatedAt, current.refetch);

  const notices = pickNotices(status.data, current.data, dismissed);
  const bottom = useCookieBannerClearance();
  return (
    // Sticky at the foot of the screen and last in the page, so a notice arriving moves nothing on screen (ADR
    // 026); above the cookie banner while it asks, so neither hides the other.
    <div
      className="sticky bottom-0 z-40 flex flex-col shadow-[0_-6px_16px_rgb(0_0_0/0.12)] empty:hidden"
      style={bottom > 0 ? { bottom } : undefined}
    >
      {/* Offline, the page is the device's last copy (ADR 033); this module loads on every page after hydration. */}
      <OfflineNotice />
      {session === 'signed-in' || session === 'error' || !navigator.onLine ? (
        <Suspense fallback={null}>
          <KeepForOffline />
        </Suspense>
      ) : null}
      {notices.length === 0 ? null : <SiteNoticeList notices={notices} setDismissed={setDismissed} />}
    </div>
  );
}

function SiteNoticeList({
  notices,
  setDismissed,
}: {
  notices: ReturnType<typeof pickNotices>;
  setDismissed: (dismissed: ReturnType<typeof readDismissed>) => void;
}) {
  return (
    <div data-site-notices="">
      {notices.map((notice) => (
        <NoticeBanner
          key={notice.key}
          message={notice.message}
          style={notice.style}
          onDismiss={
            notice.dismissId === null
              ? undefined
              : () => {
                  setDismissed(dismissBroadcast(notice.dismissId as number));
                  // The close button goes away with its message: focus continues at the page.
                  document.getElementById('main-content')?.focus({ preventScroll: true });
                }
          }
        />
      ))}
    </div>
  );
}
