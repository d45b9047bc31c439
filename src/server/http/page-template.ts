import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { BuildManifest } from './build-manifest';
import { scriptHash, THEME_SCRIPT_TAG, withThemeScriptInline } from './inline-script';

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const PAGE_CODE_ID = 'page-code';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
/**
 * Without scripts a drawn page still reads; it just does not follow the tournament by itself. Nothing is stored
 * on the device then, so there is no cookie choice to ask for, and the phone menu, which a script opens, is
 * shown open instead.
 */
const NOSCRIPT_DRAWN = [
  '<noscript>This page does not update itself without JavaScript: reload it for the latest results.',
  '<style>[data-cookie-banner],[data-menu-toggle]{display:none}',
  // In the stylesheet's base layer, after its rule that hides [hidden] elements (an important rule of a layer
  // outranks any unlayered one). The header, then tall, scrolls away instead of staying on top.
  '@layer base{@media (max-width:47.99rem){',
  '[data-site-menu]{display:block!important}[data-site-header]{position:static!important}}}',
  '</style></noscript>',
].join('');

/** The server build of the client sits beside the browser build (vite.config.ts): dist/client → dist/client-ssr. */
function rendererPathFor(clientDir: string): string {
  return join(`${clientDir}-ssr`, 'entry-server.js');
}

/**
 * The server's means of drawing pages (ADRs 023, 037): the client's render entry (src/client/entry-server.tsx), seen
 * as the `Renderer` contract of the feature that draws, and the built page it pours pages into, with the feature's
 * page modules (`what.modules`) checked against the build once at start.
 * Null when the client or its server build is missing (API-only tests, a clone before `npm run build`): the pages
 * are then drawn in the browser.
 */
export async function loadServerDrawing<Renderer>(
  clientDir: string | null,
  logger: Logger,
  what: { name: string; modules: (renderer: Renderer) => readonly string[] },
): Promise<{ renderer: Renderer; template: PageTemplate } | null> {
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return null;
  const rendererPath = rendererPathFor(clientDir);
  if (!existsSync(rendererPath)) {
    logger.warn(
      { rendererPath },
      `${what.name}: no server build of the client; pages are drawn in the browser`,
    );
    return null;
  }
  const renderer = (await import(pathToFileURL(rendererPath).href)) as Renderer;
  const template = await PageTemplate.load(clientDir);
  const unknown = template.unknownModules(what.modules(renderer));
  if (unknown.length > 0) logger.warn({ unknown }, `${what.name}: modules to preload not in the build`);
  return { renderer, template };
}

/**
 * The built index.html with a drawn page poured in (ADR 023): the markup inside #root and the data it was drawn
 * from as a JSON data block (inert: the CSP has nothing to allow).
 * Nothing but the HTML itself comes before the first paint: the stylesheet (12 kB compressed) and the theme script
 * (the stored dark theme before the first paint) are inlined, and the page's code (the entry and, from the build
 * manifest, every chunk the page needs at once, fetched side by side) is loaded after the first paint by
 * page-code-loader.js. The two inline scripts are allowed by their hashes (`scriptHashes`).
 */
export class PageTemplate {
  private constructor(
    private readonly head: string,
    private readonly tail: string,
    private readonly entry: string,
    private readonly manifest: BuildManifest,
    /** The CSP sources that allow the two inlined scripts, and no other. */
    readonly scriptHashes: readonly string[],
  ) {}

  static async load(clientDir: string): Promise<PageTemplate> {
    const html = await readFile(join(clientDir, 'index.html'), 'utf8');
    const manifest = await BuildManifest.load(clientDir);
    const at = html.indexOf(ROOT);
    const stylesheet = STYLESHEET.exec(html);
    const entry = ENTRY_SCRIPT.exec(html);
    if (at < 0 || !stylesheet?.[1] || !entry?.[1] || !html.includes(THEME_SCRIPT_TAG)) {
      throw new Error('index.html is not the one the public pages expect (root, stylesheet, scripts)');
    }
    const css = await readFile(join(clientDir, stylesheet[1]), 'utf8');
    const themeScript = await readFile(join(clientDir, 'theme-init.js'), 'utf8');
    const loaderScript = await readFile(join(clientDir, 'page-code-loader.js'), 'utf8');
    const head = withThemeScriptInline(html.slice(0, at).replace(entry[0], ''), themeScript)
      // The link stays, disabled (neither fetched nor blocking): the build's loader of lazy chunks looks for it
      // and would otherwise fetch the stylesheet again.
      .replace(stylesheet[0], (link) => `<style>${css}</style>${link.replace('<link ', '<link disabled ')}`);
    const tail = html
      .slice(at + ROOT.length)
      .replace(NOSCRIPT, NOSCRIPT_DRAWN)
      .replace('</body>', () => `<script>${loaderScript}</script></body>`);
    return new PageTemplate(head, tail, entry[1], manifest, [
      scriptHash(themeScript),
      scriptHash(loaderScript),
    ]);
  }

  /** The chunk files of these modules and of everything they import statically, each once, the entry's left out. */
  chunksOf(modules: readonly string[]): string[] {
    return this.manifest.chunksOf(modules);
  }

  /** Modules the build does not know (a page renamed without updating the list): reported once at start. */
  unknownModules(modules: readonly string[]): string[] {
    return this.manifest.unknownModules(modules);
  }

  /**
   * The HTML of a drawn page: its markup, the data it was drawn from under `stateId` (a public page's or a CRM
   * page's, ADR 037) and the chunks it needs at once.
   */
  fill(page: { html: string; modules: readonly string[] }, state: { id: string; value: unknown }): string {
    return this.head + this.rest(page, state);
  }

  /**
   * Everything before the drawn markup (inline stylesheet and theme script), the same for every page: sent ahead
   * while a page is drawn, so the browser sets the page up meanwhile (ADR 037).
   */
  get start(): string {
    return this.head;
  }

  /**
   * What follows `start`: the drawn page with its data and code; or, with no page, an empty root and the entry
   * alone, which the browser fills as it does the app's shell.
   */
  rest(
    page: { html: string; modules: readonly string[] } | null,
    state: { id: string; value: unknown } | null,
  ): string {
    const code = {
      entry: this.entry,
      preload: page ? this.chunksOf(page.modules).map((file) => `/${file}`) : [],
    };
    return [
      `<div id="root">${page?.html ?? ''}</div>`,
      state ? jsonBlock(state.id, state.value) : '',
      jsonBlock(PAGE_CODE_ID, code),
      this.tail,
    ].join('');
  }
}

function jsonBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${escapeJsonForHtml(JSON.stringify(value))}</script>`;
}

/** JSON inside <script>: no `</script>` or `<!--` can end or bend the block, and U+2028/9 stay escaped. */
export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
