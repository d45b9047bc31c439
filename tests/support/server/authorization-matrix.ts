/**
 * Who may call each API route (T15): one row per route, checked against Fastify's route registry by
 * authorization-matrix.test.ts, which fails when a route has no row and exercises each row as every persona.
 * A new route without a row fails the build: access is denied by default.
 */
export const PERSONAS = [
  'anonymous',
  'player',
  'player-other',
  'frozen',
  'admin',
  'superadmin',
  'custom-role',
] as const;
export type Persona = (typeof PERSONAS)[number];

export interface MatrixRow {
  /** Personas that get through; everyone else must get 401 (anonymous) or 403 and no data. */
  allowed: readonly Persona[];
  /** The request to make, when the route's URL has parameters or needs a query. */
  path?: string;
  /** A server-sent events stream: exercised over real HTTP and closed once the status is known. */
  isStream?: boolean;
}

const EVERYONE = PERSONAS;
const SIGNED_IN_NOT_FROZEN: readonly Persona[] = [
  'player',
  'player-other',
  'admin',
  'superadmin',
  'custom-role',
];

/** Who holds crm_access among the personas (admin and superadmin by their standard roles). */
const CRM_STAFF: readonly Persona[] = ['admin', 'superadmin'];

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': { allowed: EVERYONE },
  'GET /api/ready': { allowed: EVERYONE },
  'GET /api/openapi.json': { allowed: EVERYONE },
  'GET /api/live': { allowed: EVERYONE, isStream: true },
  'GET /api/public/home': { allowed: EVERYONE },
  'GET /api/public/tournament': { allowed: EVERYONE },
  'GET /api/public/leaderboard': { allowed: EVERYONE },
  'GET /api/public/rounds/current': { allowed: EVERYONE },
  'GET /api/public/matches/recent': { allowed: EVERYONE },
  'GET /api/public/announcements': { allowed: EVERYONE },
  'GET /api/public/settings/home': { allowed: EVERYONE },
  'GET /api/public/settings/registration': { allowed: EVERYONE },
  'GET /api/public/players': { allowed: EVERYONE, path: '/api/public/players?name=polgar' },
  'GET /api/public/roster': { allowed: EVERYONE },
  'GET /api/public/day-rules': { allowed: EVERYONE },
  'GET /api/public/prizes': { allowed: EVERYONE },
  // Follows (ADR 045): a device follows with its own push subscription, no account.
  'GET /api/follows/key': { allowed: EVERYONE },
  'POST /api/follows/push': { allowed: EVERYONE },
  'DELETE /api/follows/push': { allowed: EVERYONE },
  'POST /api/follows/email': { allowed: EVERYONE },
  'POST /api/follows/email/confirm': { allowed: EVERYONE },
  'POST /api/follows/email/unsubscribe': { allowed: EVERYONE },
  // A visit is sent only after cookie consent (the browser's choice); anyone may send one.
  'POST /api/visits': { allowed: EVERYONE },
  // better-auth's own routes decide for themselves; the matrix checks that reading a session is open to all.
  'GET /api/auth/*': { allowed: EVERYONE, path: '/api/auth/get-session' },
  'POST /api/auth/*': { allowed: EVERYONE, path: '/api/auth/request-password-reset' },
  'GET /api/me': { allowed: SIGNED_IN_NOT_FROZEN },
  // Every signed-in user gets only their own linked player (player-other: player null, see its API test).
  'GET /api/me/player-dashboard': { allowed: SIGNED_IN_NOT_FROZEN },
  'GET /api/account/profile': { allowed: SIGNED_IN_NOT_FROZEN },
  'PUT /api/account/profile': { allowed: SIGNED_IN_NOT_FROZEN },
  'GET /api/account/preferences': { allowed: SIGNED_IN_NOT_FROZEN },
  'PUT /api/account/preferences': { allowed: SIGNED_IN_NOT_FROZEN },
  'GET /api/account/tutorial': { allowed: SIGNED_IN_NOT_FROZEN },
  'PUT /api/account/tutorial': { allowed: SIGNED_IN_NOT_FROZEN },
  'GET /api/account/export': { allowed: SIGNED_IN_NOT_FROZEN },
  'DELETE /api/account': { allowed: SIGNED_IN_NOT_FROZEN },
  'POST /api/admin/invites': { allowed: ['superadmin'] },
  'GET /api/admin/invites': { allowed: ['superadmin'] },
  // Anyone may open an invitation link; the token is the credential (404 for a wrong one).
  'GET /api/invites/:token': { allowed: EVERYONE, path: '/api/invites/not-a-real-token-but-long-enough' },
  'POST /api/invites/:token/accept': {
    allowed: EVERYONE,
    path: '/api/invites/not-a-real-token-but-long-enough/accept',
  },
  // The password-gated sections need the superadmin dashboard permission and the settings password (ADR 007).
  'GET /api/settings-gate': { allowed: ['superadmin'] },
  'POST /api/settings-gate/unlock': { allowed: ['superadmin'] },
  'PUT /api/settings-gate/password': { allowed: ['superadmin'] },
  // Rich text (ADR 021): the important-information page is a gated section, so even a superadmin is refused
  // (403) until the settings password is entered; site-content.test.ts walks it unlocked.
  'GET /api/public/important-information': { allowed: EVERYONE },
  'GET /api/admin/important-information': { allowed: [] },
  'PUT /api/admin/important-information': { allowed: [] },
  'DELETE /api/admin/important-information': { allowed: [] },
  'GET /api/public/site-images/:id': {
    allowed: EVERYONE,
    path: '/api/public/site-images/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/admin/site-images': { allowed: ['superadmin'] },
  // Bot protection (ADR 022): what the public forms need is open; the admin's choice is a gated section, so
  // even a superadmin is refused (403) until the settings password is entered; bot-protection.test.ts walks it.
  'GET /api/public/bot-protection': { allowed: EVERYONE },
  'GET /api/bot-protection/challenge': { allowed: EVERYONE },
  'GET /api/admin/bot-protection': { allowed: [] },
  'PUT /api/admin/bot-protection': { allowed: [] },
  'POST /api/admin/bot-protection/fall-back': { allowed: [] },
  // Site settings (ADR 020): changeSiteSettings and the settings password, so even a superadmin is refused
  // (403) until the password is entered; settings.test.ts walks them unlocked.
  'GET /api/admin/settings': { allowed: [] },
  'PUT /api/admin/settings/:key': { allowed: [], path: '/api/admin/settings/leaderboard_visible' },
  'POST /api/admin/settings/reset': { allowed: [] },
  // User management is the superadmin's (the demo custom role lacks view_user_management).
  'GET /api/admin/users': { allowed: ['superadmin'] },
  'GET /api/admin/users/counts': { allowed: ['superadmin'] },
  // Result entry (view_admin_result_input): admins, superadmins and the demo Arbiter custom role.
  'GET /api/admin/match-results': { allowed: ['admin', 'superadmin', 'custom-role'] },
  'PUT /api/admin/match-results/:matchId': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/match-results/00000000-0000-4000-8000-000000000000',
  },
  // Results reported from phones (ADR 040): the badge in the body is the credential, so anyone may ask (an
  // unknown badge is refused the same for all); the arbiter's queue is result entry's, the switch round management's.
  'POST /api/reports/boards': { allowed: EVERYONE },
  'POST /api/reports': { allowed: EVERYONE },
  // A teacher's account reports for the pupils of schools it registered (any signed-in user may ask: an account
  // with no school gets no boards); keying the score sheets is result entry's.
  'GET /api/reports/account/boards': { allowed: SIGNED_IN_NOT_FROZEN },
  'POST /api/reports/account': { allowed: SIGNED_IN_NOT_FROZEN },
  'GET /api/admin/result-reports/queue': { allowed: ['admin', 'superadmin', 'custom-role'] },
  'GET /api/admin/result-reports/paper': { allowed: ['admin', 'superadmin', 'custom-role'] },
  'PUT /api/admin/result-reports/paper/:matchId': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/result-reports/paper/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/admin/result-reports/settings': { allowed: ['superadmin', 'custom-role'] },
  'PUT /api/admin/result-reports/settings': { allowed: ['superadmin', 'custom-role'] },
  // The roster rules teachers' changes follow (issue #30): round management's, like the reporting switch.
  'GET /api/admin/roster-rules': { allowed: ['superadmin', 'custom-role'] },
  'PUT /api/admin/roster-rules': { allowed: ['superadmin', 'custom-role'] },
  'DELETE /api/admin/roster-rules': { allowed: ['superadmin', 'custom-role'] },
  // The arbiter's queue of changes asked after their lock: round management's too.
  'GET /api/admin/roster-requests': { allowed: ['superadmin', 'custom-role'] },
  'POST /api/admin/roster-requests/:requestId/decision': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/roster-requests/00000000-0000-4000-8000-000000000000/decision',
  },
  'POST /api/admin/users': { allowed: ['superadmin'] },
  'PUT /api/admin/users/:id/role': { allowed: ['superadmin'], path: '/api/admin/users/no-such-user/role' },
  'POST /api/admin/users/:id/freeze': {
    allowed: ['superadmin'],
    path: '/api/admin/users/no-such-user/freeze',
  },
  'DELETE /api/admin/users/:id/freeze': {
    allowed: ['superadmin'],
    path: '/api/admin/users/no-such-user/freeze',
  },
  'DELETE /api/admin/users/:id': { allowed: ['superadmin'], path: '/api/admin/users/no-such-user' },
  // Sign-in locks (ADR 015): seen and lifted from user management.
  'GET /api/admin/users/sign-in-locks': { allowed: ['superadmin'] },
  'DELETE /api/admin/users/:id/sign-in-lock': {
    allowed: ['superadmin'],
    path: '/api/admin/users/no-such-user/sign-in-lock',
  },
  'GET /api/admin/custom-roles': { allowed: ['superadmin'] },
  'POST /api/admin/custom-roles': { allowed: ['superadmin'] },
  'PUT /api/admin/custom-roles/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/custom-roles/00000000-0000-4000-8000-000000000000',
  },
  'DELETE /api/admin/custom-roles/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/custom-roles/00000000-0000-4000-8000-000000000000',
  },
  // Player management (view_player_management): superadmins only; the admin player lookup
  // (view_admin_player_lookup): admins, superadmins and the demo Arbiter custom role.
  'GET /api/admin/player-management/tournaments': { allowed: ['superadmin'] },
  'GET /api/admin/player-management/players': { allowed: ['superadmin'] },
  'POST /api/admin/player-management/players': { allowed: ['superadmin'] },
  'PUT /api/admin/player-management/players/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/player-management/players/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/admin/player-management/players/:id/withdraw': {
    allowed: ['superadmin'],
    path: '/api/admin/player-management/players/00000000-0000-4000-8000-000000000000/withdraw',
  },
  'POST /api/admin/player-management/players/:id/reactivate': {
    allowed: ['superadmin'],
    path: '/api/admin/player-management/players/00000000-0000-4000-8000-000000000000/reactivate',
  },
  'POST /api/admin/player-management/players/:id/byes': {
    allowed: ['superadmin'],
    path: '/api/admin/player-management/players/00000000-0000-4000-8000-000000000000/byes',
  },
  'DELETE /api/admin/player-management/players/:id/byes/:roundNumber': {
    allowed: ['superadmin'],
    path: '/api/admin/player-management/players/00000000-0000-4000-8000-000000000000/byes/4',
  },
  'POST /api/admin/player-management/import/preview': { allowed: ['superadmin'] },
  'POST /api/admin/player-management/import': { allowed: ['superadmin'] },
  'GET /api/admin/player-management/export.csv': { allowed: ['superadmin'] },
  'GET /api/admin/player-management/export.trf': { allowed: ['superadmin'] },
  'POST /api/admin/player-management/import-trf': { allowed: ['superadmin'] },
  'GET /api/admin/player-lookup': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/player-lookup?search=polgar',
  },
  'GET /api/admin/player-lookup/:id': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/player-lookup/00000000-0000-4000-8000-000000000000',
  },
  // Round management (view_round_management): the superadmin and the demo Arbiter custom role.
  'GET /api/admin/rounds': { allowed: ['superadmin', 'custom-role'] },
  'GET /api/admin/rounds/:number': { allowed: ['superadmin', 'custom-role'], path: '/api/admin/rounds/99' },
  'POST /api/admin/rounds/:number/pairings': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/rounds/99/pairings',
  },
  'POST /api/admin/rounds/:number/pairings/change': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/rounds/99/pairings/change',
  },
  'POST /api/admin/rounds/:number/start': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/rounds/99/start',
  },
  'POST /api/admin/rounds/:number/complete': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/rounds/99/complete',
  },
  'PUT /api/admin/rounds/count': { allowed: ['superadmin', 'custom-role'] },
  // Check-in (docs/requirements.md §2): the desk is access_checkin_page (admins, superadmins, the demo Arbiter), the overview
  // access_checkin_overview (admins, superadmins), opening and closing access_checkin_settings (superadmins).
  'GET /api/admin/checkin/state': { allowed: ['admin', 'superadmin', 'custom-role'] },
  'PUT /api/admin/checkin/state': { allowed: ['superadmin'] },
  'GET /api/admin/checkin/players': { allowed: ['admin', 'superadmin', 'custom-role'] },
  'POST /api/admin/checkin/players/:id': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/checkin/players/00000000-0000-4000-8000-000000000000',
  },
  'DELETE /api/admin/checkin/players/:id': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/checkin/players/00000000-0000-4000-8000-000000000000',
  },
  'PUT /api/admin/checkin/players/:id/name': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/checkin/players/00000000-0000-4000-8000-000000000000/name',
  },
  'GET /api/admin/checkin/overview': { allowed: ['admin', 'superadmin'] },
  'POST /api/admin/checkin/players/:id/sign-out': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/checkin/players/00000000-0000-4000-8000-000000000000/sign-out',
  },
  // Whole-school check-in and sign-out (ADR 031): a desk action.
  'GET /api/admin/checkin/schools': { allowed: ['admin', 'superadmin', 'custom-role'] },
  'GET /api/admin/checkin/schools/:id': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/checkin/schools/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/admin/checkin/schools/:id': {
    allowed: ['admin', 'superadmin', 'custom-role'],
    path: '/api/admin/checkin/schools/00000000-0000-4000-8000-000000000000',
  },
  // Badge tokens (ADR 031): issued, revoked and listed with access_checkin_settings (superadmins).
  'GET /api/admin/badges': { allowed: ['superadmin'] },
  'POST /api/admin/badges/issue': { allowed: ['superadmin'] },
  'POST /api/admin/badges/:kind/:id/reissue': {
    allowed: ['superadmin'],
    path: '/api/admin/badges/player/00000000-0000-4000-8000-000000000000/reissue',
  },
  'DELETE /api/admin/badges/:kind/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/badges/school/00000000-0000-4000-8000-000000000000',
  },
  // The door kiosk (ADR 031) runs on a staff sign-in with the check-in desk permission.
  'POST /api/kiosk/scan': { allowed: ['admin', 'superadmin', 'custom-role'] },
  'POST /api/kiosk/unlock': { allowed: ['admin', 'superadmin', 'custom-role'] },
  // Tournament management needs view_tournament_management: superadmins only (docs/requirements.md §6; not admins, not the
  // demo custom role).
  'GET /api/admin/tournaments': { allowed: ['superadmin'] },
  // Prizes (ADR 043): set up with the tournament (view_tournament_management).
  'GET /api/admin/prizes': { allowed: ['superadmin'] },
  'PUT /api/admin/prizes': { allowed: ['superadmin'] },
  'PUT /api/admin/prizes/embargo': { allowed: ['superadmin'] },
  'GET /api/admin/prizes/certificates': { allowed: ['superadmin'] },
  // Sections (ADR 044): set up with the tournament (view_tournament_management).
  'GET /api/admin/sections': { allowed: ['superadmin'] },
  'PUT /api/admin/sections': { allowed: ['superadmin'] },
  'PUT /api/admin/sections/players/:playerId': {
    allowed: ['superadmin'],
    path: '/api/admin/sections/players/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/admin/tournaments': { allowed: ['superadmin'] },
  'PUT /api/admin/tournaments/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/tournaments/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/admin/tournaments/:id/activate': {
    allowed: ['superadmin'],
    path: '/api/admin/tournaments/00000000-0000-4000-8000-000000000000/activate',
  },
  'POST /api/admin/tournaments/:id/archive': {
    allowed: ['superadmin'],
    path: '/api/admin/tournaments/00000000-0000-4000-8000-000000000000/archive',
  },
  'GET /api/admin/tournament-templates': { allowed: ['superadmin'] },
  'GET /api/admin/tournament-templates/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/tournament-templates/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/admin/tournament-templates': { allowed: ['superadmin'] },
  'GET /api/admin/announcements': { allowed: ['superadmin'] },
  'POST /api/admin/announcements': { allowed: ['superadmin'] },
  'PUT /api/admin/announcements/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/announcements/00000000-0000-4000-8000-000000000000',
  },
  'DELETE /api/admin/announcements/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/announcements/00000000-0000-4000-8000-000000000000',
  },
  // Registrations and payments (issue #6): registrants need no account; a registration opens with its access
  // token or to its signed-in owner (404 otherwise), so those routes are public at this layer.
  'GET /api/registrations/challenge': { allowed: EVERYONE },
  'POST /api/registrations': { allowed: EVERYONE },
  'POST /api/registrations/status': { allowed: EVERYONE },
  'GET /api/registrations/:id/teams': {
    allowed: EVERYONE,
    path: '/api/registrations/00000000-0000-4000-8000-000000000000/teams',
  },
  'PUT /api/registrations/:id/teams': {
    allowed: EVERYONE,
    path: '/api/registrations/00000000-0000-4000-8000-000000000000/teams',
  },
  // The teacher's roster page (issue #30): the registration's token or its signed-in owner, like its teams.
  'GET /api/roster-changes/:id': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/roster-changes/:id/pack': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/pack',
  },
  'POST /api/roster-changes/:id/byes': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/byes',
  },
  'DELETE /api/roster-changes/:id/byes/:playerId/:roundNumber': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/byes/00000000-0000-4000-8000-000000000000/4',
  },
  'POST /api/roster-changes/:id/withdrawals': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/withdrawals',
  },
  'DELETE /api/roster-changes/:id/withdrawals/:playerId': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/withdrawals/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/roster-changes/:id/substitutions': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/substitutions',
  },
  'POST /api/roster-changes/:id/late-teams': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/late-teams',
  },
  'POST /api/roster-changes/:id/returns': {
    allowed: EVERYONE,
    path: '/api/roster-changes/00000000-0000-4000-8000-000000000000/returns',
  },
  // Guardian consent (T25): the link's token is the credential; a wrong one is a 404 for everyone.
  'GET /api/registrations/consent/:playerId': {
    allowed: EVERYONE,
    path: '/api/registrations/consent/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/registrations/consent/:playerId': {
    allowed: EVERYONE,
    path: '/api/registrations/consent/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/me/registrations': { allowed: SIGNED_IN_NOT_FROZEN },
  'PUT /api/admin/registration-settings': { allowed: ['superadmin'] },
  // Registration management (view_registration_management) and the billing overview (view_billing_overview):
  // superadmins only (the demo custom role has neither).
  'GET /api/admin/registrations': { allowed: ['superadmin'] },
  'PUT /api/admin/registrations/:id/teams': {
    allowed: ['superadmin'],
    path: '/api/admin/registrations/00000000-0000-4000-8000-000000000000/teams',
  },
  'POST /api/admin/registrations/:id/mark-paid': {
    allowed: ['superadmin'],
    path: '/api/admin/registrations/00000000-0000-4000-8000-000000000000/mark-paid',
  },
  'POST /api/admin/registrations/:id/cancel': {
    allowed: ['superadmin'],
    path: '/api/admin/registrations/00000000-0000-4000-8000-000000000000/cancel',
  },
  'POST /api/admin/registrations/promote': { allowed: ['superadmin'] },
  'GET /api/admin/billing-overview': { allowed: ['superadmin'] },
  'GET /api/admin/billing-overview/export.csv': { allowed: ['superadmin'] },
  'GET /api/admin/system-logs': { allowed: ['admin', 'superadmin'] },
  'GET /api/admin/system-logs/options': { allowed: ['admin', 'superadmin'] },
  'GET /api/admin/system-logs/export': { allowed: ['admin', 'superadmin'] },
  'PUT /api/admin/system-logs/retention': { allowed: ['superadmin'] },
  'GET /api/admin/retention': { allowed: ['superadmin'] },
  'GET /api/admin/analytics': { allowed: ['superadmin'] },
  'GET /api/admin/analytics/geolocation': { allowed: ['superadmin'] },
  // Where visitors' addresses are sent needs the settings password too (ADR 038): even a superadmin is refused
  // (403) until it is entered; visitor-analytics.test.ts walks it unlocked.
  'PUT /api/admin/analytics/geolocation': { allowed: [] },
  'POST /api/admin/retention/dry-run': { allowed: ['superadmin'] },
  'POST /api/admin/retention/run': { allowed: ['superadmin'] },
  'PUT /api/admin/retention/periods': { allowed: ['superadmin'] },
  'GET /api/admin/system-status': { allowed: ['superadmin'] },
  'GET /api/admin/system-status/activity': { allowed: ['superadmin'] },
  // Backups (ADR 025): the superadmin's; the named backup does not exist, so the superadmin gets a 404.
  'GET /api/admin/backups': { allowed: ['superadmin'] },
  'POST /api/admin/backups': { allowed: ['superadmin'] },
  'GET /api/admin/backups/jobs/:id': {
    allowed: ['superadmin'],
    path: '/api/admin/backups/jobs/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/admin/backups/:name/download': {
    allowed: ['superadmin'],
    path: '/api/admin/backups/backup-20200101T000000-000Z.jsonl.gz/download',
  },
  'DELETE /api/admin/backups/:name': {
    allowed: ['superadmin'],
    path: '/api/admin/backups/backup-20200101T000000-000Z.jsonl.gz',
  },
  'POST /api/admin/backups/:name/restore': {
    allowed: ['superadmin'],
    path: '/api/admin/backups/backup-20200101T000000-000Z.jsonl.gz/restore',
  },
  'PUT /api/admin/backups/schedule': { allowed: ['superadmin'] },
  'GET /api/admin/safe-control': { allowed: ['superadmin'] },
  'PUT /api/admin/safe-control/:name': {
    allowed: ['superadmin'],
    path: '/api/admin/safe-control/mail_paused',
  },
  'DELETE /api/admin/safe-control/unfinished-restore': { allowed: ['superadmin'] },
  'GET /api/site-status': { allowed: EVERYONE },
  'GET /api/broadcasts/current': { allowed: EVERYONE },
  // Venue screens (ADR 042): a display reads by its code (unknown here: 404 for everyone, never 401/403); staff who
  // run the rounds define and switch them.
  'GET /api/screens/:code': { allowed: EVERYONE, path: '/api/screens/ABCD-EFGH-JKMN' },
  'GET /api/admin/venue-screens': { allowed: ['superadmin', 'custom-role'] },
  'POST /api/admin/venue-screens': { allowed: ['superadmin', 'custom-role'] },
  'PUT /api/admin/venue-screens/:id': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/venue-screens/00000000-0000-4000-8000-000000000000',
  },
  'DELETE /api/admin/venue-screens/:id': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/venue-screens/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/admin/venue-screens/:id/code': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/venue-screens/00000000-0000-4000-8000-000000000000/code',
  },
  'DELETE /api/admin/venue-screens/:id/code': {
    allowed: ['superadmin', 'custom-role'],
    path: '/api/admin/venue-screens/00000000-0000-4000-8000-000000000000/code',
  },
  'POST /api/admin/venue-screens/switch': { allowed: ['superadmin', 'custom-role'] },
  'GET /api/admin/broadcasts': { allowed: ['superadmin'] },
  'POST /api/admin/broadcasts': { allowed: ['superadmin'] },
  'POST /api/admin/broadcasts/:id/end': { allowed: ['superadmin'], path: '/api/admin/broadcasts/1/end' },
  // Team tasks (CRM, ADR 027): crm_access, which admins and superadmins hold (the demo Arbiter role does not).
  'GET /api/crm/overview': { allowed: CRM_STAFF },
  'GET /api/crm/tasks': { allowed: CRM_STAFF },
  'POST /api/crm/tasks': { allowed: CRM_STAFF },
  'POST /api/crm/tasks/bulk': { allowed: CRM_STAFF },
  'GET /api/crm/tasks/:id': { allowed: CRM_STAFF, path: '/api/crm/tasks/999999' },
  'PATCH /api/crm/tasks/:id': { allowed: CRM_STAFF, path: '/api/crm/tasks/999999' },
  'POST /api/crm/tasks/:id/comments': { allowed: CRM_STAFF, path: '/api/crm/tasks/999999/comments' },
  'POST /api/crm/tasks/:id/checklist': { allowed: CRM_STAFF, path: '/api/crm/tasks/999999/checklist' },
  'PATCH /api/crm/checklist/:itemId': { allowed: CRM_STAFF, path: '/api/crm/checklist/999999' },
  'GET /api/crm/schools/:id': {
    allowed: CRM_STAFF,
    path: '/api/crm/schools/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/crm/schools/:id/notes': {
    allowed: CRM_STAFF,
    path: '/api/crm/schools/00000000-0000-4000-8000-000000000000/notes',
  },
  'GET /api/crm/templates': { allowed: CRM_STAFF },
  'PUT /api/crm/templates/:kind': { allowed: CRM_STAFF, path: '/api/crm/templates/fee_paid' },
  'POST /api/crm/messages/preview': { allowed: CRM_STAFF },
  'POST /api/crm/messages': { allowed: CRM_STAFF },
  'GET /api/crm/messages/:id/delivery': { allowed: CRM_STAFF, path: '/api/crm/messages/999999/delivery' },
  'GET /api/crm/reminders': { allowed: CRM_STAFF },
  'PUT /api/crm/reminders': { allowed: CRM_STAFF },
  // A reminder's unsubscribe link (ADR 027): the sealed token is the credential; a wrong one is a 400 for all.
  'GET /api/crm/unsubscribe/:token': { allowed: EVERYONE, path: '/api/crm/unsubscribe/not-a-token' },
  'POST /api/crm/unsubscribe/:token': { allowed: EVERYONE, path: '/api/crm/unsubscribe/not-a-token' },
  'GET /api/crm/analytics': { allowed: CRM_STAFF },
  // crm_admin: only the superadmin among the personas (src/domain/permissions.ts gives it to no other role).
  'GET /api/crm/activity': { allowed: ['superadmin'] },
  'GET /api/crm/activity/export': { allowed: ['superadmin'] },
  'POST /api/payments/create-checkout': { allowed: EVERYONE },
  'POST /api/payments/verify-payment': { allowed: EVERYONE },
  // Stripe calls it with neither cookie nor Origin; the signature on the raw body is the credential.
  'POST /api/payments/stripe/webhook': { allowed: EVERYONE },
  'GET /api/payments/offline/sessions/:id': {
    allowed: EVERYONE,
    path: '/api/payments/offline/sessions/offline_cs_doesnotexist00',
  },
  'POST /api/payments/offline/sessions/:id': {
    allowed: EVERYONE,
    path: '/api/payments/offline/sessions/offline_cs_doesnotexist00',
  },
};
