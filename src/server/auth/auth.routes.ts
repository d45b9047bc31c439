import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_MESSAGES } from '../../contracts/common';
import type { AuditContext } from '../audit/audit';
import type { SecurityAttempt } from '../audit/events';
import { requireBotCheck } from '../core/bot-protection/require-bot-check';
import { user } from '../db/schema/auth';
import type { Feature, FeatureContext } from '../feature-context';
import { sendDatabaseUnavailable } from '../http/database-unavailable';
import { CLIENT_IP_HEADER, whileSigningIn } from './auth';
import { isFrozenSession } from './frozen-sessions';
import { knownDeviceCookie, knownDeviceOf } from './known-device';
import {
  accountKey,
  SignInLimits,
  type SignInReservation,
  TOO_MANY_REQUESTS,
  tooManySignInAttempts,
} from './sign-in-limit';

/** Builds a fetch Request for better-auth from a Fastify request, with the client address Fastify resolved. */
export function toWebRequest(request: FastifyRequest, baseURL: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, baseURL), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';

/**
 * The path better-auth will route the request by: the URL as `toWebRequest` builds it, so `/./`, `%2e` and
 * fragments are resolved the same way here (a raw comparison would let `/api/auth/./sign-in/email` past the
 * sign-in limits).
 */
function authPathOf(request: FastifyRequest, baseURL: string): string {
  return new URL(request.url, baseURL).pathname;
}

/**
 * Routes where better-auth checks the signed-in user's password itself (changing it, turning the device
 * check on or off, showing the authenticator secret or new backup codes, deleting the account): each check
 * takes an attempt from the same per-account counter as signing in (ADR 015), so a session left open on a
 * school computer cannot be used to guess the password faster than the sign-in form allows.
 */
const PASSWORD_CHECKING_PATHS = new Set([
  '/api/auth/change-password',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/two-factor/generate-backup-codes',
  '/api/auth/delete-user',
]);

/** Whether the body carries a password for better-auth to check. */
function carriesPassword(body: unknown): boolean {
  const fields = body as { password?: unknown; currentPassword?: unknown } | undefined;
  return typeof fields?.password === 'string' || typeof fields?.currentPassword === 'string';
}

/** better-auth's answer to a wrong password on the routes above: 400 with the code INVALID_PASSWORD. */
function isInvalidPassword(status: number, body: Buffer | null): boolean {
  if (status !== 400 || !body) return false;
  try {
    return (JSON.parse(body.toString('utf8')) as { code?: unknown }).code === 'INVALID_PASSWORD';
  } catch {
    return false;
  }
}

/** The typed address of a sign-in, whatever its length (a long one is limited like any other). */
function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : null;
}

/**
 * better-auth answers with the raw session token in JSON: every session of `list-sessions`, the session of
 * `get-session`, and the `token` of a sign-in (email, second factor). The token is the session itself — the
 * cookie that carries it is HttpOnly so that no script can read it — so it is taken out of every answer of
 * /api/auth (docs/security.md T08, ADR 002); sessions keep their `id`. Answers the body unchanged when it holds
 * no token (or is not JSON).
 */
function withoutSessionTokens(body: Buffer | null, contentType: string | null): Buffer | null {
  if (!body || !contentType?.includes('application/json') || !body.includes('"token"')) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const { token: _token, ...rest } = value as Record<string, unknown>;
    const session = (rest as { session?: unknown }).session;
    return session === undefined ? rest : { ...rest, session: strip(session) };
  };
  return Buffer.from(JSON.stringify(strip(parsed)), 'utf8');
}

/**
 * Mounts better-auth's own routes (sign-up, sign-in, sign-out, session, password reset) under /api/auth, in
 * their own plugin scope, so the sign-in hooks below run for these routes only.
 */
export const authFeature: Feature = {
  name: 'auth',
  register: async (app, context) => {
    await app.register(async (scope) => authRoutes(scope, context));
  },
};

function authRoutes(app: FastifyInstance, context: FeatureContext): void {
  const { auth, db, clock, audit, publicUrl: baseURL, databaseProbe } = context;
  const secret = auth.options.secret;
  if (!secret) throw new Error('better-auth has no secret');
  /** Every sign-in step is an attempt: it changes nothing but the attempt counters (ADR 019). */
  const attempted = (who: AuditContext, type: SecurityAttempt, details?: Record<string, unknown>) =>
    audit.securityAttempt(db, who, type, details);

  const limits = SignInLimits.of(context);
  const limitAddresses = auth.options.rateLimit?.enabled === true;
  const secureCookies = auth.options.advanced?.useSecureCookies === true;
  /** The sign-in attempt each request holds until better-auth has answered it (ADR 015). */
  const reservations = new WeakMap<FastifyRequest, SignInReservation>();

  // Sign-in: the per-address limit (better-auth's own rule for this route is off, this one replaces it; a
  // known device of the typed account has its own bucket instead of its address's), then an attempt
  // reserved on the account, or on the known device; refused requests never reach the
  // password check. Both are counters in the database, shared by every process.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    if (PASSWORD_CHECKING_PATHS.has(authPathOf(request, baseURL))) {
      const actor = carriesPassword(request.body) ? await request.actor() : null;
      if (!actor) return;
      const attempt = await limits.reserveAttempt(actor.email, null);
      if (!attempt.ok) {
        await attempted({ actorId: actor.userId, ip: request.ip }, 'sign_in_locked', {
          accountKey: accountKey(actor.email, secret),
        });
        return reply
          .code(429)
          .header('retry-after', String(attempt.retryAfterSeconds))
          .send({ error: tooManySignInAttempts(attempt.retryAfterSeconds), requestId: request.id });
      }
      reservations.set(request, attempt.reservation);
      return;
    }
    if (authPathOf(request, baseURL) !== SIGN_IN_PATH) return;
    const email = emailOf(request.body);
    const device = email
      ? await limits.deviceOfAccount(
          email,
          knownDeviceOf(request, secret, clock.now(), { secure: secureCookies }),
        )
      : null;
    if (limitAddresses) {
      const address = await limits.reserveRequest(request.ip, device);
      if (!address.ok) {
        await attempted({ actorId: null, ip: request.ip }, 'sign_in_rate_limited');
        return reply
          .code(429)
          .header('x-retry-after', String(address.retryAfterSeconds))
          .header('retry-after', String(address.retryAfterSeconds))
          .send({ message: TOO_MANY_REQUESTS, error: TOO_MANY_REQUESTS, requestId: request.id });
      }
    }
    if (!email) return;
    const attempt = await limits.reserveAttempt(email, device);
    if (!attempt.ok) {
      await attempted({ actorId: null, ip: request.ip }, 'sign_in_locked', {
        accountKey: accountKey(email, secret),
      });
      return reply
        .code(429)
        .header('retry-after', String(attempt.retryAfterSeconds))
        .send({ error: tooManySignInAttempts(attempt.retryAfterSeconds), requestId: request.id });
    }
    reservations.set(request, attempt.reservation);
  });
  // The password-reset request passes the chosen bot check first (features/bot-protection, ADR 022).
  app.addHook(
    'preHandler',
    requireBotCheck(
      context.botProtection,
      (request) => authPathOf(request, baseURL) === '/api/auth/request-password-reset',
    ),
  );
  /**
   * Audit rows for the sign-in steps (item 10): who, from where, when and how it ended; never a secret.
   * Answers the user id when the step completed a sign-in (a session was handed out), else null.
   */
  async function recordAuthStep(
    request: FastifyRequest,
    status: number,
    body: Buffer | null,
  ): Promise<string | null> {
    const path = authPathOf(request, baseURL);
    const parsed = (() => {
      try {
        return body
          ? (JSON.parse(body.toString('utf8')) as { twoFactorRedirect?: boolean; user?: { id?: string } })
          : {};
      } catch {
        return {};
      }
    })();
    const who = { ip: request.ip };
    if (path === SIGN_IN_PATH) {
      const email = emailOf(request.body);
      if (!email) return null;
      const needsCode = status === 200 && parsed.twoFactorRedirect === true;
      const succeeded = status === 200 && !needsCode;
      const [account] =
        status === 200
          ? await db
              .select({ id: user.id })
              .from(user)
              .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
          : [];
      await attempted(
        { ...who, actorId: account?.id ?? null },
        needsCode
          ? 'sign_in_two_factor_required'
          : succeeded
            ? 'sign_in_succeeded'
            : status === 401
              ? 'sign_in_failed'
              : 'sign_in_refused',
        { accountKey: accountKey(email, secret), status },
      );
      return succeeded ? (account?.id ?? null) : null;
    }
    if (path === '/api/auth/two-factor/send-otp') {
      await attempted({ ...who, actorId: null }, 'two_factor_code_sent', { status });
      return null;
    }
    if (path === '/api/auth/two-factor/verify-otp') {
      const verified = status === 200;
      await attempted(
        { ...who, actorId: parsed.user?.id ?? null },
        verified ? 'two_factor_verified' : 'two_factor_failed',
        { status },
      );
      return verified ? (parsed.user?.id ?? null) : null;
    }
    return null;
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: { summary: 'better-auth: sign-up, sign-in, sign-out, session, password reset', tags: ['auth'] },
    handler: async (request, reply) => {
      const reservation = reservations.get(request);
      let response: Response;
      try {
        const handle = () => auth.handler(toWebRequest(request, baseURL));
        response = await (authPathOf(request, baseURL) === SIGN_IN_PATH ? whileSigningIn(handle) : handle());
      } catch (error) {
        if (reservation) await limits.settle(reservation, 'other');
        throw error;
      }
      const body = withoutSessionTokens(
        response.body ? Buffer.from(await response.arrayBuffer()) : null,
        response.headers.get('content-type'),
      );
      // better-auth answers a failed query with its own 500: a lost database is a 503 here too (ADR 016).
      // The attempt is given back first (best effort: the database may be gone): it was no wrong password.
      if (response.status >= 500 && (await databaseProbe.isOutage())) {
        if (reservation) await limits.settle(reservation, 'other').catch(() => undefined);
        return sendDatabaseUnavailable(request, reply);
      }
      // A session revoked by a freeze: say so, rather than "no session" (see frozen-sessions.ts).
      if (
        authPathOf(request, baseURL) === '/api/auth/get-session' &&
        (body === null || body.toString() === 'null') &&
        (await isFrozenSession(db, request, clock.now()))
      ) {
        return reply.code(403).send({ error: ACCESS_MESSAGES.frozen, requestId: request.id });
      }
      // Settled and recorded before answering, so the next attempt already sees this one's outcome. Only a
      // wrong password (401 on sign-in, 400 INVALID_PASSWORD elsewhere) counts toward the lock.
      if (reservation) {
        const wrong =
          authPathOf(request, baseURL) === SIGN_IN_PATH
            ? response.status === 401
            : isInvalidPassword(response.status, body);
        await limits.settle(reservation, wrong ? 'wrong-password' : 'other');
      }
      const signedInAs =
        request.method === 'POST' ? await recordAuthStep(request, response.status, body) : null;
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      // Several cookies come back at once (session and its signature): copy every one.
      const cookies = response.headers.getSetCookie();
      // A completed sign-in makes this browser a known device of the account (ADR 015).
      if (signedInAs)
        cookies.push(knownDeviceCookie(secret, signedInAs, clock.now(), { secure: secureCookies }));
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(body);
    },
  });
}
