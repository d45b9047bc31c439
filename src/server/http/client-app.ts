import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiError } from '../../contracts/common';
import {
  CRM_PAGE_MODULES,
  CRM_PAGE_READS,
  CRM_STARTER_MODULE,
  SESSION_READ_PATHS,
} from '../../contracts/crm-pages';
import { actorMay } from '../auth/actor';
import { BuildManifest } from './build-manifest';
import { CachedBody, sendCached } from './cached-json';
import { scriptHash, THEME_SCRIPT_TAG, withThemeScriptInline } from './inline-script';
import { inlineScriptsAllower } from './security-headers';

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

  const shell = hasClient && clientDir ? await loadShell(clientDir) : null;
  const crmChunks = hasClient && clientDir ? await crmChunksOf(clientDir) : {};

  app.setNotFoundHandler(async (request, reply) => {
    const { path } = request;
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
    const preloads = await crmPreloads(request, path, crmChunks);
    if (preloads) reply.header('link', preloads);
    if (!shell) {
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', clientDir as string, { preCompressed: true } as never);
    }
    shell.allowThemeScript(reply);
    return sendCached(request, reply, shell.page);
  });
}

/**
 * The app's shell (index.html) with the theme script inlined, allowed by its hash: the script must run before the
 * first paint, and as a file it held up every staff page behind a request to a server busy with that page's own
 * reads (measured on the CRM: the entry ran at ≈ 580 ms instead of ≈ 120). Sent like a drawn page (`sendCached`:
 * ETag, compressed once). Null when the build's index.html has no such tag (then the file is served as it is).
 */
async function loadShell(clientDir: string) {
  const indexHtml = await readFile(join(clientDir, 'index.html'), 'utf8');
  if (!indexHtml.includes(THEME_SCRIPT_TAG)) return null;
  const themeScript = await readFile(join(clientDir, 'theme-init.js'), 'utf8').catch(() => null);
  if (themeScript === null) return null;
  return {
    page: new CachedBody(withThemeScriptInline(indexHtml, themeScript), 'text/html; charset=utf-8'),
    allowThemeScript: inlineScriptsAllower([scriptHash(themeScript)]),
  };
}

/** Each CRM page's chunks, the starter's included, by path (from the build's manifest; none without one). */
async function crmChunksOf(clientDir: string): Promise<Record<string, readonly string[]>> {
  const manifest = await BuildManifest.load(clientDir).catch(() => null);
  if (!manifest) return {};
  return Object.fromEntries(
    Object.entries(CRM_PAGE_MODULES).map(([path, modules]) => [
      path,
      manifest.chunksOf([CRM_STARTER_MODULE, ...modules]),
    ]),
  );
}

/**
 * A CRM page opened by someone with CRM access (ADR 030): the session's reads and the page's own, named as
 * preloads in the HTML's `Link` header, so the browser starts them as the headers arrive instead of after the
 * app's code has run (the app's early reads and queries then take these responses), and the page's chunks as
 * module preloads, fetched and compiled while the entry script runs. Nobody else gets them: a preload refused would
 * be a 401 or 403 in their console and a refusal in the log. Any failure: no preloads.
 */
async function crmPreloads(
  request: FastifyRequest,
  path: string,
  crmChunks: Record<string, readonly string[]>,
): Promise<string | null> {
  const page = path.replace(/\/+$/, '');
  const read = CRM_PAGE_READS[page];
  if (!read || !(await actorMay(request, 'crm'))) return null;
  return [
    ...[...SESSION_READ_PATHS, read].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`),
    ...(crmChunks[page] ?? []).map((file) => `</${file}>; rel=modulepreload`),
  ].join(', ');
}
