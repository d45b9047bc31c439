import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AccessName, may } from '../../domain/access-rules';
import {
  PERMISSION_LOAD_TIMEOUT_MS,
  PermissionLoadTimeoutError,
  type ResolvedAccess,
  resolveAccess,
  withPermissionTimeout,
} from '../../domain/permissions';
import type { Db } from '../db/client';
import { customRoles, userRoles, userStatus } from '../db/schema/accounts';
import { session as sessionTable } from '../db/schema/auth';
import { DatabaseUnavailableError } from '../http/database-unavailable';
import { type Auth, SESSION_ABSOLUTE_MAX_MS } from './auth';

/** The signed-in user behind a request, with what they may do. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  access: ResolvedAccess;
  isFrozen: boolean;
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  return headers;
}

/** Role record, custom roles and freeze status for one user: three small reads. */
export async function loadAccess(
  db: Db,
  userId: string,
): Promise<{ access: ResolvedAccess; isFrozen: boolean }> {
  const [[roleRecord], roles, [status]] = await Promise.all([
    db.select().from(userRoles).where(eq(userRoles.userId, userId)),
    db.select({ name: customRoles.name, permissions: customRoles.permissions }).from(customRoles),
    db.select({ isFrozen: userStatus.isFrozen }).from(userStatus).where(eq(userStatus.userId, userId)),
  ]);
  return { access: resolveAccess(roleRecord, roles), isFrozen: status?.isFrozen ?? false };
}

/**
 * Resolves the request's session (better-auth, database sessions, no cookie cache) and the user's access.
 * Permissions that fail to load, or take over 10 s (docs/requirements.md §6), fail the request with a 503
 * rather than granting none (ADR 016). A session older than the absolute maximum is
 * deleted and treated as none. Memoised per request. `now` is the application's clock (ADR 019).
 */
export function createActorLoader(auth: Auth, db: Db, now: () => Date) {
  const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  const load = async (request: FastifyRequest): Promise<Actor | null> => {
    if (!request.headers.cookie) return null;
    const session = await auth.api.getSession({ headers: headersOf(request) });
    if (!session) return null;
    if (now().getTime() - new Date(session.session.createdAt).getTime() > SESSION_ABSOLUTE_MAX_MS) {
      // Past the absolute lifetime: the session ends here, and better-auth's own reads no longer find it.
      await db.delete(sessionTable).where(eq(sessionTable.id, session.session.id));
      return null;
    }
    const loaded = loadAccess(db, session.user.id);
    // Permissions that did not load are not "no permissions": the request fails with 503 (ADR 016).
    const access = await withPermissionTimeout(
      loaded.then((value) => value.access),
      PERMISSION_LOAD_TIMEOUT_MS,
      (callback, ms) => {
        const timer = setTimeout(callback, ms);
        return () => clearTimeout(timer);
      },
    ).catch((error: unknown) => {
      // A failed read goes to the error handler as it is (a lost database → 503); a load that hangs past
      // the time-out means a database too slow to use, also a 503.
      if (error instanceof PermissionLoadTimeoutError) {
        throw new DatabaseUnavailableError('the signed-in user’s permissions did not load', { cause: error });
      }
      throw error;
    });
    const { isFrozen } = await loaded;
    return {
      userId: session.user.id,
      email: session.user.email,
      name: session.user.name,
      sessionId: session.session.id,
      access,
      isFrozen,
    };
  };
  return (request: FastifyRequest): Promise<Actor | null> => {
    let pending = cache.get(request);
    if (!pending) {
      pending = load(request);
      cache.set(request, pending);
    }
    return pending;
  };
}

/**
 * The signed-in user, unless frozen: a frozen account acts as nobody on the public routes that take a
 * signed-in user as optional (registration, payments).
 */
export async function activeActor(request: FastifyRequest): Promise<Actor | null> {
  const actor = await request.actor();
  return actor && !actor.isFrozen ? actor : null;
}

/**
 * Whether the request's signed-in, unfrozen user may do what `rule` names; false for anyone else and when the session
 * cannot be read. For what a page sends beside itself to those who may (the CRM pages' preloads and drawing, ADRs
 * 030 and 037); the routes themselves check `config.access`.
 */
export async function actorMay(request: FastifyRequest, rule: AccessName): Promise<boolean> {
  if (!request.headers.cookie) return false;
  const actor = await activeActor(request).catch(() => null);
  return actor !== null && may(actor.access, rule);
}
