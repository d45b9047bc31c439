import { queryOptions, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { SafeSwitch, SiteStatus } from '../../../contracts/safe-control';
import { switchStoppingAction } from '../../../contracts/safe-switch-rule';
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

/**
 * The switch that stops an action paused by `name` (the read-only site stops them all), null while none is on or
 * the status is unknown: pages disable what the server would refuse.
 */
export function useStoppingSwitch(name: SafeSwitch): SafeSwitch | null {
  const on = useSiteStatus().data?.on ?? [];
  return switchStoppingAction((candidate) => on.includes(candidate), name);
}

/** Whether an action paused by `name` is stopped now (by it or by the read-only site). */
export function useSiteSwitch(name: SafeSwitch): boolean {
  return useStoppingSwitch(name) !== null;
}

const PausedRefusal = lazyNamed(loadLazy, 'PausedRefusal');

/**
 * While an action is stopped (its switch or the read-only site on), the refusal its requests would get, shown
 * where the action is (the page disables the action itself with `useSiteSwitch`). Nothing while neither is on.
 */
export function PausedNotice({ name, className }: { name: SafeSwitch; className?: string }) {
  const stopping = useStoppingSwitch(name);
  if (stopping === null) return null;
  return (
    <Suspense fallback={null}>
      <PausedRefusal name={stopping} className={className} />
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
