import { NOINDEX_HEADER, NOINDEX_PATHS, PUBLIC_PAGE_PATHS } from '../../../contracts/public-pages';
import type { Feature } from '../../feature-context';
import { sendCached } from '../../http/cached-json';
import { inlineScriptsAllower } from '../../http/security-headers';
import { PublicPages } from './public-pages.service';

/**
 * GET (and HEAD) of each public page answers its server-drawn HTML (ADR 023), revalidated by ETag. Without a
 * server build of the client the routes are not added and the pages fall back to the browser-drawn shell.
 */
export const publicPagesFeature: Feature = {
  name: 'public-pages',
  register: async (app, { clientDir, db, cache, logger }) => {
    const pages = await PublicPages.load({ clientDir, db, cache, logger });
    if (!pages) return;
    const allowInlineScripts = inlineScriptsAllower(pages.scriptHashes);
    for (const path of PUBLIC_PAGE_PATHS) {
      app.get(path, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
        const query = request.url.indexOf('?');
        const page = await pages.page(path, query < 0 ? null : request.url.slice(query + 1));
        allowInlineScripts(reply);
        if (NOINDEX_PATHS.includes(path)) reply.header(NOINDEX_HEADER.name, NOINDEX_HEADER.value);
        return sendCached(request, reply, page);
      });
    }
  },
};
