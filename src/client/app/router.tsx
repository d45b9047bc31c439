import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { adminPage } from '../features/admin/admin-pages';
import { RequireAccess } from '../features/auth/require-access';
import { RootLayout } from './root-layout';

/**
 * React.lazy for named exports: every page is its own chunk, shown under the 'Loading...' spinner.
 * Declarative routes (not a data router) keep about 18 kB gzipped of router code off the first load.
 */
function lazyPage<M, K extends keyof M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  name: K,
  props?: P,
) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  return <Page {...(props as P)} />;
}

/** An admin page behind its SPEC §2 permission; staff lacking it see the Access Denied page in the admin frame. */
function adminRoute(path: string, page: React.ReactElement) {
  return (
    <Route
      path={path}
      element={
        <RequireAccess rule={adminPage(path).rule} denied="page">
          {page}
        </RequireAccess>
      }
    />
  );
}

const home = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const leaderboard = lazyPage(() => import('../features/leaderboard/leaderboard-page'), 'LeaderboardPage');
const playerLookup = lazyPage(
  () => import('../features/player-lookup/player-lookup-page'),
  'PlayerLookupPage',
);
const importantInformation = lazyPage(
  () => import('../features/info/important-information-page'),
  'ImportantInformationPage',
);
const registrationGuide = lazyPage(
  () => import('../features/info/registration-guide-page'),
  'RegistrationGuidePage',
);
const siteNavigation = lazyPage(() => import('../features/info/site-navigation-page'), 'SiteNavigationPage');
const privacy = lazyPage(() => import('../features/info/privacy-page'), 'PrivacyPage');
const registration = lazyPage(() => import('../features/registration/registration-page'), 'RegistrationPage');
const login = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const resetPassword = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const accountSettings = lazyPage(
  () => import('../features/account/account-settings-page'),
  'AccountSettingsPage',
);
const myRegistrations = lazyPage(() => import('../features/coming-soon/coming-soon-page'), 'ComingSoonPage', {
  title: 'My Registrations',
  description:
    'Your team registrations and payments will be listed here once online registration opens. Until then, the organisers keep your entries.',
});
const crm = lazyPage(() => import('../features/coming-soon/coming-soon-page'), 'ComingSoonPage', {
  title: 'Team Tasks (CRM)',
  description: 'The staff task board, team records and analytics are being built and will appear here.',
});
const adminLayout = lazyPage(() => import('../features/admin/admin-layout'), 'AdminLayout');
const adminIndex = lazyPage(() => import('../features/admin/admin-layout'), 'AdminIndexRedirect');
const adminWelcome = lazyPage(() => import('../features/admin/admin-welcome-page'), 'AdminWelcomePage');
const userManagement = lazyPage(
  () => import('../features/user-management/user-management-page'),
  'UserManagementPage',
);
const notFound = lazyPage(() => import('../features/errors/not-found-page'), 'NotFoundPage');

/** The one route table (SPEC §2), with each signed-in route's guard (SPEC §4). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={home} />
        <Route path="home" element={home} />
        <Route path="leaderboard" element={leaderboard} />
        <Route path="player-lookup" element={playerLookup} />
        <Route path="important-information" element={importantInformation} />
        <Route path="registration-guide" element={registrationGuide} />
        <Route path="site-navigation" element={siteNavigation} />
        <Route path="privacy" element={privacy} />
        <Route path="registration" element={registration} />
        <Route path="login" element={login} />
        <Route path="reset-password" element={resetPassword} />
        <Route
          path="account-settings"
          element={<RequireAccess rule="signed-in">{accountSettings}</RequireAccess>}
        />
        <Route
          path="my-registrations"
          element={
            <RequireAccess rule={{ roles: ['player', 'admin', 'superadmin'] }}>
              {myRegistrations}
            </RequireAccess>
          }
        />
        <Route
          path="crm"
          element={<RequireAccess rule={{ permission: 'crm_access' }}>{crm}</RequireAccess>}
        />
        <Route path="admin" element={<RequireAccess rule="admin-area">{adminLayout}</RequireAccess>}>
          <Route index element={adminIndex} />
          {adminRoute('welcome', adminWelcome)}
          {adminRoute('user-management', userManagement)}
          <Route path="*" element={notFound} />
        </Route>
        <Route path="*" element={notFound} />
      </Route>
    </Routes>
  );
}
