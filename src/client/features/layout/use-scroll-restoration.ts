import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** docs/requirements.md §2: Contact Us from another page scrolls to the section after about 100 ms. */
export const HASH_SCROLL_DELAY_MS = 100;
const HASH_SCROLL_ATTEMPTS = 40;

/**
 * On navigation: to a #hash, scroll to that element after ~100 ms, retrying while the page is still
 * loading its data; to a new page or a new search (another player on the lookup page), start at the top.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const address = location.pathname + location.search;
  const previousAddress = useRef(address);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key re-runs it when the same link is followed again
  useEffect(() => {
    const addressChanged = previousAddress.current !== address;
    previousAddress.current = address;
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!id) {
      if (addressChanged) window.scrollTo(0, 0);
      return;
    }
    let attempts = 0;
    let timer = window.setTimeout(function tryScroll() {
      const target = document.getElementById(id);
      if (target) {
        const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
        return;
      }
      attempts += 1;
      if (attempts < HASH_SCROLL_ATTEMPTS) timer = window.setTimeout(tryScroll, HASH_SCROLL_DELAY_MS);
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [address, location.hash, location.key]);
}
