/** The query parameter that carries the page to return to after signing in (docs/requirements.md §6: remember the origin). */
export const REDIRECT_PARAM = 'redirect';

const PROBE_ORIGIN = 'https://site.invalid';
/** Pages it makes no sense to come back to after signing in. */
const NO_RETURN = ['/login', '/reset-password'];

/**
 * A path on this site to go to after sign-in, or null. Only same-site paths pass: an absolute URL,
 * a protocol-relative '//host', backslash tricks and control characters are refused (no open redirect).
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || [...raw].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (NO_RETURN.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, remembering where the visitor was going when that is a page worth returning to. */
export function loginPathFor(origin: string): string {
  const path = safeRedirectPath(origin);
  return path && path !== '/' ? `/login?${REDIRECT_PARAM}=${encodeURIComponent(path)}` : '/login';
}
