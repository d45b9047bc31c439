import type { MeResponse } from '../../../contracts/account';
import { type AccessName, may } from '../../../domain/access-rules';
import { canSeeAdminArea, type ResolvedAccess, type StandardRole } from '../../../domain/permissions';
import { ACCESS_MESSAGES } from './messages';

/** Who is using the site, as the client knows it. */
export type SessionState =
  | { status: 'anonymous' }
  | { status: 'frozen' }
  | { status: 'signed-in'; me: MeResponse; access: ResolvedAccess };

/** The session while it loads or when it could not be read. */
export type SessionView = SessionState | { status: 'loading' } | { status: 'error' };

/**
 * What a route asks for: any signed-in user, the admin area (anyone not a plain player, docs/requirements.md §2 Layout) or a
 * named access rule of `src/domain/access-rules.ts`, the same name the server's routes declare.
 */
export type RouteRule = 'signed-in' | 'admin-area' | AccessName;

/** A route option refusing some roles with their own message (docs/requirements.md §2: the player dashboard can refuse players). */
export interface RouteRefusal {
  roles: readonly StandardRole[];
  message: string;
}

export type AccessDecision =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'frozen' }
  | { kind: 'sign-in' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'allowed' };

export function accessOf(me: MeResponse): ResolvedAccess {
  return { role: me.role, customRoleName: me.customRoleName, permissions: new Set(me.permissions) };
}

export function satisfiesRule(access: ResolvedAccess, rule: RouteRule): boolean {
  if (rule === 'signed-in') return true;
  if (rule === 'admin-area') return canSeeAdminArea(access);
  return may(access, rule);
}

/**
 * The route guard (docs/requirements.md §4), in its fixed order: loading, then the frozen-account check, then
 * authentication, then the role or permission check (a configured refusal first, then the rule).
 */
export function decideAccess(session: SessionView, rule: RouteRule, refusal?: RouteRefusal): AccessDecision {
  switch (session.status) {
    case 'loading':
      return { kind: 'loading' };
    case 'error':
      return { kind: 'error' };
    case 'frozen':
      return { kind: 'frozen' };
    case 'anonymous':
      return { kind: 'sign-in' };
    case 'signed-in':
      if (refusal?.roles.includes(session.access.role))
        return { kind: 'forbidden', message: refusal.message };
      if (!satisfiesRule(session.access, rule))
        return { kind: 'forbidden', message: ACCESS_MESSAGES.forbidden };
      return { kind: 'allowed' };
  }
}
