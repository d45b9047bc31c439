import { Cookie } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cookieBannerText } from '../../../contracts/privacy';
import { DEFAULT_RETENTION } from '../../../domain/retention';
import { Button } from '../../components/ui/button';
import { type ConsentChoice, onConsentChange, readConsent, storeConsent } from '../../lib/cookie-consent';
import { useHydrated } from '../../lib/use-hydrated';
import { useHome } from '../home/queries';

/**
 * Shown until the visitor accepts or declines; the choice is stored with its date and asked again after 6 months.
 * Sticky, not fixed: it takes its own place after the page, so at the end of any page (e.g. the last board's
 * result buttons on an admin page) nothing is left underneath it, and every control can be scrolled clear.
 */
export function CookieBanner() {
  // The stored choice is the browser's. A server-drawn page carries the banner for everyone; theme-init.js hides
  // it before the first paint when a choice is stored (data-cookie-choice on <html>), and once hydrated the
  // banner goes for good, or, if that choice had expired, shows again. Drawn from the first paint, it never
  // appears late (as the page's largest paint) or moves anything.
  const isHydrated = useHydrated();
  const visitorDays = useHome().data?.retention.visitorDays ?? DEFAULT_RETENTION.visitorDays;
  // The stored choice as this banner last read it: a change (a choice made here, "Cookie settings" in the footer
  // withdrawing it) is read again, so the banner draws itself again whatever else on the page does not. A choice
  // made here counts even where the browser refuses to store it (storeConsent returns it all the same).
  const [consent, setConsent] = useState(() => (typeof window === 'undefined' ? null : readConsent()));
  const isOpen = !isHydrated || consent === null;
  useEffect(() => {
    if (isHydrated && isOpen) delete document.documentElement.dataset.cookieChoice;
  }, [isHydrated, isOpen]);
  // "Cookie settings" in the footer withdraws the choice: the banner asks again.
  useEffect(() => onConsentChange(() => setConsent(readConsent())), []);
  if (!isOpen) return null;

  const choose = (choice: ConsentChoice) => setConsent(storeConsent(choice));

  return (
    <section
      data-cookie-banner=""
      aria-labelledby="cookie-notice-title"
      className="sticky bottom-3 z-50 mx-3 mb-3 self-center rounded-2xl border border-line bg-surface p-4 text-fg shadow-2xl shadow-black/30 sm:mx-6 sm:max-w-3xl sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Cookie aria-hidden="true" className="hidden size-8 shrink-0 text-accent-text sm:block" />
        <div className="flex-1 text-sm">
          <h2 id="cookie-notice-title" className="font-semibold">
            Cookies on this site
          </h2>
          <p className="mt-1 text-muted">
            {cookieBannerText(visitorDays)} Read our{' '}
            <Link to="/privacy#privacy-policy" className="font-medium text-link underline">
              privacy policy
            </Link>
            .
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button variant="primary" onClick={() => choose('accepted')}>
            Accept
          </Button>
          <Button variant="primary" onClick={() => choose('declined')}>
            Decline
          </Button>
        </div>
      </div>
    </section>
  );
}
