import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '../../contracts/common';

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, pre-compressed
 * variants (.br/.gz from the build) chosen by Accept-Encoding. Unknown non-API paths get index.html so the
 * client router can render them (history fallback); unknown API paths get a JSON 404.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const indexHtml = clientDir ? join(clientDir, 'index.html') : null;
  const hasClient = indexHtml !== null && existsSync(indexHtml);
  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD is answered wherever GET is (Fastify strips the body), so a site page is not a 404 to HEAD.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || path === '/api' || !isRead) {
      return reply.code(404).send({ error: 'Not found', requestId: request.id } satisfies ApiError);
    }
    if (!hasClient) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built. Run `npm run build`, or `npm start`, which builds it.');
    }
    return reply
      .header('cache-control', 'no-cache')
      .sendFile('index.html', clientDir as string, { preCompressed: true } as never);
  });
}
