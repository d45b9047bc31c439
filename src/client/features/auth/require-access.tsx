import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/ui/spinner';
import { notify } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { decideAccess, type RouteRefusal, type RouteRule } from './access';
import { ACCESS_MESSAGES, AUTH_MESSAGES } from './messages';
import { signOutRequest, useForgetUser, useSession } from './queries';
import { loginPathFor } from './redirect-path';

/** How long a page whose session just ended waits for a navigation the app has already started. */
const LEAVING_GRACE_MS = 500;

/** A session answer younger than this is fresh enough for the next page. */
const RECHECK_AFTER_MS = 2_000;

const AccessDeniedPage = lazy(async () => ({
  default: (await import('./access-denied-page')).AccessDeniedPage,
}));

/**
 * The route guard of the route table (docs/requirements.md §4 order: loading, frozen, authentication, role or permission).
 * - frozen: the frozen message, signed out, to /login;
 * - anonymous: 'You need to be logged in…', to /login remembering the page;
 * - refused: the refusal's message (or 'You don't have permission…') and back to / — or, with
 *   `denied="page"`, the Access Denied page in place (for staff inside the admin area).
 * The session is re-read on every navigation into a guarded page, so a frozen or signed-out account is
 * noticed at its next step. The client only hides what the server would refuse anyway.
 */
export function RequireAccess({
  rule,
  refusal,
  denied = 'redirect',
  children,
}: {
  rule: RouteRule;
  refusal?: RouteRefusal;
  denied?: 'redirect' | 'page';
  children: ReactNode;
}) {
  const session = useSession();
  const decision = decideAccess(session, rule, refusal);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forgetUser = useForgetUser();
  const origin = `${location.pathname}${location.search}${location.hash}`;

  // Re-check at each navigation, unless the answer is only just in (nested guards, the first load).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    const state = queryClient.getQueryState(queryKeys.session);
    if (state?.fetchStatus === 'fetching' || (state && Date.now() - state.dataUpdatedAt < RECHECK_AFTER_MS))
      return;
    void queryClient.refetchQueries({ queryKey: queryKeys.session }, { cancelRefetch: false });
  }, [queryClient, location.pathname]);

  const kind = decision.kind;
  const message = decision.kind === 'forbidden' ? decision.message : null;
  // Once this guard has sent the user away, later session changes (e.g. signed out after a freeze) must not
  // send them somewhere else with another message.
  const hasActed = useRef(false);
  // A session that ends while its page is open is usually the app leaving on purpose (sign-out, a deleted
  // account): that navigation is already under way, so this guard waits a moment before redirecting.
  const wasAllowed = useRef(false);
  if (kind === 'allowed') wasAllowed.current = true;
  useEffect(() => {
    if (hasActed.current) return;
    if (kind === 'frozen') {
      hasActed.current = true;
      notify('error', ACCESS_MESSAGES.frozen, { id: 'access' });
      signOutRequest()
        .catch(() => notify('error', AUTH_MESSAGES.guardLogoutFailed, { id: 'logout' }))
        .finally(() => {
          navigate('/login', { replace: true });
          forgetUser();
        });
      return;
    }
    const redirect =
      kind === 'sign-in'
        ? { to: loginPathFor(origin), message: ACCESS_MESSAGES.signInRequired }
        : message && denied === 'redirect'
          ? { to: '/', message }
          : null;
    if (!redirect) return;
    const timer = setTimeout(
      () => {
        hasActed.current = true;
        notify('error', redirect.message, { id: 'access' });
        navigate(redirect.to, { replace: true });
      },
      wasAllowed.current ? LEAVING_GRACE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [kind, message, denied, origin, navigate, forgetUser]);

  if (decision.kind === 'allowed') return children;
  if (decision.kind === 'forbidden' && denied === 'page') {
    return (
      <Suspense fallback={<Spinner />}>
        <AccessDeniedPage />
      </Suspense>
    );
  }
  if (decision.kind === 'error') {
    return (
      <LoadError
        title="Could not check your sign-in"
        error={null}
        onRetry={() => void queryClient.refetchQueries({ queryKey: queryKeys.session })}
        isRetrying={false}
      />
    );
  }
  return <Spinner />;
}
