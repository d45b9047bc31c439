import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { OFFLINE_PAGE_MESSAGES } from '../../contracts/offline-pages';
import { formatTime } from '../lib/format';
import { useOnline } from '../lib/use-online';

/** The service worker's cache of the public pages (vite.config.ts, ADR 033). */
const PUBLIC_PAGES_CACHE = 'public-pages';

/**
 * When the page was fetched, from the copy the service worker keeps: the Date header the server sent with it.
 * Null when there is no copy (never visited online, or no service worker).
 */
async function cachedPageTime(pathname: string): Promise<string | null> {
  if (!('caches' in window)) return null;
  const cached = await caches.match(pathname, { cacheName: PUBLIC_PAGES_CACHE, ignoreSearch: false });
  const date = cached?.headers.get('date');
  return date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : null;
}

/**
 * Offline, a public page is the last copy the device kept (ADR 033): say so, with the time it was fetched —
 * "last updated 14:32". Loaded after hydration on every page (so its code is cached before it is needed), and
 * registers the service worker then.
 */
export function OfflineNotice() {
  const isOnline = useOnline();
  const { pathname } = useLocation();
  const [fetchedAt, setFetchedAt] = useState<string | null>(null);
  // The service worker is registered from here, not from the entry: nothing added to any page's first load.
  useEffect(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      void import('../lib/service-worker').then((module) => module.registerServiceWorker());
    }
  }, []);
  useEffect(() => {
    if (isOnline) return;
    let isCurrent = true;
    void cachedPageTime(pathname).then((time) => {
      if (isCurrent) setFetchedAt(time);
    });
    return () => {
      isCurrent = false;
    };
  }, [isOnline, pathname]);
  // Only a page the service worker kept (a public page) is a saved copy; staff pages say offline in their status.
  if (isOnline || !fetchedAt) return null;
  return (
    <div role="status" className="border-b border-draw/40 bg-draw-bg px-4 py-2 text-center text-sm text-fg">
      <p className="inline-flex flex-wrap items-center justify-center gap-x-2">
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
        <span>{OFFLINE_PAGE_MESSAGES.offlineCopy}</span>
        <strong>{OFFLINE_PAGE_MESSAGES.lastUpdated(formatTime(fetchedAt))}</strong>
      </p>
    </div>
  );
}
