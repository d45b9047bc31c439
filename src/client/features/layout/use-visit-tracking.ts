import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { VISIT_DELAY_MS } from '../../../domain/visitor-analytics';
import { onConsentChange, readConsent } from '../../lib/cookie-consent';

/** The sending code and its schema load only for a visitor who accepted: off every page's first load. */
const loadTracker = () => import('../../lib/visit-tracker');

/**
 * Records a visit 1 s after a page is shown, at most once per 10 minutes per tab, only with the visitor's consent
 * (ADR 034); a declined or withdrawn choice removes this tab's visit session from the device.
 */
export function useVisitTracking(): void {
  const { pathname } = useLocation();
  const [consentVersion, setConsentVersion] = useState(0);
  useEffect(
    () =>
      onConsentChange(() => {
        if (readConsent()?.choice !== 'accepted')
          void loadTracker().then((tracker) => tracker.forgetVisitSession());
        setConsentVersion((version) => version + 1);
      }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or a new choice starts the 1 s wait again.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (readConsent()?.choice === 'accepted')
        void loadTracker().then((tracker) => tracker.sendVisitIfDue(pathname));
    }, VISIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, consentVersion]);
}

/** The hook as a component, for the root layout to load lazily after hydration (off every first load). */
export function VisitTracking(): null {
  useVisitTracking();
  return null;
}
