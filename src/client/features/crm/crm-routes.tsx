import { Suspense, useEffect } from 'react';
import { NavLink, Outlet, Route, Routes } from 'react-router';
import { type AccessName, may } from '../../../domain/access-rules';
import { Container } from '../../components/ui/container';
import { cx } from '../../components/ui/cx';
import { Spinner } from '../../components/ui/spinner';
import { lazyPage, preloadablePage } from '../../lib/lazy-page';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../auth/queries';
import { RequireAccess } from '../auth/require-access';
import { rememberCrmAccess } from './crm-early';

const overviewPage = preloadablePage(() => import('./crm-overview-page'), 'CrmOverviewPage');
const tasksPage = preloadablePage(() => import('./crm-tasks-page'), 'CrmTasksPage');
const overview = overviewPage.element;
const tasks = tasksPage.element;

/** The page's code, loaded before the browser takes over a CRM page the server drew (ADR 037). */
export function preloadCrmPage(path: string): Promise<void> {
  return path.replace(/\/+$/, '') === '/crm' ? overviewPage.preload() : tasksPage.preload();
}
const school = lazyPage(() => import('./crm-school-page'), 'CrmSchoolPage');
const settings = lazyPage(() => import('./crm-settings-page'), 'CrmSettingsPage');
const analytics = lazyPage(() => import('./crm-analytics-page'), 'CrmAnalyticsPage');
const systemLogs = lazyPage(() => import('./crm-log-page'), 'CrmLogPage');
const notFound = lazyPage(() => import('../errors/not-found-page'), 'NotFoundPage');

const SECTIONS: readonly { to: string; label: string; end: boolean; rule: AccessName }[] = [
  { to: '/crm', label: 'Overview', end: true, rule: 'crm' },
  { to: '/crm/tasks', label: 'Tasks', end: false, rule: 'crm' },
  { to: '/crm/analytics', label: 'Analytics', end: false, rule: 'crm' },
  { to: '/crm/settings', label: 'Settings', end: false, rule: 'crm' },
  { to: '/crm/system-logs', label: 'Log', end: false, rule: 'crmAdmin' },
];

/**
 * The CRM frame: a sub-navigation (Overview, Tasks, Analytics, Settings, and Log for crm_admin) and the page,
 * wide for the board.
 */
export function CrmLayout() {
  const session = useSession();
  const isHydrated = useHydrated();
  const mayOpen = (name: AccessName) => session.status === 'signed-in' && may(session.access, name);
  // The next visit starts this browser's CRM reads at once (ADR 030).
  useEffect(rememberCrmAccess, []);
  return (
    <Container className="flex flex-col gap-6 py-6 lg:py-10">
      <nav aria-label="Team tasks">
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
          {SECTIONS.filter((section) => mayOpen(section.rule)).map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  cx(
                    'block whitespace-nowrap rounded-xl px-3 py-2 text-sm font-medium no-underline transition-colors',
                    isActive ? 'bg-primary text-on-primary' : 'text-fg hover:bg-surface-muted',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/*
       * A page the server drew (ADR 037) answers once the browser has taken it over: until then it is inert, so a
       * change made in that second (a card's "Move to…") cannot be silently dropped.
       */}
      <div className="min-w-0" inert={!isHydrated}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </Container>
  );
}

/**
 * The /crm route table (issue #15, docs/requirements.md §2): its own chunk, behind `crm` in app/router.tsx; the
 * activity log needs `crmAdmin`: staff inside the CRM without it get the Access Denied page in place, as in the
 * admin area (a player never gets this far: the `crm` guard sends them home).
 */
export function CrmRoutes() {
  return (
    <Routes>
      <Route element={<CrmLayout />}>
        <Route index element={overview} />
        <Route path="tasks" element={tasks} />
        <Route path="teams/:id" element={school} />
        <Route path="settings" element={settings} />
        <Route path="analytics" element={analytics} />
        <Route
          path="system-logs"
          element={
            <RequireAccess rule="crmAdmin" denied="page">
              {systemLogs}
            </RequireAccess>
          }
        />
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}
