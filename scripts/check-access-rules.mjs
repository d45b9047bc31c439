// Access rules by name (issue #10 item 3, ADR 019): every action's rule is declared once, in
// src/domain/access-rules.ts, and routes, pages and buttons refer to it by name (`config: { access: 'pairRound' }`,
// `rule="manageRounds"`, `may(access, 'pairRound')`). Outside src/domain and tests, this fails on a permission
// asked for directly (`permissions.has(`) and on an access rule written inline (`{ permission: '…' }`,
// `{ allOf: … }`, `{ anyOf: … }`, `{ roles: [...] }`), which would let route, page and button drift apart.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const scanned = ['src/client', 'src/server'];
const isTestFile = (path) => /\.test\.tsx?$/.test(path);

/** What an inline rule looks like; a route refusal (`{ roles, message }`) is not a rule and is left alone. */
const FORBIDDEN = [
  { pattern: /\bpermissions\.has\(/g, what: 'asks for a permission directly (use may(access, name))' },
  { pattern: /\{\s*permission:\s*['"]/g, what: 'writes an access rule inline ({ permission })' },
  { pattern: /\{\s*allOf:/g, what: 'writes an access rule inline ({ allOf })' },
  { pattern: /\{\s*anyOf:/g, what: 'writes an access rule inline ({ anyOf })' },
  {
    pattern: /\{\s*roles:\s*\[[^\]]*\]\s*(?:as const\s*)?\}/g,
    what: 'writes an access rule inline ({ roles })',
  },
];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name) && !isTestFile(name)) yield path;
  }
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const problems = [];
for (const dir of scanned) {
  for (const file of sourceFiles(join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    for (const { pattern, what } of FORBIDDEN) {
      for (const match of text.matchAll(pattern)) {
        problems.push(
          `${relative(root, file)}:${lineOf(text, match.index)}: ${what}; name the rule in src/domain/access-rules.ts`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Access rules not used by name:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('access rules by name: ok');
