/**
 * The access tokens of registrations made or looked up in this tab, so the success page (after the provider
 * sends the browser back) can offer the teams page and Pay now again. Tab-scoped: sessionStorage, never a
 * cookie or localStorage, so the token does not outlive the tab on a shared school computer.
 */
const KEY = 'registration-access-tokens';

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberAccessToken(registrationId: string, token: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [registrationId]: token }));
  } catch {
    // Storage full or blocked: the pages still work with the token in the link.
  }
}

export function accessTokenFor(registrationId: string): string | undefined {
  const token = readAll()[registrationId];
  return typeof token === 'string' ? token : undefined;
}

/**
 * A registration's page — its teams, or its roster on the day (byes and withdrawals) — with its token (in the
 * fragment, never sent to a server) when there is one.
 */
export function registrationHref(
  page: 'teams' | 'roster',
  registrationId: string,
  token: string | undefined,
): string {
  const path = `/registration/${page}/${encodeURIComponent(registrationId)}`;
  return token ? `${path}#token=${encodeURIComponent(token)}` : path;
}

export const teamsHref = (registrationId: string, token: string | undefined) =>
  registrationHref('teams', registrationId, token);
