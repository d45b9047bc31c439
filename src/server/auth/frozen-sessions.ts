import { createHash } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessionStore } from '../db/schema/accounts';
import { session } from '../db/schema/auth';

/**
 * Freezing revokes a user's sessions at once (T09), yet the user should be told why (docs/requirements.md §4: "Your account
 * has been frozen…"), not just that they are signed out. So the revoked sessions' tokens are remembered,
 * hashed, for as long as a session could have lived: a request still carrying one gets the frozen answer.
 */
const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const recordId = (token: string) =>
  `frozen-session:${createHash('sha256').update(token).digest('base64url')}`;

export async function rememberFrozenSessions(db: Db, userId: string, now: Date): Promise<void> {
  const tokens = await db.select({ token: session.token }).from(session).where(eq(session.userId, userId));
  if (tokens.length === 0) return;
  await db
    .insert(sessionStore)
    .values(
      tokens.map(({ token }) => ({
        id: recordId(token),
        data: { userId },
        ttlSeconds: SESSION_LIFETIME_SECONDS,
        timestamp: now,
      })),
    )
    .onConflictDoNothing();
}

export async function forgetFrozenSessions(db: Db, userId: string): Promise<void> {
  await db
    .delete(sessionStore)
    .where(and(like(sessionStore.id, 'frozen-session:%'), eq(sql`${sessionStore.data}->>'userId'`, userId)));
}

/** The session token of the request's cookie (`[__Secure-]better-auth.session_token=<token>.<signature>`). */
function sessionTokenOf(request: FastifyRequest): string | null {
  const match = request.headers.cookie?.match(/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;.]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export async function isFrozenSession(db: Db, request: FastifyRequest, now: Date): Promise<boolean> {
  const token = sessionTokenOf(request);
  if (!token) return false;
  const [row] = await db
    .select()
    .from(sessionStore)
    .where(eq(sessionStore.id, recordId(token)));
  return row !== undefined && row.timestamp.getTime() + row.ttlSeconds * 1000 > now.getTime();
}
