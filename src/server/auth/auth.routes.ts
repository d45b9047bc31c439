import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordSecurityEvent } from '../audit/audit';
import type { Db } from '../db/client';
import { user } from '../db/schema/auth';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { isFrozenSession } from './frozen-sessions';
import { ACCESS_MESSAGES } from './guards';
import {
  accountKey,
  recentFailures,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_WINDOW_MINUTES,
  TOO_MANY_ATTEMPTS,
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

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length <= 254 ? email : null;
}

/** Mounts better-auth's own routes (sign-up, sign-in, sign-out, session, password reset) under /api/auth. */
export async function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: { baseURL: string; db: Db; now?: () => Date },
): Promise<void> {
  await app.register(async (scope) => authRoutes(scope, auth, options));
}

/** In its own plugin scope, so the sign-in hooks below run for these routes only. */
function authRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: { baseURL: string; db: Db; now?: () => Date },
): void {
  const { baseURL, db } = options;
  const secret = auth.options.secret;
  if (!secret) throw new Error('better-auth has no secret');
  const now = options.now ?? (() => new Date());

  // Sign-in: a per-account limit on top of better-auth's per-address one (a whole school shares an address,
  // an attacker rotates addresses), and an audit row for every success and failure.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== SIGN_IN_PATH) return;
    const email = emailOf(request.body);
    if (!email) return;
    if ((await recentFailures(db, accountKey(email, secret), now())) >= SIGN_IN_FAILURE_LIMIT) {
      await recordSecurityEvent(
        db,
        { actorId: null, ip: request.ip },
        {
          type: 'sign_in_locked',
          severity: 'warning',
          details: { accountKey: accountKey(email, secret) },
        },
      );
      return reply
        .code(429)
        .header('retry-after', String(SIGN_IN_WINDOW_MINUTES * 60))
        .send({ error: TOO_MANY_ATTEMPTS, requestId: request.id });
    }
  });
  /** Audit rows for the sign-in steps (item 10): who, from where, when and how it ended; never a secret. */
  async function recordAuthStep(request: FastifyRequest, status: number, body: Buffer | null): Promise<void> {
    const path = request.url.split('?')[0];
    const parsed = (() => {
      try {
        return body
          ? (JSON.parse(body.toString('utf8')) as { twoFactorRedirect?: boolean; user?: { id?: string } })
          : {};
      } catch {
        return {};
      }
    })();
    const context = { ip: request.ip };
    if (path === SIGN_IN_PATH) {
      const email = emailOf(request.body);
      if (!email) return;
      const needsCode = status === 200 && parsed.twoFactorRedirect === true;
      const succeeded = status === 200 && !needsCode;
      const [account] =
        status === 200
          ? await db
              .select({ id: user.id })
              .from(user)
              .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
          : [];
      await recordSecurityEvent(
        db,
        { ...context, actorId: account?.id ?? null },
        {
          type: needsCode
            ? 'sign_in_two_factor_required'
            : succeeded
              ? 'sign_in_succeeded'
              : 'sign_in_failed',
          severity: succeeded || needsCode ? 'info' : 'warning',
          details: { accountKey: accountKey(email, secret), status },
          at: now(),
        },
      );
    } else if (path === '/api/auth/two-factor/send-otp') {
      await recordSecurityEvent(
        db,
        { ...context, actorId: null },
        { type: 'two_factor_code_sent', details: { status }, at: now() },
      );
    } else if (path === '/api/auth/two-factor/verify-otp') {
      const verified = status === 200;
      await recordSecurityEvent(
        db,
        { ...context, actorId: parsed.user?.id ?? null },
        {
          type: verified ? 'two_factor_verified' : 'two_factor_failed',
          severity: verified ? 'info' : 'warning',
          details: { status },
          at: now(),
        },
      );
    }
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: { summary: 'better-auth: sign-up, sign-in, sign-out, session, password reset', tags: ['auth'] },
    handler: async (request, reply) => {
      const response = await auth.handler(toWebRequest(request, baseURL));
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      // A session revoked by a freeze: say so, rather than "no session" (see frozen-sessions.ts).
      if (
        request.url.split('?')[0] === '/api/auth/get-session' &&
        (body === null || body.toString() === 'null') &&
        (await isFrozenSession(db, request, now()))
      ) {
        return reply.code(403).send({ error: ACCESS_MESSAGES.frozen, requestId: request.id });
      }
      // Recorded before answering, so the next attempt already counts this one.
      if (request.method === 'POST') await recordAuthStep(request, response.status, body);
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      // Several cookies come back at once (session and its signature): copy every one.
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(body);
    },
  });
}
