import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_MESSAGES } from '../../contracts/common';
import { type AccessName, may } from '../../domain/access-rules';
import { sendRefusal } from '../http/errors';
import type { Actor } from './actor';

/**
 * Who may call a route: anyone, any signed-in (and not frozen) user, or users passing a named access rule
 * (`domain/access-rules.ts`: the same name the client's page and buttons use). Every API route declares one
 * in its options; registering one without fails at start.
 */
export type RouteAccess = 'public' | 'signed-in' | AccessName;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route as registered, with its declared access: the authorization matrix test walks it. */
    registeredRoutes: { method: string; url: string; access: RouteAccess | undefined }[];
  }
  interface FastifyRequest {
    /** The signed-in user, or null; loaded once per request. */
    actor(): Promise<Actor | null>;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/…` in any letter case: a router made case-insensitive one day must not open a way round the check. */
function isApiPath(path: string): boolean {
  return path.slice(0, 5).toLowerCase() === '/api/';
}

function deny(request: FastifyRequest, reply: FastifyReply, status: 401 | 403, error: string): FastifyReply {
  return sendRefusal(reply, status, { error, requestId: request.id });
}

export function registerGuards(
  app: FastifyInstance,
  options: {
    loadActor: (request: FastifyRequest) => Promise<Actor | null>;
    /** True when the request carries a session revoked by a freeze: answered as frozen, not signed out. */
    isFrozenSession: (request: FastifyRequest) => Promise<boolean>;
    origin: string;
  },
): void {
  app.decorateRequest('actor', function (this: FastifyRequest) {
    return options.loadActor(this);
  });

  app.decorate('registeredRoutes', []);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) {
      app.registeredRoutes.push({ method, url: route.url, access: route.config?.access });
    }
    if (route.url.startsWith('/api') && route.config?.access === undefined) {
      throw new Error(`${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // Cross-site request forgery: a state-changing request must come from this site's own pages (T12).
    // This covers better-auth's routes too: its own check let a cross-site sign-out through.
    if (STATE_CHANGING.has(request.method) && isApiPath(request.path)) {
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      const isSameSite = origin === options.origin || (origin === undefined && site === 'same-origin');
      if (!isSameSite && (request.headers.cookie !== undefined || origin !== undefined)) {
        return deny(request, reply, 403, ACCESS_MESSAGES.crossOrigin);
      }
    }

    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const actor = await request.actor();
    if (!actor) {
      if (await options.isFrozenSession(request)) return deny(request, reply, 403, ACCESS_MESSAGES.frozen);
      return deny(request, reply, 401, ACCESS_MESSAGES.signInRequired);
    }
    if (actor.isFrozen) return deny(request, reply, 403, ACCESS_MESSAGES.frozen);
    if (access !== 'signed-in' && !may(actor.access, access)) {
      return deny(request, reply, 403, ACCESS_MESSAGES.forbidden);
    }
  });
}
