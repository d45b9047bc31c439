import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from './auth';

/** Builds a fetch Request for better-auth from a Fastify request, with the client address Fastify resolved. */
export function toWebRequest(request: FastifyRequest, baseURL: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, baseURL), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** Mounts better-auth's own routes (sign-up, sign-in, sign-out, session, password reset) under /api/auth. */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, baseURL: string): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: { summary: 'better-auth: sign-up, sign-in, sign-out, session, password reset', tags: ['auth'] },
    handler: async (request, reply) => {
      const response = await auth.handler(toWebRequest(request, baseURL));
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      // Several cookies come back at once (session and its signature): copy every one.
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
