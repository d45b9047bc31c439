import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import {
  CRM_DRAWN_PATHS,
  CRM_PAGE_READS,
  CRM_PAGE_STATE_ID,
  type CrmPageRenderer,
  type CrmPageState,
  SESSION_READ_PATHS,
} from '../../../contracts/crm-pages';
import { may } from '../../../domain/access-rules';
import { CachedBody, sendCached } from '../../http/cached-json';
import { inlineScriptsAllower } from '../../http/security-headers';
import { PageTemplate, rendererPathFor } from '../public-pages/page-template';

const HTML = 'text/html; charset=utf-8';

/**
 * The CRM's matrix drawn on the server for the staff member who opens them (ADR 037): the HTML holds
 * the page as their browser would draw it, with the reads it was drawn from, so the data shows before any script
 * has run. The reads are the API's own answers for their session (through the app, not beside it), so the drawn
 * page and the API cannot disagree or grant more than the API would.
 *
 * Anyone else, or any failure, gets the app's shell, which draws the page in the browser (client-app.ts).
 */
export class CrmPages {
  private constructor(
    private readonly renderer: CrmPageRenderer,
    private readonly template: PageTemplate,
  ) {}

  /** Null when the client or its server build is missing (API-only tests, a clone before `npm run build`). */
  static async load(clientDir: string | null, logger: Logger): Promise<CrmPages | null> {
    if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return null;
    const rendererPath = rendererPathFor(clientDir);
    if (!existsSync(rendererPath)) return null;
    const renderer = (await import(pathToFileURL(rendererPath).href)) as CrmPageRenderer;
    if (typeof renderer.renderCrmPage !== 'function') return null;
    const template = await PageTemplate.load(clientDir);
    const unknown = template.unknownModules(renderer.crmPageModules);
    if (unknown.length > 0) logger.warn({ unknown }, 'CRM pages: modules to preload not in the build');
    return new CrmPages(renderer, template);
  }

  get scriptHashes(): readonly string[] {
    return this.template.scriptHashes;
  }

  /** The page drawn for this request's session, or null: no CRM access, or a read not answered with 200. */
  async draw(app: FastifyInstance, request: FastifyRequest, path: string): Promise<CachedBody | null> {
    const read = CRM_PAGE_READS[path];
    const cookie = request.headers.cookie;
    if (!read || !cookie) return null;
    const actor = await request.actor().catch(() => null);
    if (!actor || actor.isFrozen || !may(actor.access, 'crm')) return null;
    const since = Date.now();
    const answers = await Promise.all(
      [...SESSION_READ_PATHS, read].map(async (url) => {
        const answer = await app.inject({
          method: 'GET',
          url,
          headers: { cookie, accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
          remoteAddress: request.ip,
        });
        return answer.statusCode === 200 ? ([url, answer.body] as const) : null;
      }),
    );
    if (answers.some((answer) => answer === null)) return null;
    const state: CrmPageState = { reads: Object.fromEntries(answers as [string, string][]), since };
    const page = await this.renderer.renderCrmPage(request.url, state);
    return new CachedBody(this.template.fill(page, { id: CRM_PAGE_STATE_ID, value: state }), HTML);
  }
}

/**
 * GET /crm (the matrix): drawn for a session with CRM access, otherwise (or without a server build) the app's
 * shell like any other page. The HTML holds the user's own data: `private`, revalidated each time.
 */
export async function registerCrmPages(
  app: FastifyInstance,
  clientDir: string | null,
  logger: Logger,
): Promise<void> {
  const pages = await CrmPages.load(clientDir, logger);
  if (!pages) return;
  const allowInlineScripts = inlineScriptsAllower(pages.scriptHashes);
  for (const path of CRM_DRAWN_PATHS) {
    app.get(path, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const page = await pages.draw(app, request, path).catch((error: unknown) => {
        request.log.warn({ err: error, path }, 'CRM page: not drawn on the server; the browser draws it');
        return null;
      });
      if (!page) return reply.callNotFound();
      allowInlineScripts(reply);
      return sendCached(request, reply, page, 'private, no-cache');
    });
  }
}
