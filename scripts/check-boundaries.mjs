// Import boundaries (docs/conventions.md §4.9): the domain imports nothing of ours, contracts import only the domain,
// the client never imports the server, and the server never imports the client. Also (issue #10 item 4): no
// import cycle among src files, and a feature imports another feature only through that feature's public
// modules listed below (tests are exempt from the feature rule: they may set up state through any module).
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
/** Tests that compare two layers, with the one module of the other layer each may import (and why). */
const crossLayerTests = {
  'src/server/auth/page-route-access.test.ts': {
    'src/client/features/admin/admin-pages.ts':
      'admin pages and their API routes declare the same access name',
  },
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

/**
 * The modules of a feature other features may import, `<feature>/<module>` without extension, one reason each.
 * Anything else in src/<side>/features/<feature>/ is that feature's own. Add a module here only with a reason.
 */
const publicModules = {
  // A server feature imports no other server feature (issue #28): what several features need lives in
  // src/server/core (the settings, the tournament, schools, registrations, users, payments, bot protection,
  // safe control, jobs, …), which in turn imports no feature. Add a module here only with a reason.
  server: {},
  client: {
    'auth/queries': 'the session and its permissions',
    'auth/credentials': 'signing in and changing the password (the onboarding and account pages)',
    'crm/crm-early': 'the CRM pages’ code and read, started by main.tsx beside the session (ADR 030)',
    'auth/require-access': 'the route guard',
    'auth/redirect-path': "the sign-in page's return-to parameter (the kiosk's staff sign-in link)",
    'auth/lazy-user-menu': 'the user menu, loaded lazily by the layout',
    'auth/offline-session':
      "the signed-in state and the hall's pages' data kept for a reload offline (the notices, the kiosk)",
    'auth/user-menu-items': 'the user menu entries (admin)',
    'admin/admin-pages': 'the admin page list (menu and guard)',
    'checkin/desk-actions': "the desk's outbox sender, registered by any staff page while desk actions wait",
    'checkin/kiosk-outbox': "the kiosk's outbox sender, registered by any staff page while kiosk scans wait",
    'match-results/queries': "result entry's outbox sender, registered by any staff page while results wait",
    'tutorial/tutorial-state': 'tutorial progress',
    'layout/theme-picker': 'the theme picker (account)',
    'home/queries': 'the home data (layout header)',
    'layout/site-header': 'the site header, drawn in the home page preview (settings)',
    'info/privacy-page': 'the privacy text (guardian consent)',
    'errors/page-outlet': 'the error boundary outlet (print)',
    'registrations/queries': 'the registration settings',
    'registrations/access-tokens':
      "a registration link's token kept for the tab, so the teacher's roster page opens from the teams page",
    'registrations/registration-load-error':
      "a registration link that finds nothing (the teacher's roster page)",
    'registrations/proof-of-work': 'the proof-of-work solver, run by the bot check of every public form',
    'bot-protection/bot-check': 'the bot check of a public form (registration, password reset; ADR 022)',
    'user-management/role-options': 'role choices (invites)',
    'user-management/role-select': 'the role picker (invites)',
    'invites/invites-panel': 'the invitations panel (user management)',
    'follows/follow-button': "the Follow button of a player's or a school's card (player lookup; ADR 045)",
    'player-lookup/player-badge': 'a player badge (dashboard)',
    'player-lookup/player-result-card': 'a player result card (dashboard)',
    'print/print-lists': 'printable lists (player lookup)',
    'leaderboard/players-table': 'the standings tables, printed too',
    'leaderboard/teams-table': 'the team standings table, printed too',
    'leaderboard/queries': 'the standings data, printed too',
    'leaderboard/tiebreak-labels': 'tie-break headings, printed too',
    'tournament/queries': 'the public tournament data',
    'tournament/board-views': 'boards and pairings views',
    'tournament/pairing-notes': 'pairing notes of a round',
    'tournament/round-schedule-table': 'the round schedule',
    'settings-gate/settings-gate': 'the settings-password gate around a gated section (site content)',
    'site-content/queries': 'the important-information text (the public page)',
    'site-content/lazy-rich-text-editor':
      'the rich-text editor, loaded only when an admin form opens (announcements)',
    'safe-control/site-status':
      'which safe-control switches are on: paused registration, payments and results, the notices, the app bar',
  },
};
/** A client page (`*-page`, `*-pages`) is public too: the route tables (app/router.tsx, admin/admin-routes.tsx) mount it. */
const isPublicModule = (side, name) =>
  name in publicModules[side] || (side === 'client' && /-pages?$/.test(name));

const featureOf = (path) => {
  const match = /^src\/(server|client)\/features\/([^/]+)\/(.+)\.tsx?$/.exec(relative(root, path));
  return match ? { side: match[1], feature: match[2], module: match[3] } : null;
};
const isTestFile = (path) => /\.test\.tsx?$/.test(path);
/**
 * Server code outside the features (core, http, auth, db, …) is what features lean on, so it imports none of
 * them; only the files that assemble the server may: app.ts mounts the features, main.ts starts it, and
 * background-jobs.ts lists every background job with the work each feature gives it (issue #28).
 */
const serverAssembly = new Set(['src/server/app.ts', 'src/server/main.ts', 'src/server/background-jobs.ts']);
const isServerShared = (path) => {
  const rel = relative(root, path);
  return rel.startsWith('src/server/') && !rel.startsWith('src/server/features/') && !serverAssembly.has(rel);
};

function resolveSource(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}

/** Static imports that exist at run time: `import type` and `export type` lines do not, nor does `import()`. */
const staticImportPattern = /(?:^|\n)\s*(import|export)\s+(type\s)?[^'"]*?from\s*['"]([^'"]+)['"]/g;
const graph = new Map();

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
    const edges = [];
    graph.set(file, edges);
    for (const match of text.matchAll(staticImportPattern)) {
      if (match[2] || !match[3].startsWith('.')) continue;
      const target = resolveSource(file, match[3]);
      if (target) edges.push(target);
    }
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
      const crossLayer =
        crossLayerTests[relative(root, file)]?.[relative(root, resolveSource(file, specifier) ?? '')];
      if (target && !allowed[layer].includes(target) && !crossLayer) {
        problems.push(`${relative(root, file)}: ${layer} must not import ${target} (${specifier})`);
      }
      const resolvedTarget = resolveSource(file, specifier) ?? resolve(dirname(file), specifier);
      if (isServerShared(file) && featureOf(resolvedTarget)?.side === 'server' && !isTestFile(file)) {
        problems.push(
          `${relative(root, file)}: the server's shared code must not import a feature (${specifier}); move what both need into src/server/core`,
        );
      }
      const from = featureOf(file);
      const to = featureOf(resolveSource(file, specifier) ?? resolve(dirname(file), specifier));
      if (from && to && from.side === to.side && from.feature !== to.feature && !isTestFile(file)) {
        const name = `${to.feature}/${to.module}`;
        if (!isPublicModule(to.side, name)) {
          problems.push(
            `${relative(root, file)}: imports ${name}, not a public module of ${to.side} feature ${to.feature} (scripts/check-boundaries.mjs)`,
          );
        }
      }
    }
  }
}

// The settings table (issue #28): only src/server/core/settings/ reads or writes `system_settings`; everything
// else goes through its typed, registered and audited functions (settings.service.ts). Tests may set up state
// with settings.repo. The files below name the table for a reason of their own.
const settingsModule = 'src/server/core/settings/';
const settingsTableNamedBy = {
  'src/server/db/schema/settings.ts': 'the table is defined there',
  'src/server/features/backups/backup-restore.ts':
    'a restore keeps the system’s own settings rows across it, whatever their keys (ADR 025)',
};
/** The Drizzle table, or SQL text on the table (`insert into`, `delete from`, `update`, `select … from`, `join`). */
const settingsTablePattern =
  /\bsystemSettings\b|\b(?:insert\s+into|delete\s+from|update|join|truncate)\s+system_settings\b|\bselect\b[^;\n]*\bfrom\s+system_settings\b/i;
for (const file of graph.keys()) {
  const rel = relative(root, file);
  if (rel.startsWith(settingsModule) || isTestFile(rel) || rel in settingsTableNamedBy) continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    const target = specifier?.startsWith('.') ? resolveSource(file, specifier) : null;
    if (target && relative(root, target) === `${settingsModule}settings.repo.ts`) {
      problems.push(
        `${rel}: imports settings.repo; read and write settings through ${settingsModule}settings.service.ts`,
      );
    }
  }
  if (settingsTablePattern.test(text)) {
    problems.push(
      `${rel}: touches the system_settings table; only ${settingsModule} may (settings.service.ts)`,
    );
  }
}

// Import cycles: a depth-first search over the static import graph; each cycle is reported once.
const state = new Map();
const stack = [];
const seenCycles = new Set();
function visit(file) {
  state.set(file, 'open');
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'open') {
      const cycle = stack.slice(stack.indexOf(next)).map((path) => relative(root, path));
      const key = [...cycle].sort().join(' ');
      if (!seenCycles.has(key)) {
        seenCycles.add(key);
        problems.push(`import cycle: ${[...cycle, cycle[0]].join(' -> ')}`);
      }
    } else if (!state.has(next) && graph.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 'done');
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (problems.length > 0) {
  console.error(`Import boundary violations:\n${[...new Set(problems)].join('\n')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
