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
  // better-auth's own routes decide for themselves; the matrix checks that reading a session is open to all.
  'GET /api/auth/*': { allowed: EVERYONE, path: '/api/auth/get-session' },
  'POST /api/auth/*': { allowed: EVERYONE, path: '/api/auth/request-password-reset' },
  'GET /api/me': { allowed: SIGNED_IN_NOT_FROZEN },
  'GET /api/account/profile': { allowed: SIGNED_IN_NOT_FROZEN },
  'PUT /api/account/profile': { allowed: SIGNED_IN_NOT_FROZEN },
  'GET /api/account/preferences': { allowed: SIGNED_IN_NOT_FROZEN },
  'PUT /api/account/preferences': { allowed: SIGNED_IN_NOT_FROZEN },
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
  // User management is the superadmin's (the demo custom role lacks view_user_management).
  'GET /api/admin/users': { allowed: ['superadmin'] },
  'GET /api/admin/users/counts': { allowed: ['superadmin'] },
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
};
