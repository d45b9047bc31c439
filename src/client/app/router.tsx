import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAccess } from '../features/auth/require-access';
import { AdminTutorialLauncher } from '../features/tutorial/tutorial-launcher';
import { lazyPage } from '../lib/lazy-page';
import { PUBLIC_PAGES } from './public-pages';
import { RootLayout } from './root-layout';

const registration = lazyPage(
  () => import('../features/registrations/registration-page'),
  'RegistrationPage',
);
const offlineCheckout = lazyPage(
  () => import('../features/payments/offline-checkout-page'),
  'OfflineCheckoutPage',
);
const login = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const resetPassword = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const accountSettings = lazyPage(
  () => import('../features/account/account-settings-page'),
  'AccountSettingsPage',
);
const myRegistrations = lazyPage(
  () => import('../features/registrations/my-registrations-page'),
  'MyRegistrationsPage',
);
const registrationSuccess = lazyPage(
  () => import('../features/registrations/registration-success-page'),
  'RegistrationSuccessPage',
);
const registrationStatus = lazyPage(
  () => import('../features/registrations/registration-status-page'),
  'RegistrationStatusPage',
);
const registrationTeams = lazyPage(
  () => import('../features/registrations/registration-teams-page'),
  'RegistrationTeamsPage',
);
// The teacher's page for the day (issue #30): byes and withdrawals, by the registration's link or as its owner.
const rosterChanges = lazyPage(
  () => import('../features/roster-changes/roster-changes-page'),
  'RosterChangesPage',
);
const guardianConsent = lazyPage(
  () => import('../features/guardian-consent/guardian-consent-page'),
  'GuardianConsentPage',
);
// Team tasks (the CRM): its route table is its own chunk, like the admin area's.
const crmRoutes = lazyPage(() => import('../features/crm/crm-routes'), 'CrmRoutes');
// A task reminder's unsubscribe link (public; drawn in the browser only, not listed in public-pages.ts).
const follow = lazyPage(() => import('../features/follows/follow-page'), 'FollowPage');
const crmUnsubscribe = lazyPage(() => import('../features/crm/crm-unsubscribe-page'), 'CrmUnsubscribePage');
const invite = lazyPage(() => import('../features/invites/invite-info-page'), 'InviteInfoPage');
const onboard = lazyPage(() => import('../features/invites/onboard-page'), 'OnboardPage');
const playerDashboard = lazyPage(
  () => import('../features/player-dashboard/player-dashboard-page'),
  // Players are refused it while the `player_dashboard_open` setting is off (docs/requirements.md §2).
  'GuardedPlayerDashboardPage',
);
const printRoot = lazyPage(() => import('../features/print/print-root'), 'PrintRoot');
const printPairings = lazyPage(() => import('../features/print/print-pairings-page'), 'PrintPairingsPage');
const printStandings = lazyPage(() => import('../features/print/print-standings-page'), 'PrintStandingsPage');
const printBoardCards = lazyPage(
  () => import('../features/print/print-board-cards-page'),
  'PrintBoardCardsPage',
);
const printBadges = lazyPage(() => import('../features/print/print-badges-page'), 'PrintBadgesPage');
// Reporting a result from a phone with a badge (ADR 040): public, the badge is the credential.
const report = lazyPage(() => import('../features/result-reports/report-page'), 'ReportPage');
// The prize list (ADR 043): public, live with the standings.
const prizes = lazyPage(() => import('../features/prizes/prizes-page'), 'PrizesPage');
// The door kiosk (ADR 031): full screen, without the site header and navigation; its scanner is a chunk of its own.
const kiosk = lazyPage(() => import('../features/checkin/kiosk-page'), 'KioskPage');
// The hall's screens (ADR 042): full screen, opened by a screen code, without the site's header or notices.
const screenDisplay = lazyPage(
  () => import('../features/venue-screens/screen-display-page'),
  'ScreenDisplayPage',
);
// The admin area's route table is its own chunk: staff download it, the public never does.
const adminRoutes = lazyPage(() => import('../features/admin/admin-routes'), 'AdminRoutes');
const notFound = lazyPage(() => import('../features/errors/not-found-page'), 'NotFoundPage');

const home = PUBLIC_PAGES['/'].element;
const page = (path: keyof typeof PUBLIC_PAGES) => PUBLIC_PAGES[path].element;

/** The one route table (docs/requirements.md §2), with each signed-in route's guard (docs/requirements.md §4). */
export function AppRoutes() {
  return (
    <Routes>
      {/* Print views: public, without the site header, navigation and footer. */}
      <Route path="print" element={<Suspense fallback={null}>{printRoot}</Suspense>}>
        <Route path="pairings" element={printPairings} />
        <Route path="standings" element={printStandings} />
        <Route path="board-cards" element={printBoardCards} />
        <Route path="badges" element={printBadges} />
        <Route path="*" element={notFound} />
      </Route>
      <Route path="mss-nfc-access" element={<Suspense fallback={null}>{kiosk}</Suspense>} />
      <Route path="screen" element={<Suspense fallback={null}>{screenDisplay}</Suspense>} />
      <Route path="screen/:code" element={<Suspense fallback={null}>{screenDisplay}</Suspense>} />
      <Route element={<RootLayout />}>
        <Route index element={home} />
        <Route
          path="home"
          element={
            <>
              {home}
              <AdminTutorialLauncher />
            </>
          }
        />
        <Route path="leaderboard" element={page('/leaderboard')} />
        <Route path="player-lookup" element={page('/player-lookup')} />
        <Route path="important-information" element={page('/important-information')} />
        <Route path="registration-guide" element={page('/registration-guide')} />
        <Route path="how-the-day-works" element={page('/how-the-day-works')} />
        <Route path="site-navigation" element={page('/site-navigation')} />
        <Route path="privacy" element={page('/privacy')} />
        <Route path="report" element={report} />
        <Route path="prizes" element={prizes} />
        <Route path="follow" element={follow} />
        <Route path="registration" element={registration} />
        <Route path="registration/offline-checkout/:sessionId" element={offlineCheckout} />
        <Route path="registration/success" element={registrationSuccess} />
        <Route path="registration-status" element={registrationStatus} />
        <Route path="registration/status" element={registrationStatus} />
        <Route path="registration/teams/:registrationId" element={registrationTeams} />
        <Route path="registration/roster/:registrationId" element={rosterChanges} />
        <Route path="registration/consent/:playerId" element={guardianConsent} />
        <Route path="crm-unsubscribe/:token" element={crmUnsubscribe} />
        <Route path="login" element={login} />
        <Route path="reset-password" element={resetPassword} />
        <Route path="invite" element={invite} />
        <Route path="onboard/:token" element={onboard} />
        <Route
          path="account-settings"
          element={<RequireAccess rule="signed-in">{accountSettings}</RequireAccess>}
        />
        <Route
          path="my-registrations"
          element={<RequireAccess rule="anyRole">{myRegistrations}</RequireAccess>}
        />
        <Route
          path="player-dashboard"
          element={<RequireAccess rule="anyRole">{playerDashboard}</RequireAccess>}
        />
        <Route path="crm/*" element={<RequireAccess rule="crm">{crmRoutes}</RequireAccess>} />
        <Route path="admin/*" element={<RequireAccess rule="admin-area">{adminRoutes}</RequireAccess>} />
        <Route path="*" element={notFound} />
      </Route>
    </Routes>
  );
}
