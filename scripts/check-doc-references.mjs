// The repository stands alone: no code, test, script or document may read from or cite what is beside it
// (the reference shelf folder next to the clone, or the shelf's document names: SPEC, SECURITY-TARGETS, DESIGN,
// STACK.md, PAIRING-NOTES, FIELD*.md), and every
// `docs/<name>.md §N` cited must name a document and a section that exist.
//
//   node scripts/check-doc-references.mjs            (in `npm run lint`) any such reference is an error (exit 1)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

const outside = [
  // Built from parts so that this file does not itself name the folder it forbids.
  [
    new RegExp(`(?:\\.\\.|/work)/${'sha'}red\\b`),
    'reads or cites the reference shelf beside the repository (use tests/fixtures/ or docs/)',
  ],
  [/\bSPEC\b/, 'cites SPEC: cite docs/requirements.md §N'],
  [/\bSECURITY-TARGETS\b/, 'cites SECURITY-TARGETS: cite docs/security.md T##'],
  [/\bDESIGN(?: §|\.md\b)/, 'cites DESIGN: cite docs/conventions.md §N'],
  [/\bSTACK\.md\b/, 'cites STACK.md: cite docs/stack.md'],
  [/\bPAIRING-NOTES\b/, 'cites PAIRING-NOTES: cite docs/pairing-notes.md §N'],
  [/\bFIELD(?:-WAVE2)?\.md\b/, 'cites FIELD notes that are not in the repository'],
];
const skipped = [
  /^scripts\/check-doc-references\.mjs$/,
  /^tests\/fixtures\//,
  /^src\/server\/db\/migrations\//,
  /(^|\/)package-lock\.json$/,
];
const textFile = /\.(ts|tsx|mjs|cjs|js|json|md|sh|yml|yaml|conf|service)$|^\.ci\/run$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && textFile.test(file) && !skipped.some((pattern) => pattern.test(file)))
  .filter((file) => existsSync(join(root, file)));

/** The section numbers ("4", "4.9") a document's headings and numbered convention lists define. */
const sectionsOf = new Map();
function sections(doc) {
  if (!sectionsOf.has(doc)) {
    const found = new Set();
    const text = existsSync(join(root, doc)) ? readFileSync(join(root, doc), 'utf8') : null;
    if (text !== null) {
      let current = null;
      for (const line of text.split('\n')) {
        const heading = /^#{2,}\s+(\d+)(?:[.–-](\d+))?\b/.exec(line);
        if (heading) {
          current = heading[1];
          found.add(heading[1]);
          if (heading[2])
            for (let n = Number(heading[1]); n <= Number(heading[2]); n += 1) found.add(String(n));
          continue;
        }
        const item = /^(\d+)\.\s/.exec(line);
        if (item && current) found.add(`${current}.${item[1]}`);
      }
    }
    sectionsOf.set(doc, text === null ? null : found);
  }
  return sectionsOf.get(doc);
}

/** The target ids docs/security.md defines (a table row per id). */
const securityIds = new Set(
  existsSync(join(root, 'docs/security.md'))
    ? [...readFileSync(join(root, 'docs/security.md'), 'utf8').matchAll(/^\| (T\d{2}) \|/gm)].map(
        (match) => match[1],
      )
    : [],
);

const errors = [];
for (const file of files) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [pattern, message] of outside) {
      if (pattern.test(line)) errors.push(`${where}: ${message}`);
    }
    for (const match of line.matchAll(/\bdocs\/([\w-]+\.md)(?: §(\d+(?:\.\d+)?))?/g)) {
      const doc = `docs/${match[1]}`;
      const known = sections(doc);
      if (known === null) errors.push(`${where}: cites ${doc}, which does not exist`);
      else if (match[2] && !known.has(match[2]) && !known.has(match[2].split('.')[0])) {
        errors.push(`${where}: cites ${doc} §${match[2]}, which has no such section`);
      }
    }
    for (const match of line.matchAll(/\bdocs\/security\.md (T\d{2})\b/g)) {
      if (!securityIds.has(match[1]))
        errors.push(`${where}: cites docs/security.md ${match[1]}, which is not defined`);
    }
  });
}

for (const line of errors) console.error(`error: ${line}`);
if (errors.length > 0) {
  console.error(`doc references: ${errors.length} error(s)`);
  process.exit(1);
}
console.log('doc references: ok');
