import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { generateSW } from 'workbox-build';
import { OFFLINE_STAFF_PAGE_PATHS } from './src/contracts/offline-pages';
import { PUBLIC_PAGE_PATHS } from './src/contracts/public-pages';

// CLIENT_OUT_DIR lets parallel work build elsewhere without replacing the bundle a running test serves.
const outDir = process.env.CLIENT_OUT_DIR ?? 'dist/client';
/** The server build of the client (ADR 023) sits beside the browser build: `dist/client` → `dist/client-ssr`. */
const ssrOutDir = `${outDir}-ssr`;

/** Writes .gz and .br next to every text asset so the server can send them without compressing per request. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      await writeServiceWorker();
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map((entry) =>
            entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
          ),
        );
        return nested.flat();
      };
      const files = (await walk(outDir)).filter((file) =>
        /\.(js|css|html|svg|json|txt|webmanifest)$/.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          await writeFile(`${file}.gz`, await promisify(gzip)(content, { level: 9 }));
          await writeFile(`${file}.br`, await promisify(brotliCompress)(content));
        }),
      );
    },
  };
}

/**
 * The service worker (ADR 033), written by Workbox's generateSW after the bundle (vite-plugin-pwa is not used:
 * the precompress step must see sw.js, and the SSR build must not get one). Only the icons and the manifest
 * are precached; everything else is cached as it is used:
 * - the public pages' HTML and the public API reads: network first, the cached copy after 3 s without an answer
 *   (offline, the leaderboard shows the last standings with their time);
 * - the HTML of the staff pages used in the hall (check-in desk and overview, result entry, kiosk): the same, so
 *   they open again when reloaded offline (their data comes from the tab's kept copy, ADR 032). The HTML is the
 *   app's shell, the same for everyone: nothing of the signed-in user is in it;
 * - hashed assets: cache first (a hash never changes its content);
 * - the unhashed files of public/ (theme and page loaders, favicon): stale while revalidate.
 * Never cached: the admin and account API, sign-in, and the live stream (/api/live).
 */
async function writeServiceWorker(): Promise<void> {
  const publicPages = JSON.stringify(PUBLIC_PAGE_PATHS);
  const staffPages = JSON.stringify(OFFLINE_STAFF_PAGE_PATHS);
  await generateSW({
    globDirectory: outDir,
    globPatterns: ['icons/*.png', 'manifest.webmanifest'],
    swDest: join(outDir, 'sw.js'),
    mode: 'production',
    sourcemap: false,
    inlineWorkboxRuntime: true,
    // A new deploy's worker takes over at once: nothing it serves is precached under an old name, so an open
    // page keeps working and loads the new code on its next navigation.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigateFallback: null,
    // Notifications of followed players and schools (ADR 045): a small hand-written handler in public/.
    importScripts: ['/sw-push.js'],
    runtimeCaching: [
      {
        urlPattern: new Function(
          'context',
          `return context.request.mode === 'navigate' && ${publicPages}.includes(context.url.pathname);`,
        ) as never,
        handler: 'NetworkFirst',
        options: {
          cacheName: 'public-pages',
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 20 },
        },
      },
      {
        urlPattern: new Function(
          'context',
          `return context.request.mode === 'navigate' && ${staffPages}.includes(context.url.pathname);`,
        ) as never,
        handler: 'NetworkFirst',
        options: {
          cacheName: 'staff-pages',
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 10 },
        },
      },
      {
        urlPattern: /\/api\/public\//,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'public-api',
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 50 },
        },
      },
      {
        urlPattern: /\/assets\//,
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 200 } },
      },
      {
        urlPattern: /\/(theme-init|page-code-loader)\.js$|\/favicon\.svg$/,
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'site-files' },
      },
    ],
  });
}

/**
 * `vite build --ssr entry-server.tsx`: one ES module the server imports to draw the public pages. Everything is
 * bundled into it (no dependency is looked up at run time, so a production install without dev dependencies
 * runs it), and nothing of it is served to browsers.
 */
const ssrBuild = defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  ssr: { noExternal: true },
  // React's production build, whatever NODE_ENV the server runs with (`npm start` sets none): its development
  // build, chosen at run time otherwise, draws a page several times slower (the CRM matrix: ≈ 600 → ≈ 100 ms).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: `../../${ssrOutDir}`,
    emptyOutDir: true,
    reportCompressedSize: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

const browserBuild = defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: `../../${outDir}`,
    emptyOutDir: true,
    sourcemap: process.env.CLIENT_SOURCEMAP === '1',
    reportCompressedSize: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk: split into many small shared chunks (which the admin
        // route table's own chunk would otherwise cause), it compresses worse and costs more requests.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});

/**
 * React Router ships a production build beside its development one, but its package exports name only the
 * development files (remix-run/react-router#12532, #14102: its development warnings stay on in production
 * bundles). A build takes the production files; the dev server keeps the warnings.
 */
const reactRouterProduction = {
  resolve: {
    alias: [
      {
        find: /^react-router$/,
        replacement: join(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
      },
    ],
  },
};

export default defineConfig((env) => {
  const config = env.isSsrBuild ? ssrBuild : browserBuild;
  return env.command === 'build' ? { ...config, ...reactRouterProduction } : config;
});
