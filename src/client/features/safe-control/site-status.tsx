import { queryOptions, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { SafeSwitch, SiteStatus } from '../../../contracts/safe-control';
import { lazyNamed } from '../../lib/lazy-page';
import { queryKeys } from '../../lib/query-keys';
import { useHydrated } from '../../lib/use-hydrated';

/*
 * The safe-control switches as every page sees them. This module is in the first load of the pages that ask
 * (the registration page's budget is tight): the contract's schema and refusal texts load with the first read
 * (site-status-lazy.tsx), after hydration.
 */

const loadLazy = () => import('./site-status-lazy');

/**
 * Which switches are on and the banners to show (public). Live: a change of the switches' settings row refetches
 * it (lib/live-updates.ts); the site notices refetch it at its `nextChangeAt` too. Quiet: a page that cannot
 * read it behaves as if every switch were off (the server refuses what is paused anyway).
 */
export const siteStatusQuery = queryOptions({
  queryKey: queryKeys.siteStatus,
  queryFn: async ({ signal }): Promise<SiteStatus> => (await loadLazy()).fetchSiteStatus(signal),
  meta: { quiet: true },
});

/**
 * The site status, read only after hydration: a server-drawn page (ADR 023) was drawn without it, and its first
 * draft in the browser must be the same.
 */
export function useSiteStatus() {
  return useQuery({ ...siteStatusQuery, enabled: useHydrated() });
}

/** Whether a switch is on (false while unknown): pages disable what the server would refuse. */
export function useSiteSwitch(name: SafeSwitch): boolean {
  return useSiteStatus().data?.on.includes(name) ?? false;
}

const PausedRefusal = lazyNamed(loadLazy, 'PausedRefusal');

/**
 * While a switch is on, the refusal its requests would get, where the paused action is (the page disables the
 * action itself with `useSiteSwitch`). Nothing while it is off or unknown.
 */
export function PausedNotice({ name, className }: { name: SafeSwitch; className?: string }) {
  if (!useSiteSwitch(name)) return null;
  return (
    <Suspense fallback={null}>
      <PausedRefusal name={name} className={className} />
    </Suspense>
  );
}

const SafeControlChipList = lazyNamed(loadLazy, 'SafeControlChipList');

/**
 * The admin chrome's strip of switches that are on, a chip each, for every staff member (app bar). A superadmin's
 * chips lead to /admin/safe-control; for anyone else they are plain text.
 */
export function SafeControlChips({ canManage }: { canManage: boolean }) {
  const on = useSiteStatus().data?.on ?? [];
  if (on.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SafeControlChipList on={on} canManage={canManage} />
    </Suspense>
  );
}
