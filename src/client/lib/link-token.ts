import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The token of an e-mailed link (a registration's teams page, a guardian's consent page). Links carry it in
 * the URL fragment, `#token=…`, which browsers never send to a server, so no proxy or server log records it;
 * the page passes it on in a header or a request body (ADR 010). Links mailed before that change carried
 * `?token=…`: still read, and the address is rewritten at once to the fragment form.
 */
export function linkTokenOf(location: { hash: string; search: string }): string | null {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromFragment || new URLSearchParams(location.search).get('token') || null;
}

/** linkTokenOf the current address, moving an old link's `?token=` into the fragment. */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const token = linkTokenOf(location);
  const search = new URLSearchParams(location.search);
  const isOldLink = token !== null && search.get('token') === token;
  useEffect(() => {
    if (!isOldLink || token === null) return;
    search.delete('token');
    const rest = search.toString();
    void navigate(
      {
        pathname: location.pathname,
        search: rest ? `?${rest}` : '',
        hash: `token=${encodeURIComponent(token)}`,
      },
      { replace: true },
    );
  });
  return token;
}
