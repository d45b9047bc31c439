import { healthResponseSchema, readyResponseSchema } from '../../../contracts/health';
import type { Database } from '../../db/client';
import { routesFeature, type TypedApp } from '../../feature-context';
import { RETRY_AFTER_SECONDS } from '../../http/database-unavailable';

const READY_TIMEOUT_MS = 2_000;

/** GET /api/health and /api/ready: liveness and readiness for the proxy and the deployment's checks. */
export const healthFeature = routesFeature('health', (typed, { database, clock }) =>
  registerHealthRoutes(typed, database, clock.millis),
);

function registerHealthRoutes(typed: TypedApp, database: Database, now: () => number): void {
  const startedAt = now();

  typed.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { summary: 'The process is up', tags: ['operations'], response: { 200: healthResponseSchema } },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round((now() - startedAt) / 1000) }),
  );

  typed.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The database answers; 503 when it does not',
        tags: ['operations'],
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('ping timed out')), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ready' as const, database: 'ok' as const };
      } catch {
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable', database: 'unreachable' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
