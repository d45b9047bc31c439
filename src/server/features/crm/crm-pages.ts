import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import {
  CRM_DRAWN_PATHS,
  CRM_PAGE_READS,
  CRM_PAGE_STATE_ID,
  type CrmPageRenderer,
  type CrmPageState,
  type RenderedCrmPage,
  SESSION_READ_PATHS,
} from '../../../contracts/crm-pages';
import { actorMay } from '../../auth/actor';
import { type HtmlStream, streamHtml } from '../../http/html-stream';
import { loadServerDrawing, type PageTemplate } from '../../http/page-template';
import { inlineScriptsAllower } from '../../http/security-headers';

/**
 * The CRM's matrix and board drawn on the server for the staff member who opens them (ADR 037): the HTML holds the
 * page as their browser would draw it, with the reads it was drawn from, so the data shows before any script has
 * run. The reads are the API's own answers for their session (through the app, not beside it), so the drawn page
 * and the API cannot disagree or grant more than the API would.
 *
 * Anyone else gets the app's shell (client-app.ts); a page that cannot be drawn is finished with an empty root,
 * which the browser fills as it fills the shell.
 */
export class CrmPages {
  private constructor(
    private readonly renderer: CrmPageRenderer,
    private readonly template: PageTemplate,
  ) {}

  /** Null without a server build of the client: the pages are then drawn in the browser. */
  static async load(clientDir: string | null, logger: Logger): Promise<CrmPages | null> {
    const drawing = await loadServerDrawing<CrmPageRenderer>(clientDir, logger, {
      name: 'CRM pages',
      modules: (renderer) => renderer.crmPageModules,
    });
    return drawing ? new CrmPages(drawing.renderer, drawing.template) : null;
  }

  get scriptHashes(): readonly string[] {
    return this.template.scriptHashes;
  }

  /**
   * The page as sent: its head at once (the browser sets the page up while the server reads and draws), then the
   * drawn page with its reads. Should a read not answer 200 or the drawing fail, the rest is an empty root and the
   * app's code, which draws the page in the browser as the app's shell does.
   */
  async send(app: FastifyInstance, request: FastifyRequest, html: HtmlStream, path: string): Promise<void> {
    await html.send(this.template.start);
    const drawn = await this.draw(app, request, path).catch((error: unknown) => {
      request.log.warn({ err: error, path }, 'CRM page: not drawn on the server; the browser draws it');
      return null;
    });
    html.end(
      drawn
        ? this.template.rest(drawn.page, { id: CRM_PAGE_STATE_ID, value: drawn.state })
        : this.template.rest(null, null),
    );
  }

  /** The page drawn from this session's own reads, or null when one is not answered with 200. */
  private async draw(
    app: FastifyInstance,
    request: FastifyRequest,
    path: string,
  ): Promise<{ page: RenderedCrmPage; state: CrmPageState } | null> {
    const read = CRM_PAGE_READS[path];
    if (!read) return null;
    const since = Date.now();
    const answers = await Promise.all(
      [...SESSION_READ_PATHS, read].map(async (url) => {
        const answer = await app.inject({
          method: 'GET',
          url,
          headers: {
            cookie: request.headers.cookie ?? '',
            accept: 'application/json',
            'user-agent': request.headers['user-agent'] ?? '',
          },
          remoteAddress: request.ip,
        });
        return answer.statusCode === 200 ? ([url, answer.body] as const) : null;
      }),
    );
    if (answers.some((answer) => answer === null)) return null;
    const state: CrmPageState = { reads: Object.fromEntries(answers as [string, string][]), since };
    return { page: await this.renderer.renderCrmPage(request.url, state), state };
  }
}

/**
 * GET /crm and /crm/tasks: drawn for a session with CRM access, otherwise (or without a server build) the app's
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
      if (!(await actorMay(request, 'crm'))) return reply.callNotFound();
      allowInlineScripts(reply);
      await pages.send(app, request, streamHtml(request, reply, 'private, no-cache'), path);
      return reply;
    });
  }
}
