/**
 * npm run bench:crm — issue 15's speed target: with 60 schools and 1,500 tasks, the CRM overview (/crm, the
 * readiness matrix) and the task board (/crm/tasks) show all their data in under 1 s on a 375 px and a 1280 px
 * viewport, and a card moved with its "Move to…" menu lands in its new column at once.
 *
 * The real app in this process with the built client (`CLIENT_OUT_DIR`, default dist/client; build it first) on
 * PGlite in memory: the demo tournament and accounts, then 60 schools with a registration each (so the sync
 * creates its 9 tasks per school: 540) and tasks added by hand up to 1,500 (spread over states, assignees,
 * priorities, due dates and labels; a checklist on every 4th, comments on every 6th). Debian's Chromium through
 * Playwright, signed in as the demo superadmin.
 *
 * What is timed, in the page (performance.now(), whose origin is the navigation's start), from a fresh page each
 * run in one signed-in browser context (the cache warm and the CRM seen before, as for staff coming back: the
 * early reads of ADR 030 start), until the frame showing the data has been painted (the first task after the
 * next animation frame):
 * - /crm: the matrix has a row for each of the 60 schools and the last row is laid out (checkVisibility);
 * - /crm/tasks: what the user sees first — a lane for each school, each heading with its count and the counts
 *   adding up to every task (so the whole board's data is there and counted), the first lane's cards drawn, no
 *   placeholder (cards not drawn yet) inside the viewport and the last card inside it laid out. The board draws
 *   the cards of lanes further down only as they come near the viewport (ADR 030): waiting for all 1,500 cards
 *   would time a state the page never reaches by itself and no user waits for;
 * - a card move: from the "Move to…" menu's change event until the card is in its lane's "Waiting on school"
 *   column and painted (the optimistic move), and until the server has confirmed it (the menu enabled again).
 * Also printed: each read timed on the server alone (inject) with its size, and where each page's time goes
 * (the resource timings of the HTML, the entry script, the lazy chunks, the session's reads and the CRM read).
 * Median of --runs (default 5) after one warm-up run. Target: 1 s for each page. `--pages matrix,board`,
 * `--widths 375,1280` and `--no-move` narrow a run; `--profile` prints where the last run's main thread spent its
 * time (self time by script and by function, from Chromium's CPU profiler); `--shots DIR` saves screenshots (the first screens, and the
 * board scrolled half-way once its lanes there are drawn, with the time that took).
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { CRM_PRIORITIES, CRM_TASK_STATES } from '../src/domain/crm';
import { createClock } from '../src/server/clock';
import { crmChecklistItems, crmComments, crmTasks } from '../src/server/db/schema/crm';
import {
  registrations,
  registrationTeamPlayers,
  registrationTeams,
} from '../src/server/db/schema/registrations';
import { schools } from '../src/server/db/schema/schools';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';
import { loadStaff } from '../src/server/features/crm/crm.service';
import { CrmSync } from '../src/server/features/crm/crm-sync';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { benchServer } from './support/bench-server';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
function list(name: string, fallback: string[]): string[] {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : String(process.argv[index + 1]).split(',');
}
const runs = option('runs', 5);
const PAGES = list('pages', ['matrix', 'board']);
const WIDTHS = list('widths', ['375', '1280']).map(Number);
const withMove = !process.argv.includes('--no-move');
/** `--profile`: where the page's main thread spends its time until the data is shown (see printProfile). */
const profileRuns = process.argv.includes('--profile');

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time by function and by script file, the 12 largest of each, in ms. */
function printProfile(title: string, profile: CpuProfile): void {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [index, id] of samples.entries()) {
    const frame = frames.get(id);
    const ms = (deltas[index] ?? 0) / 1000;
    if (!frame) continue;
    const file = frame.url
      ? (frame.url.split('/').pop() ?? frame.url)
      : `(${frame.functionName || 'native'})`;
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const top = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, ms]) => `| ${name} | ${Math.round(ms)} ms |`)
      .join('\n');
  console.log(
    `\nCPU profile of ${title} (self time until the data is shown)\n\n| script | self |\n|---|---:|`,
  );
  console.log(top(byFile));
  console.log(`\n| function | self |\n|---|---:|\n${top(byFunction)}`);
}

/** `--shots DIR`: screenshots of each page's first screen, and of the board scrolled half-way, per viewport. */
const shotsDir = list('shots', [''])[0];
const SCHOOLS = option('schools', 60);
const TASKS = option('tasks', 1_500);
const TARGET_MS = 1_000;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
].filter((viewport) => WIDTHS.includes(viewport.width));

const clientOutDir = process.env.CLIENT_OUT_DIR ?? 'dist/client';
const clientDir = fileURLToPath(new URL(`../${clientOutDir}`, import.meta.url));
{
  const { existsSync } = await import('node:fs');
  if (!existsSync(`${clientDir}/index.html`) || !existsSync(`${clientDir}-ssr/entry-server.js`)) {
    console.error(
      `The pages are measured from the built client (${clientOutDir}): run \`npm run build\` first.`,
    );
    process.exit(1);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// ---- the server: the real app on PGlite in memory, with the built client --------------------------------
const logger = pino({ level: 'warn' });
const server = await benchServer();
const { db, base, database } = server;

// ---- the data: 60 schools with a registration each, the sync's tasks, then tasks by hand up to 1,500 -------
const seedStarted = performance.now();
const schoolRows = await db
  .insert(schools)
  .values(
    Array.from({ length: SCHOOLS }, (_, index) => ({
      name: `Bench School ${String(index + 1).padStart(2, '0')}`,
      teacherName: index % 5 === 0 ? null : `Teacher ${index + 1}`,
      teacherEmail: `teacher${index + 1}@school.example`,
    })),
  )
  .returning({ id: schools.id, name: schools.name });
const registrationRows = await db
  .insert(registrations)
  .values(
    schoolRows.map((school, index) => ({
      reference: `REG-B${String(index).padStart(3, '0')}-XX`,
      registrantName: `Teacher ${index + 1}`,
      registrantEmail: `teacher${index + 1}@school.example`,
      schoolName: school.name,
      schoolId: school.id,
      teamCount: 1 + (index % 3),
      amountCents: (1 + (index % 3)) * 4_000,
      paymentStatus: index % 3 === 0 ? ('paid' as const) : ('unpaid' as const),
      paidAt: index % 3 === 0 ? new Date() : null,
    })),
  )
  .returning({ id: registrations.id, teamCount: registrations.teamCount });
const teamRows = await db
  .insert(registrationTeams)
  .values(
    registrationRows.flatMap((registration, index) =>
      Array.from({ length: registration.teamCount }, (_, team) => ({
        registrationId: registration.id,
        name: `Bench ${index + 1} ${String.fromCharCode(65 + team)}`,
        position: team + 1,
      })),
    ),
  )
  .returning({ id: registrationTeams.id });
await db.insert(registrationTeamPlayers).values(
  teamRows.flatMap((team, index) =>
    [1, 2, 3, 4].map((position) => ({
      teamId: team.id,
      position,
      name: `Pupil ${index + 1}-${position}`,
      dateOfBirth: position === 1 ? '2011-03-01' : '2005-03-01',
      guardianEmail: position === 1 ? `parent${index}@family.example` : null,
      guardianConfirmedAt: position === 1 && index % 2 === 0 ? new Date() : null,
    })),
  ),
);
const sync = new CrmSync({ db, clock: createClock(), logger, isPaused: () => false });
const synced = await sync.syncAll();
const staff = await loadStaff(db);
const [{ value: autoTasks } = { value: 0 }] = await db.select({ value: count() }).from(crmTasks);
const byHand = TASKS - autoTasks;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const handRows = [];
for (let start = 0; start < byHand; start += 500) {
  handRows.push(
    ...(await db
      .insert(crmTasks)
      .values(
        Array.from({ length: Math.min(500, byHand - start) }, (_, offset) => {
          const index = start + offset;
          return {
            schoolId: schoolRows[index % schoolRows.length]!.id,
            title: `Follow-up ${index + 1}: ${['call the teacher', 'check the photo forms', 'confirm the bus', 'print the badges'][index % 4]}`,
            state: CRM_TASK_STATES[index % CRM_TASK_STATES.length]!,
            priority: CRM_PRIORITIES[(index * 7) % CRM_PRIORITIES.length]!,
            assigneeId: index % 4 === 3 ? null : (staff[index % staff.length]?.id ?? null),
            watcherIds: index % 5 === 0 && staff[0] ? [staff[0].id] : [],
            labels: index % 3 === 0 ? ['transport'] : index % 3 === 1 ? ['forms', 'urgent'] : [],
            dueDate: index % 7 === 6 ? null : day((index % 41) - 20),
          };
        }),
      )
      .returning({ id: crmTasks.id, schoolId: crmTasks.schoolId })),
  );
}
const withChecklist = handRows.filter((_, index) => index % 4 === 0);
await db.insert(crmChecklistItems).values(
  withChecklist.flatMap((task, index) =>
    ['Ask', 'Chase', 'File'].map((text, item) => ({
      taskId: task.id,
      text: `${text} (${index})`,
      done: item < index % 4,
      assigneeId: staff[item % staff.length]?.id ?? null,
    })),
  ),
);
const withComments = handRows.filter((_, index) => index % 6 === 0);
await db.insert(crmComments).values(
  withComments.flatMap((task) =>
    ['Rang, no answer.', 'Teacher says it is in the post.'].map((body) => ({
      schoolId: task.schoolId,
      taskId: task.id,
      authorId: staff[0]?.id ?? null,
      body,
    })),
  ),
);
const [{ value: totalTasks } = { value: 0 }] = await db.select({ value: count() }).from(crmTasks);
const seedMs = performance.now() - seedStarted;

const app = await server.listen({ clientDir });

// ---- the browser ------------------------------------------------------------------------------------------
declare global {
  interface Window {
    __benchReady?: number;
    __benchData?: number;
  }
}

/**
 * What "shown" means, checked in the page:
 * - the matrix: a row for each school, the last one laid out;
 * - the board: a lane for each school, each heading with its count, the counts adding up to every task, at least
 *   the first lane's cards drawn, the last card inside the viewport laid out, and no placeholder (cards not drawn
 *   yet) inside the viewport — the first screen as the user sees it, with every lane's count below it in the page.
 */
const IS_SHOWN = {
  matrix: (expected: number) => `(() => {
    const rows = document.querySelectorAll('[data-testid="crm-matrix-row"]');
    return rows.length === ${expected} && rows[rows.length - 1].checkVisibility();
  })()`,
  board: (expected: number) => `(() => {
    const lanes = [...document.querySelectorAll('[data-testid="crm-lane"]')];
    if (lanes.length !== ${SCHOOLS}) return false;
    let total = 0;
    for (const lane of lanes) {
      const count = /\\((\\d+)\\)\\s*$/.exec(lane.querySelector('h3')?.textContent ?? '');
      if (!count) return false;
      total += Number(count[1]);
    }
    if (total !== ${expected}) return false;
    if (!(${NO_PLACEHOLDER_IN_VIEW})) return false;
    const inView = (element) => {
      const rect = element.getBoundingClientRect();
      return rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
    };
    if (!document.querySelector('[data-testid="crm-lane"] [data-testid="crm-task-card"]')) return false;
    const cards = [...document.querySelectorAll('[data-testid="crm-task-card"]')].filter(inView);
    return cards.length === 0 || cards[cards.length - 1].checkVisibility();
  })()`,
};

/** True once no placeholder (cards not drawn yet) is inside the viewport. */
const NO_PLACEHOLDER_IN_VIEW = `![...document.querySelectorAll('[data-testid="crm-placeholder"]')].some((element) => {
  const rect = element.getBoundingClientRect();
  return rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
})`;

/**
 * Installed before the page's own code: a MutationObserver that notes when the page first shows its data (above)
 * and then the time after the next animation frame (that frame painted).
 */
function watchFor(page: Page, check: 'matrix' | 'board', expected: number) {
  // A string, not a function: tsx names arrow functions with a helper the page does not have.
  return page.addInitScript({
    content: `(() => {
      const isShown = () => ${IS_SHOWN[check](expected)};
      const observer = new MutationObserver(() => {
        if (window.__benchData !== undefined || !isShown()) return;
        window.__benchData = performance.now();
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (window.__benchReady = performance.now()), 0));
      });
      // Attributes too: React reveals a suspended tree by changing its style, not its children.
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    })();`,
  });
}

/** The steps of a page's load, each as [start, end] in ms from the navigation's start. */
type Steps = Partial<Record<string, [number, number]>>;
const STEPS = [
  'the page (HTML)',
  'entry script',
  'CRM code (lazy chunks)',
  'session (get-session, then /api/me)',
  'CRM API read',
  'data in the DOM',
  'that frame painted',
] as const;

/** When the page showed its data, and the steps before it (from the resource timings). */
async function timePage(page: Page, path: string): Promise<{ shown: number; steps: Steps }> {
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  try {
    await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: 60_000 });
  } catch (error) {
    const seen = await page.evaluate(() => ({
      url: location.href,
      rows: document.querySelectorAll('[data-testid="crm-matrix-row"]').length,
      cards: document.querySelectorAll('[data-testid="crm-task-card"]').length,
      lanes: [...document.querySelectorAll('[data-testid="crm-lane"] h3')]
        .map((h) => h.textContent)
        .slice(0, 5),
      laneCount: document.querySelectorAll('[data-testid="crm-lane"]').length,
      placeholders: [...document.querySelectorAll('[data-testid="crm-placeholder"]')]
        .map((p) => p.getBoundingClientRect())
        .filter((r) => r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth)
        .map((r) => [r.top, r.left, r.height]),
      text: document.body.innerText.slice(0, 100),
    }));
    throw new Error(`${path} never showed all its data: ${JSON.stringify(seen)}`, { cause: error });
  }
  const timings = (await page.evaluate(`({
    shown: window.__benchReady,
    data: window.__benchData,
    document: performance.getEntriesByType('navigation')[0].responseEnd,
    firstByte: performance.getEntriesByType('navigation')[0].responseStart,
    resources: performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name, start: entry.startTime, end: entry.responseEnd,
    })),
  })`)) as {
    shown: number;
    data: number;
    document: number;
    firstByte: number;
    resources: { name: string; start: number; end: number }[];
  };
  // A step that had not started when the data was shown (the matrix drawn on the server, ADR 037) is left out.
  const span = (pattern: RegExp, until?: RegExp): [number, number] | undefined => {
    const found = timings.resources.filter((entry) => pattern.test(entry.name));
    const last = until ? timings.resources.filter((entry) => until.test(entry.name)) : found;
    if (found.length === 0 || last.length === 0) return undefined;
    return [Math.min(...found.map((entry) => entry.start)), Math.max(...last.map((entry) => entry.end))];
  };
  return {
    shown: timings.shown,
    steps: {
      // From its first byte (a drawn matrix sends its head while the server draws, ADR 037) to its last.
      'the page (HTML)': [timings.firstByte, timings.document],
      'entry script': span(/\/assets\/index-[^/]*\.js$/),
      'CRM code (lazy chunks)': span(/\/assets\/(?!index-)[^/]*\.js$/),
      'session (get-session, then /api/me)': span(/\/api\/auth\/get-session/, /\/api\/me$/),
      'CRM API read': span(/\/api\/crm\/(tasks|overview)$/),
      'data in the DOM': [timings.data, timings.data],
      'that frame painted': [timings.shown, timings.shown],
    },
  };
}

/** One card moved from "Not started" to "Waiting on school" with its "Move to…" menu. */
async function timeMove(page: Page, taskId: number): Promise<{ shown: number; saved: number }> {
  await page.evaluate(`(() => {
    const move = (window.__move = {});
    const target = () =>
      document.querySelector('[data-testid="crm-column"][data-state="waiting_on_school"] [data-task-id="${taskId}"]');
    document.addEventListener('change', () => (move.start = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (move.start === undefined) return;
      if (move.shown === undefined && target()) {
        move.shown = -1;
        requestAnimationFrame(() => setTimeout(() => (move.shown = performance.now()), 0));
      }
      const select = target()?.querySelector('select');
      if (move.saved === undefined && move.shown !== undefined && select && !select.disabled) {
        move.saved = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  })()`);
  await page
    .locator(`[data-testid="crm-column"][data-state="not_started"] [data-task-id="${taskId}"] select`)
    .selectOption('waiting_on_school');
  await page.waitForFunction(
    () => {
      const move = (window as unknown as { __move: { shown?: number; saved?: number } }).__move;
      return (move.shown ?? -1) > 0 && move.saved !== undefined;
    },
    null,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const move = (window as unknown as { __move: { start: number; shown: number; saved: number } }).__move;
    return { shown: move.shown - move.start, saved: move.saved - move.start };
  });
}

// ---- the server alone: each read through the real app (inject), signed in, after a warm-up -----------------
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { origin: base, 'content-type': 'application/json' },
  payload: JSON.stringify({ email: 'superadmin@demo.test', password: DEMO_PASSWORD }),
});
const cookie = [signedIn.headers['set-cookie'] ?? []]
  .flat()
  .map((header) => header.split(';')[0])
  .join('; ');
const serverRows: { what: string; ms: number[]; bytes: number; gzip: number }[] = [];
for (const url of ['/api/crm/overview', '/api/crm/tasks']) {
  const ms: number[] = [];
  let bytes = 0;
  let gzip = 0;
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (answer.statusCode !== 200)
      throw new Error(`${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    if (run > 0) ms.push(performance.now() - started);
    bytes = answer.rawPayload.length;
  }
  const zipped = await app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'gzip' } });
  gzip = zipped.rawPayload.length;
  serverRows.push({ what: `GET ${url}`, ms, bytes, gzip });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: { what: string; viewport: string; ms: number[]; target: boolean }[] = [];
const breakdowns: { what: string; viewport: string; steps: Steps[] }[] = [];
const PAGE_RUNS = [
  ['matrix', '/crm (matrix)', '/crm', 'matrix', SCHOOLS],
  ['board', '/crm/tasks (board)', '/crm/tasks', 'board', totalTasks],
] as const;
try {
  // Cards still "Not started", to move one per run: hand-added ones of the first lane (drawn at once).
  const movable = handRows
    .filter(
      (task, index) =>
        task.schoolId === schoolRows[0]?.id &&
        CRM_TASK_STATES[index % CRM_TASK_STATES.length] === 'not_started',
    )
    .map((task) => task.id);
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const signIn = await context.request.post(`${base}/api/auth/sign-in/email`, {
      headers: { origin: base },
      data: { email: 'superadmin@demo.test', password: DEMO_PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
    const label = `${viewport.width}×${viewport.height}`;
    for (const [key, what, path, check, expected] of PAGE_RUNS) {
      if (!PAGES.includes(key)) continue;
      const times: number[] = [];
      const steps: Steps[] = [];
      for (let run = 0; run <= runs; run++) {
        const page = await context.newPage();
        await watchFor(page, check, expected);
        // `--profile`: the last run's main-thread CPU profile, summed by function and by script.
        const cdp = profileRuns && run === runs ? await context.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
          await cdp.send('Profiler.start');
        }
        const ms = await timePage(page, path);
        if (cdp) printProfile(`${what} at ${label}`, (await cdp.send('Profiler.stop')).profile);
        if (run > 0) {
          times.push(ms.shown);
          steps.push(ms.steps);
        }
        await page.close();
      }
      rows.push({ what: `${what}: data shown`, viewport: label, ms: times, target: true });
      breakdowns.push({ what, viewport: label, steps });
    }
    if (shotsDir) {
      const page = await context.newPage();
      for (const [key, , path, check, expected] of PAGE_RUNS) {
        await watchFor(page, check, expected);
        await page.goto(`${base}${path}`);
        await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: 60_000 });
        await page.screenshot({ path: `${shotsDir}/crm-${key}-${viewport.width}.png` });
        if (key === 'board') {
          // Scrolled half-way down: the lanes coming into view are drawn (none is until then).
          const scrolled = performance.now();
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
          await page.screenshot({ path: `${shotsDir}/crm-board-${viewport.width}-scrolled-at-once.png` });
          await page.waitForFunction(NO_PLACEHOLDER_IN_VIEW, null, { timeout: 30_000, polling: 20 });
          console.log(
            `${viewport.width} px: scrolled half-way down the board, its cards drawn in ` +
              `${Math.round(performance.now() - scrolled)} ms (a screenshot taken meanwhile)`,
          );
          await page.screenshot({ path: `${shotsDir}/crm-board-${viewport.width}-scrolled.png` });
        }
      }
      await page.close();
    }
    if (!withMove || !PAGES.includes('board')) {
      await context.close();
      continue;
    }
    const page = await context.newPage();
    await watchFor(page, 'board', totalTasks);
    await timePage(page, '/crm/tasks');
    // A drawn board answers once the browser has taken it over (ADR 037), as a user waits for it to respond.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const shown: number[] = [];
    const saved: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const taskId = movable.shift();
      if (taskId === undefined) throw new Error('no card left to move');
      const times = await timeMove(page, taskId);
      if (run > 0) {
        shown.push(times.shown);
        saved.push(times.saved);
      }
      await page.waitForTimeout(300); // the live refetch of the move settles before the next one
    }
    await page.close();
    rows.push({ what: 'card move: in its new column', viewport: label, ms: shown, target: false });
    rows.push({ what: 'card move: saved by the server', viewport: label, ms: saved, target: false });
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  await sync.stop();
  await database.close();
}

const { loadavg } = await import('node:os');
console.log(
  `${SCHOOLS} schools, ${totalTasks} tasks (${autoTasks} from the sync: ${synced.created} created; ` +
    `${totalTasks - autoTasks} by hand, ${withChecklist.length} with a checklist, ${withComments.length} with ` +
    `comments); seeded in ${Math.round(seedMs)} ms. PGlite in memory, built client (${clientOutDir}), ` +
    `Chromium headless; median of ${runs} runs after a warm-up. Load average at the end: ` +
    `${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}.\n`,
);
const ms = (value: number) => `${Math.round(value).toLocaleString('en-IE')} ms`;
console.log('The server alone (inject, signed in; each read runs the sync first):\n');
console.log('| request | median | slowest | answer | gzip |');
console.log('|---|---:|---:|---:|---:|');
for (const row of serverRows) {
  console.log(
    `| ${row.what} | ${ms(median(row.ms))} | ${ms(Math.max(...row.ms))} | ` +
      `${(row.bytes / 1024).toFixed(0)} kB | ${(row.gzip / 1024).toFixed(0)} kB |`,
  );
}
for (const breakdown of breakdowns) {
  console.log(
    `\nWhere the time goes: ${breakdown.what} at ${breakdown.viewport} (medians, ms from the navigation)\n`,
  );
  console.log('| step | starts | ends |');
  console.log('|---|---:|---:|');
  for (const step of STEPS) {
    const taken = breakdown.steps.flatMap((steps) => steps[step] ?? []);
    if (taken.length === 0) {
      console.log(`| ${step} | after the data was shown | |`);
      continue;
    }
    const starts = breakdown.steps.flatMap((steps) => steps[step]?.[0] ?? []);
    const ends = breakdown.steps.flatMap((steps) => steps[step]?.[1] ?? []);
    console.log(`| ${step} | ${ms(median(starts))} | ${ms(median(ends))} |`);
  }
}
console.log('\n| measure | viewport | median | fastest | slowest | target | |');
console.log('|---|---|---:|---:|---:|---:|---|');
const misses: string[] = [];
for (const row of rows) {
  const m = median(row.ms);
  const verdict = row.target ? (m < TARGET_MS ? 'met' : 'missed') : '';
  if (verdict === 'missed') misses.push(`${row.what} at ${row.viewport}`);
  console.log(
    `| ${row.what} | ${row.viewport} | ${ms(m)} | ${ms(Math.min(...row.ms))} | ` +
      `${ms(Math.max(...row.ms))} | ${row.target ? '< 1,000 ms' : ''} | ${verdict} |`,
  );
}
console.log(
  misses.length === 0
    ? '\ntarget met: both pages show their data in under 1 s on every viewport measured'
    : `\ntarget missed on: ${misses.join(', ')}`,
);
process.exit(0);
