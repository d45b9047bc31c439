import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const clientSource = fileURLToPath(new URL('../../../src/client/', import.meta.url));

/**
 * A built web client in miniature, for server tests of the server-drawn pages (ADR 023) without running the
 * build: an index.html shaped like the build's, a manifest, a stylesheet and the two scripts the pages inline,
 * and beside it (`<dir>-ssr/entry-server.js`) the real render entry, loaded from source through the test runner.
 */
/** How many pages the fixture's render entry has drawn in this process. */
export function publicPageRenders(): number {
  return (globalThis as { publicPageRenders?: number }).publicPageRenders ?? 0;
}

export function createClientFixture(): { clientDir: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'client-fixture-'));
  const clientDir = join(root, 'client');
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  mkdirSync(join(clientDir, 'assets'));
  mkdirSync(`${clientDir}-ssr`);
  writeFileSync(
    join(clientDir, 'index.html'),
    [
      '<!doctype html><html lang="en-IE"><head><meta charset="UTF-8" /><title>Schools Chess Tournament</title>',
      '<script src="/theme-init.js"></script>',
      '<script type="module" crossorigin src="/assets/index-test.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-test.css">',
      '</head><body><div id="root"></div>',
      '<noscript>This site needs JavaScript to show live pairings and results.</noscript></body></html>',
    ].join('\n'),
  );
  writeFileSync(join(clientDir, 'assets', 'index-test.css'), 'body{margin:0}');
  writeFileSync(join(clientDir, 'assets', 'index-test.js'), '');
  writeFileSync(
    join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-test.js', isEntry: true, imports: [] },
      'features/leaderboard/leaderboard-page.tsx': {
        file: 'assets/leaderboard-page-test.js',
        imports: ['_table-test.js', 'index.html'],
      },
      '_table-test.js': { file: 'assets/table-test.js', name: 'table' },
      '_home-page-test.js': { file: 'assets/home-page-test.js', name: 'home-page' },
      'features/crm/crm-early.ts': { file: 'assets/crm-early-test.js', imports: ['index.html'] },
      'features/crm/crm-routes.tsx': { file: 'assets/crm-routes-test.js', imports: ['index.html'] },
      'features/crm/crm-tasks-page.tsx': {
        file: 'assets/crm-tasks-page-test.js',
        imports: ['_table-test.js', 'index.html'],
      },
      'features/crm/crm-overview-page.tsx': {
        file: 'assets/crm-overview-page-test.js',
        imports: ['_table-test.js', 'index.html'],
      },
    }),
  );
  for (const script of ['theme-init.js', 'page-code-loader.js']) {
    copyFileSync(join(clientSource, 'public', script), join(clientDir, script));
  }
  // The real entry, with each render counted (globalThis.publicPageRenders) so tests can see how often it draws.
  writeFileSync(
    join(`${clientDir}-ssr`, 'entry-server.js'),
    [
      `import * as entry from ${JSON.stringify(join(clientSource, 'entry-server.tsx'))};`,
      'export const publicPageModules = entry.publicPageModules;',
      'export function renderPublicPage(...args) {',
      '  globalThis.publicPageRenders = (globalThis.publicPageRenders ?? 0) + 1;',
      '  return entry.renderPublicPage(...args);',
      '}',
      'export const crmPageModules = entry.crmPageModules;',
      'export const renderCrmPage = entry.renderCrmPage;',
    ].join('\n'),
  );
  return { clientDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
