import { Route, Routes } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { RequireAccess } from '../auth/require-access';
import { adminPage } from './admin-pages';

/** An admin page behind its docs/requirements.md §2 permission; staff lacking it see the Access Denied page in the admin frame. */
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

const adminLayout = lazyPage(() => import('./admin-layout'), 'AdminLayout');
const adminIndex = lazyPage(() => import('./admin-layout'), 'AdminIndexRedirect');
const adminWelcome = lazyPage(() => import('./admin-welcome-page'), 'AdminWelcomePage');
const userManagement = lazyPage(
  () => import('../user-management/user-management-page'),
  'UserManagementPage',
);
const settings = lazyPage(() => import('../settings/site-settings-page'), 'SiteSettingsPage');
const recaptchaSettings = lazyPage(
  () => import('../bot-protection/bot-protection-settings-page'),
  'BotProtectionSettingsPage',
);
const importantInformationSettings = lazyPage(
  () => import('../site-content/important-information-settings-page'),
  'ImportantInformationSettingsPage',
);
const matchResults = lazyPage(() => import('../match-results/match-results-page'), 'MatchResultsPage');
const resultReports = lazyPage(() => import('../result-reports/result-reports-page'), 'ResultReportsPage');
const rosterRules = lazyPage(() => import('../roster-changes/roster-rules-page'), 'RosterRulesPage');
const rosterRequests = lazyPage(() => import('../roster-changes/roster-requests-page'), 'RosterRequestsPage');
const adminDashboard = lazyPage(() => import('../match-results/dashboard-page'), 'DashboardPage');
const roundManagement = lazyPage(
  () => import('../round-management/round-management-page'),
  'RoundManagementPage',
);
const tournamentManagement = lazyPage(
  () => import('../tournament-management/tournament-management-page'),
  'TournamentManagementPage',
);
const checkinDesk = lazyPage(() => import('../checkin/checkin-desk-page'), 'CheckinDeskPage');
const checkinOverview = lazyPage(() => import('../checkin/checkin-overview-page'), 'CheckinOverviewPage');
const checkinSettings = lazyPage(() => import('../checkin/checkin-settings-page'), 'CheckinSettingsPage');
const checkinBadges = lazyPage(() => import('../checkin/checkin-badges-page'), 'CheckinBadgesPage');
const playerManagement = lazyPage(
  () => import('../player-management/player-management-page'),
  'PlayerManagementPage',
);
const adminPlayerLookup = lazyPage(
  () => import('../admin-player-lookup/admin-player-lookup-page'),
  'AdminPlayerLookupPage',
);
const manageRegistrations = lazyPage(
  () => import('../manage-registrations/manage-registrations-page'),
  'ManageRegistrationsPage',
);
const billingOverview = lazyPage(
  () => import('../billing-overview/billing-overview-page'),
  'BillingOverviewPage',
);
const systemLogs = lazyPage(() => import('../system-logs/system-logs-page'), 'SystemLogsPage');
const superAdminDashboard = lazyPage(
  () => import('../system-status/super-admin-dashboard-page'),
  'SuperAdminDashboardPage',
);
const visitorAnalytics = lazyPage(
  () => import('../visitor-analytics/visitor-analytics-page'),
  'VisitorAnalyticsPage',
);
const broadcasts = lazyPage(() => import('../broadcasts/broadcasts-page'), 'BroadcastsPage');
const prizes = lazyPage(() => import('../prizes/prizes-admin-page'), 'PrizesAdminPage');
const sections = lazyPage(() => import('../sections/sections-page'), 'SectionsPage');
const venueScreens = lazyPage(() => import('../venue-screens/venue-screens-page'), 'VenueScreensPage');
const safeControl = lazyPage(() => import('../safe-control/safe-control-page'), 'SafeControlPage');
const backups = lazyPage(() => import('../backups/backups-page'), 'BackupsPage');
const notFound = lazyPage(() => import('../errors/not-found-page'), 'NotFoundPage');

/** The /admin route table (docs/requirements.md §2): the admin layout, and each page behind its permission. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={adminLayout}>
        <Route index element={adminIndex} />
        {adminRoute('welcome', adminWelcome)}
        {adminRoute('dashboard', adminDashboard)}
        {adminRoute('match-results', matchResults)}
        {adminRoute('result-reports', resultReports)}
        {adminRoute('tournament-management', tournamentManagement)}
        {adminRoute('user-management', userManagement)}
        {adminRoute('player-management', playerManagement)}
        {adminRoute('admin-player-lookup', adminPlayerLookup)}
        {adminRoute('manage-registrations', manageRegistrations)}
        {adminRoute('billing-overview', billingOverview)}
        {adminRoute('system-logs', systemLogs)}
        {adminRoute('super-admin-dashboard', superAdminDashboard)}
        {adminRoute('analytics', visitorAnalytics)}
        {adminRoute('backups', backups)}
        {adminRoute('broadcasts', broadcasts)}
        {adminRoute('screens', venueScreens)}
        {adminRoute('prizes', prizes)}
        {adminRoute('sections', sections)}
        {adminRoute('safe-control', safeControl)}
        {adminRoute('checkin-desk', checkinDesk)}
        {adminRoute('checkin-overview', checkinOverview)}
        {adminRoute('checkin-settings', checkinSettings)}
        {adminRoute('checkin-badges', checkinBadges)}
        {adminRoute('round-management', roundManagement)}
        {adminRoute('roster-rules', rosterRules)}
        {adminRoute('roster-requests', rosterRequests)}
        {adminRoute('settings', settings)}
        {adminRoute('recaptcha-settings', recaptchaSettings)}
        {adminRoute('important-information-settings', importantInformationSettings)}
        <Route path="*" element={notFound} />
      </Route>
    </Routes>
  );
}
