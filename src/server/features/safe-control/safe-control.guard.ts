import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SAFE_CONTROL_REFUSAL_CODE,
  SAFE_SWITCH_INFO,
  type SafeSwitch,
} from '../../../contracts/safe-control';
import { switchStoppingAction } from '../../../contracts/safe-switch-rule';
import type { SafeControl } from '../../core/safe-control/safe-control.state';
import { sendRefusal } from '../../http/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The safe-control switch that pauses this route while it is on (503 with the switch's refusal). */
    pausedBy?: SafeSwitch;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What the read-only site still lets through: signing in and out (staff must reach the switch), the switches
 * themselves, and backups (taking one is what an incident calls for; a restore holds read-only itself).
 */
const READ_ONLY_EXEMPT = [
  '/api/auth/sign-in/',
  '/api/auth/sign-out',
  '/api/auth/two-factor/',
  '/api/settings-gate/unlock',
  '/api/admin/safe-control',
  '/api/admin/backups',
];

/** better-auth's routes that create an account (closed with sign-ups). */
const SIGN_UP_PREFIX = '/api/auth/sign-up/';

/** The switch that stops this request, if any. */
export function switchStopping(
  request: Pick<FastifyRequest, 'method' | 'path'> & { pausedBy: SafeSwitch | undefined },
  isOn: (name: SafeSwitch) => boolean,
): SafeSwitch | null {
  // The path the first hook decided (decoded once, one spelling only), lower-cased for the prefix test so a
  // case-insensitive router could not open a way round it; the exemptions compare the exact text.
  const { path } = request;
  const lowerCase = path.toLowerCase();
  if (!lowerCase.startsWith('/api/') || !STATE_CHANGING.has(request.method)) return null;
  const isExempt = READ_ONLY_EXEMPT.some((prefix) => path.startsWith(prefix));
  return switchStoppingAction(
    (name) => isOn(name) && !(name === 'read_only' && isExempt),
    lowerCase.startsWith(SIGN_UP_PREFIX) ? 'signups_closed' : request.pausedBy,
  );
}

function refuse(request: FastifyRequest, reply: FastifyReply, name: SafeSwitch, retryAfter: number | null) {
  if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
  reply.header('cache-control', 'no-store');
  return sendRefusal(reply, 503, {
    error: SAFE_SWITCH_INFO[name].refusal,
    requestId: request.id,
    code: SAFE_CONTROL_REFUSAL_CODE,
  });
}

/**
 * Refuses what a switch that is on pauses, before the route runs: the read-only site, closed sign-ups, and every
 * route that declares `pausedBy`. Registered before the features, so it applies to all their routes.
 */
export function registerSafeControlGuard(app: FastifyInstance, safeControl: SafeControl): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    await safeControl.ready();
    const stopping = switchStopping(
      { method: request.method, path: request.path, pausedBy: request.routeOptions.config?.pausedBy },
      (name) => safeControl.isOn(name),
    );
    if (stopping !== null) return refuse(request, reply, stopping, safeControl.secondsLeft(stopping));
  });
}
