import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { z } from 'zod';
import { meResponseSchema } from '../../../contracts/account';
import { ApiRequestError, anyBody, getJson, sendJson } from '../../lib/api-client';
import { queryKeys, userScopedKeys } from '../../lib/query-keys';
import { useHydrated } from '../../lib/use-hydrated';
import { accessOf, type SessionState, type SessionView } from './access';

export const ANONYMOUS: SessionState = { status: 'anonymous' };
const FROZEN: SessionState = { status: 'frozen' };

/** better-auth's get-session: the session and its user, or null (200 either way, so no console noise). */
export const authSessionSchema = z.object({ user: z.object({ id: z.string() }) }).nullable();

/**
 * Who is signed in. get-session first (it answers anonymous visitors with null and is never rate-limited),
 * then /api/me for role and permissions; /api/me refuses a frozen account with 403.
 */
async function loadSession(signal: AbortSignal): Promise<SessionState> {
  try {
    // get-session answers 403 for a session that a freeze revoked, so its holder learns why.
    const session = await getJson('/api/auth/get-session', authSessionSchema, signal);
    if (!session) return ANONYMOUS;
    return signedIn(await getJson('/api/me', meResponseSchema, signal));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return ANONYMOUS;
    if (error instanceof ApiRequestError && error.status === 403) return FROZEN;
    throw error;
  }
}

/** The session of a signed-in account, from its /api/me answer. */
export function signedIn(me: z.infer<typeof meResponseSchema>): SessionState {
  return { status: 'signed-in', me, access: accessOf(me) };
}

/**
 * True inside a page the server drew for the signed-in user (ADR 037): the session is in the cache from the first
 * render, on the server and while the browser takes the page over, so it is shown at once.
 */
export const DrawnForSessionContext = createContext(false);

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal }) => loadSession(signal),
  meta: { quiet: true },
});

export function useSession(): SessionView {
  const { data, isError } = useQuery(sessionQuery);
  // A server-drawn page (ADR 023) was drawn for nobody in particular: while the browser takes it over, a part
  // hydrated after the session arrived must still draw as the server did, then it draws for who is signed in.
  const isHydrated = useHydrated();
  const isDrawnForSession = useContext(DrawnForSessionContext);
  if (!isHydrated && !isDrawnForSession) return { status: 'loading' };
  if (data) return data;
  return isError ? { status: 'error' } : { status: 'loading' };
}

/** Re-reads the session now (after sign-in, or when a guard wants a fresh answer). */
export function refreshSession(queryClient: QueryClient): Promise<SessionState> {
  return queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

/** Forgets everything about the previous user: their account and admin data, and the session. */
function forgetUser(queryClient: QueryClient, session: SessionState): void {
  for (const queryKey of userScopedKeys) queryClient.removeQueries({ queryKey });
  queryClient.setQueryData(queryKeys.session, session);
}

export function signOutRequest(): Promise<unknown> {
  return sendJson('POST', '/api/auth/sign-out', {}, anyBody);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutRequest,
    onSuccess: () => forgetUser(queryClient, ANONYMOUS),
  });
}

/** Called when the account no longer exists (deleted) or its session ended elsewhere. */
export function useForgetUser() {
  const queryClient = useQueryClient();
  return () => forgetUser(queryClient, ANONYMOUS);
}
