// Import boundaries (docs/conventions.md §4.9): the domain imports nothing of ours, contracts import only the domain,
// the client never imports the server, and the server never imports the client.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const layers = ['domain', 'contracts', 'server', 'client'];
const allowed = {
  domain: ['domain'],
  contracts: ['contracts', 'domain'],
  server: ['server', 'contracts', 'domain'],
  client: ['client', 'contracts', 'domain'],
};
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const layerOf = (path) => layers.find((layer) => path.startsWith(`${join(root, 'src', layer)}/`));
const problems = [];
for (const layer of layers) {
  const dir = join(root, 'src', layer);
  try {
    statSync(dir);
  } catch {
    continue;
  }
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      if (!specifier) continue;
      if (
        layer === 'domain' &&
        (specifier.startsWith('node:') || /^(fs|path|crypto|http|os)$/.test(specifier))
      ) {
        problems.push(`${relative(root, file)}: the domain must not import Node I/O (${specifier})`);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = layerOf(resolve(dirname(file), specifier));
      if (target && !allowed[layer].includes(target)) {
        problems.push(`${relative(root, file)}: ${layer} must not import ${target} (${specifier})`);
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`Import boundary violations:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
