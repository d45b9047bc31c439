import { useEffect, useState } from 'react';
import { OfflineNotice } from '../../components/offline-notice';
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

/**
 * The banners under the header on every page, public and admin: the safe-control switches' banners and the
 * broadcasts for this visitor. Mounted only after hydration (app/root-layout.tsx): a server-drawn page's HTML and
 * first paint never include them, and they arrive live (the 'settings' and 'broadcasts' topics).
 */
export function SiteNotices() {
  const status = useSiteStatus();
  const current = useCurrentBroadcasts();
  const [dismissed, setDismissed] = useState(readDismissed);
  useRefetchAt(status.data?.nextChangeAt, status.dataUpdatedAt, status.refetch);
  useRefetchAt(current.data?.nextChangeAt, current.dataUpdatedAt, current.refetch);

  const notices = pickNotices(status.data, current.data, dismissed);
  return (
    <>
      {/* Offline, the page is the device's last copy (ADR 033); this module loads on every page after hydration. */}
      <OfflineNotice />
      {notices.length === 0 ? null : <SiteNoticeList notices={notices} setDismissed={setDismissed} />}
    </>
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
