import type { Logger } from 'pino';
import { lookupNameOf } from '../../../contracts/player-lookup';
import {
  PUBLIC_PAGE_STATE_ID,
  type PublicPageDataName,
  type PublicPagePath,
  type PublicPageRenderer,
  type PublicPageSource,
} from '../../../contracts/public-pages';
import { normalizeName } from '../../../domain/names';
import { sanitizeHtml } from '../../core/rich-text/rich-text.sanitizer';
import { readImportantInformation } from '../../core/site-content/important-information';
import {
  PAGE_DATA_VIEWS,
  type PublicDataCache,
  type PublicSnapshot,
} from '../../core/tournament/public-data-cache';
import type { Db } from '../../db/client';
import { CachedBody } from '../../http/cached-json';
import { loadServerDrawing, type PageTemplate } from '../../http/page-template';

/** Distinct player-lookup pages kept per snapshot (like the lookup JSON): a flood of made-up names cannot grow it. */
const LOOKUP_PAGE_LIMIT = 2_000;
const HTML = 'text/html; charset=utf-8';

/**
 * The public pages drawn on the server (ADR 023), each drawn once per snapshot of the public data and then sent
 * to everyone from memory with its ETag and compressed copies: 400 phones opening the leaderboard as a round is
 * paired cost one render. A change of the data (the snapshot is replaced) starts a fresh set.
 */
export class PublicPages {
  private readonly pages = new WeakMap<PublicSnapshot, Map<string, Promise<CachedBody>>>();

  private constructor(
    private readonly renderer: PublicPageRenderer,
    private readonly template: PageTemplate,
    private readonly db: Db,
    private readonly cache: PublicDataCache,
  ) {}

  /** Null when the client or its server build is missing (API-only tests, a clone before `npm run build`). */
  static async load(options: {
    clientDir: string | null;
    db: Db;
    cache: PublicDataCache;
    logger: Logger;
  }): Promise<PublicPages | null> {
    const drawing = await loadServerDrawing<PublicPageRenderer>(options.clientDir, options.logger, {
      name: 'public pages',
      modules: (renderer) => renderer.publicPageModules,
    });
    if (!drawing) return null;
    const { renderer, template } = drawing;
    return new PublicPages(renderer, template, options.db, options.cache);
  }

  /** The CSP sources of the inline scripts the pages carry (the theme before the first paint; the code after). */
  get scriptHashes(): readonly string[] {
    return this.template.scriptHashes;
  }

  /**
   * The page at this address (`query`: the raw query string, or null); only the path and, on the lookup page,
   * the name decide what it shows.
   */
  async page(path: PublicPagePath, query: string | null): Promise<CachedBody> {
    const snapshot = await this.cache.snapshot();
    let pages = this.pages.get(snapshot);
    if (!pages) {
      pages = new Map();
      this.pages.set(snapshot, pages);
    }
    // Phones ask for the same few addresses: an exact repeat skips parsing the name. Addresses (as sent) and
    // keys (what the page shows) are kept apart, so no address can pass for another name's key.
    const address = query === null || path !== '/player-lookup' ? path : `address ${query}`;
    const seen = pages.get(address);
    if (seen) return seen;
    const lookup =
      path === '/player-lookup' && query !== null
        ? lookupNameOf(new URLSearchParams(query).get('name'))
        : null;
    const key = lookup === null ? path : `name ${lookup}`;
    let page = pages.get(key);
    if (!page) {
      if (lookup !== null && pages.size >= LOOKUP_PAGE_LIMIT) pages.clear();
      const url = lookup === null ? path : `${path}?${new URLSearchParams({ name: lookup })}`;
      page = this.render(url, snapshot);
      pages.set(key, page);
      // A failed render is not kept: the next request tries again.
      page.catch(() => {
        pages.delete(key);
        pages.delete(address);
      });
    }
    if (address !== key) pages.set(address, page);
    return page;
  }

  private async render(url: string, snapshot: PublicSnapshot): Promise<CachedBody> {
    const rendered = await this.renderer.renderPublicPage(url, this.sourceFor(snapshot), {
      sanitiseRichText: sanitizeHtml,
    });
    return new CachedBody(
      this.template.fill(rendered, { id: PUBLIC_PAGE_STATE_ID, value: rendered.state }),
      HTML,
    );
  }

  /** The same JSON bodies the public API sends from this snapshot: the page and the API cannot disagree. */
  private sourceFor(snapshot: PublicSnapshot): PublicPageSource {
    const db = this.db;
    return {
      readAt: snapshot.readAt,
      async json(name: PublicPageDataName) {
        if (name === 'importantInformation') return JSON.stringify(await readImportantInformation(db));
        return snapshot.json(PAGE_DATA_VIEWS[name]).body;
      },
      async playerLookup(name: string) {
        return snapshot.lookup(normalizeName(name)).body;
      },
    };
  }
}
