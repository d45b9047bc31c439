/**
 * The dress rehearsal's close of the day (issue 34), after the last round: the prizes, the certificates, the
 * exports.
 *
 * - Prizes (ADR 043, rule managePrizes: the organiser, the demo's superadmin): the prize lists are set when none are (an overall trophy list,
 *   cash shared by the Hort system, the best school), the winners held back under the embargo
 *   (PUT /api/admin/prizes/embargo) while staff check them at GET /api/admin/prizes — which must say "final" — and
 *   the public list (GET /api/public/prizes) must name nobody; then the ceremony lifts the embargo and the public
 *   list must name the same winners as the staff list.
 * - Certificates (GET /api/admin/prizes/certificates): the winners' PDF must have a page per award and name each
 *   winner in full; the participants' PDF a page per pupil entered.
 * - The TRF export (GET /api/admin/player-management/export.trf) is kept in notes 'trf', and the leaderboard
 *   (GET /api/public/leaderboard) in notes 'leaderboard', for the standings check (standings.ts).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { formatPublicName, PUBLIC_NAME_DISPLAYS } from '../../../src/domain/public-names';
import type { RehearsalContext } from '../context';
import type { Device } from '../http';

interface Award {
  place: number;
  name: string;
  team: string | null;
  amount: number;
}
interface CategoryView {
  key: string;
  name: string;
  awards: Award[];
  hasNoEligible: boolean;
}
interface PrizeLists {
  brackets: { name: string; categories: CategoryView[] }[];
  bestSchool: CategoryView | null;
}
interface PrizesView extends PrizeLists {
  embargoed: boolean;
  isFinal: boolean;
  sections?: (PrizeLists & { name: string })[];
}
interface AdminPrizes {
  config: { brackets: unknown[]; bestSchool: unknown };
  embargoed: boolean;
  view: PrizesView;
}

/** How long the public prize list may take to follow the embargo switch (both processes, through the change feed). */
const PUBLIC_AGREES_WITHIN_MS = 5_000;

/** Every category of a prize view (the event's, or each section's), with the list it belongs to. */
function categoriesOf(view: PrizesView): { list: string; category: CategoryView; isSchool: boolean }[] {
  const groups: (PrizeLists & { prefix: string })[] = [
    { ...view, prefix: '' },
    ...(view.sections ?? []).map((section) => ({ ...section, prefix: `${section.name}: ` })),
  ];
  return groups.flatMap((group) => [
    ...group.brackets.flatMap((bracket) =>
      bracket.categories.map((category) => ({
        list: `${group.prefix}${bracket.name}`,
        category,
        isSchool: false,
      })),
    ),
    ...(group.bestSchool ? [{ list: group.prefix.trim(), category: group.bestSchool, isSchool: true }] : []),
  ]);
}

/** The prizes of a school day, as staff would set them at /admin/prizes (trophies, a little cash, the best school). */
const DAY_PRIZES = {
  brackets: [
    {
      id: 'trophies',
      name: 'Trophies',
      priority: 'place-first',
      sharing: 'none',
      categories: [
        {
          id: 'overall',
          name: 'Overall',
          criterion: { kind: 'overall' },
          places: [
            { kind: 'trophy', value: 300 },
            { kind: 'trophy', value: 200 },
            { kind: 'trophy', value: 100 },
          ],
        },
        {
          id: 'unrated',
          name: 'Best unrated',
          criterion: { kind: 'unrated' },
          places: [
            { kind: 'medal', value: 50 },
            { kind: 'medal', value: 40 },
          ],
        },
      ],
    },
    {
      id: 'cash',
      name: 'Book tokens',
      priority: 'place-first',
      sharing: 'hort',
      categories: [
        {
          id: 'overall',
          name: 'Overall',
          criterion: { kind: 'overall' },
          places: [
            { kind: 'cash', value: 50 },
            { kind: 'cash', value: 30 },
            { kind: 'cash', value: 20 },
          ],
        },
      ],
    },
  ],
  bestSchool: {
    name: 'Best school',
    places: [
      { kind: 'trophy', value: 300 },
      { kind: 'trophy', value: 200 },
      { kind: 'trophy', value: 100 },
    ],
  },
  ageCutOff: null,
};

/** A GET whose body is kept as bytes (a PDF), as the staff device sends it; recorded with the other answers. */
function getBytes(
  context: RehearsalContext,
  device: Device,
  path: string,
): Promise<{ status: number; type: string; body: Buffer }> {
  const url = new URL(path, context.http.publicUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      localAddress: device.address,
      headers: { cookie: device.cookie, origin: context.http.publicUrl },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        context.http.record({ method: 'GET', path: url.pathname, status, phase: device.phase });
        resolve({
          status,
          type: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks),
        });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The pages of a PDF (pdfkit writes one `/Type /Page` object per page). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

/**
 * The text a pdfkit PDF draws, one line per text-showing operator: its content streams inflated, the hex strings
 * of each `TJ` / `Tj` joined (pdfkit splits a line where it kerns) and read as WinAnsi (Latin-1 for letters).
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match !== null; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const operator of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex =
        operator[1] !== undefined
          ? [...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1])
          : [operator[2]];
      lines.push(Buffer.from(hex.join(''), 'hex').toString('latin1'));
    }
    streams.lastIndex = end + 'endstream'.length;
  }
  return lines.join('\n');
}

/** The full names whose public form (any of the ways a name may be shown, ADR 036) is `shown`. */
function fullNamesShownAs(context: RehearsalContext, shown: string): string[] {
  return context.facts.players
    .map((player) => player.name)
    .filter((name) => PUBLIC_NAME_DISPLAYS.some((display) => formatPublicName(name, display) === shown));
}

export async function closePhase(context: RehearsalContext): Promise<void> {
  // Prizes and the exports are the organiser's (view_tournament_management, view_player_management: the demo's
  // superadmin; the demo admin has neither); the rounds are the arbiter's.
  const admin = await context.staff('superadmin');
  const arbiter = await context.staff('arbiter');
  const problems: string[] = [];

  const rounds = await arbiter.must<{ rounds: { number: number; status: string }[] }>(
    'GET',
    '/api/admin/rounds',
  );
  const open = rounds.rounds.filter((round) => round.status !== 'completed').map((round) => round.number);
  context.log(
    open.length === 0
      ? `close: all ${rounds.rounds.length} rounds completed`
      : `close: rounds ${open.join(', ')} are not completed`,
  );

  // --- prizes: set, checked under the embargo, then announced ---
  const before = await admin.must<AdminPrizes>('GET', '/api/admin/prizes');
  if (before.config.brackets.length === 0 && before.config.bestSchool === null) {
    await admin.must('PUT', '/api/admin/prizes', DAY_PRIZES);
    context.log(
      'close: prizes set (trophies and medals, book tokens shared by the Hort system, best school)',
    );
  }
  await admin.must('PUT', '/api/admin/prizes/embargo', { embargoed: true });
  const staffList = await admin.must<AdminPrizes>('GET', '/api/admin/prizes');
  const categories = categoriesOf(staffList.view);
  const awards = categories.flatMap(({ category }) => category.awards);
  if (!staffList.view.isFinal)
    problems.push('the staff prize list does not say "final" after the last round');
  if (awards.length === 0) problems.push('the prize list names no winner');
  for (const { list, category } of categories) {
    context.log(
      `close: ${list} — ${category.name}: ${
        category.awards.map((award) => `${award.place}. ${award.name}`).join(', ') ||
        (category.hasNoEligible ? 'nobody eligible' : 'no winner')
      }`,
    );
  }
  // The public list, as a parent's phone reads it: through either process, each told of the switch by the change
  // feed, so it is read until it agrees (or PUBLIC_AGREES_WITHIN_MS passed, which is a failure).
  const parent = context.http.device('close', "a parent's phone");
  const publicPrizesUntil = async (agrees: (view: PrizesView) => boolean) => {
    const since = Date.now();
    for (;;) {
      const view = await parent.must<PrizesView>('GET', '/api/public/prizes');
      if (agrees(view)) return { view, ms: Date.now() - since, agrees: true };
      if (Date.now() - since > PUBLIC_AGREES_WITHIN_MS)
        return { view, ms: Date.now() - since, agrees: false };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const namedIn = (view: PrizesView) => categoriesOf(view).flatMap(({ category }) => category.awards);
  const hidden = await publicPrizesUntil((view) => view.embargoed && namedIn(view).length === 0);
  if (!hidden.agrees) {
    problems.push(
      `the public prize list still named ${namedIn(hidden.view).length} winners ${hidden.ms} ms after the embargo was switched on`,
    );
  }
  context.log(`close: embargo on: the public prize list hid the winners after ${hidden.ms} ms`);

  // --- certificates, fetched as staff print them ---
  const winners = await getBytes(context, admin, '/api/admin/prizes/certificates?scope=winners');
  if (winners.status !== 200 || !winners.type.startsWith('application/pdf')) {
    problems.push(`the winners' certificates answered ${winners.status} (${winners.type})`);
  } else {
    const pages = pdfPageCount(winners.body);
    const text = pdfText(winners.body);
    if (pages !== awards.length) {
      problems.push(`the winners' certificates have ${pages} pages for ${awards.length} awards`);
    }
    const unnamed = categories.flatMap(({ category, isSchool }) =>
      category.awards.filter((award) => {
        // A pupil's certificate carries the full name; a school's its team's name.
        const names = isSchool ? [award.name] : fullNamesShownAs(context, award.name);
        return !names.some((name) => text.includes(name));
      }),
    );
    if (unnamed.length > 0) {
      problems.push(`the winners' certificates do not name ${unnamed.map((award) => award.name).join(', ')}`);
    }
    context.log(
      `close: winners' certificates: ${pages} pages, ${Math.round(winners.body.length / 1024)} kB, ` +
        `${awards.length - unnamed.length}/${awards.length} winners named`,
    );
  }
  const participants = await getBytes(context, admin, '/api/admin/prizes/certificates?scope=participants');
  const entered = context.facts.players.length;
  if (participants.status !== 200) {
    problems.push(`the participation certificates answered ${participants.status}`);
  } else {
    const pages = pdfPageCount(participants.body);
    if (entered > 0 && pages < entered) {
      problems.push(`the participation certificates have ${pages} pages for ${entered} pupils`);
    }
    context.log(
      `close: participation certificates: ${pages} pages, ${Math.round(participants.body.length / 1024)} kB`,
    );
  }

  // The ceremony: the winners go public, the same as staff saw them.
  await admin.must('PUT', '/api/admin/prizes/embargo', { embargoed: false });
  const names = (view: PrizesView) =>
    categoriesOf(view).map(
      ({ list, category }) => `${list}/${category.name}: ${category.awards.map((a) => a.name).join(', ')}`,
    );
  const expected = JSON.stringify(names(staffList.view));
  const announced = await publicPrizesUntil((view) => JSON.stringify(names(view)) === expected);
  if (!announced.agrees) {
    problems.push(
      `the public prize list ${announced.ms} ms after the ceremony (${names(announced.view).join('; ')}) differs from the staff list (${names(staffList.view).join('; ')})`,
    );
  }
  context.log(`close: embargo lifted: the public prize list named the winners after ${announced.ms} ms`);
  parent.close();

  // --- the exports ---
  const trf = await admin.request('GET', '/api/admin/player-management/export.trf');
  if (trf.status !== 200)
    throw new Error(
      `GET /api/admin/player-management/export.trf answered ${trf.status}: ${trf.text.slice(0, 300)}`,
    );
  context.facts.notes.set('trf', trf.text);
  const trfPlayers = trf.text.split(/\r?\n/).filter((line) => line.startsWith('001')).length;
  context.log(`close: TRF exported: ${trfPlayers} players, ${trf.text.length} characters`);

  const leaderboard = await admin.request<{ visible: boolean; players: unknown[]; standingsHeading: string }>(
    'GET',
    '/api/public/leaderboard',
  );
  if (leaderboard.status !== 200)
    throw new Error(`GET /api/public/leaderboard answered ${leaderboard.status}`);
  context.facts.notes.set('leaderboard', leaderboard.json);
  if (!leaderboard.json.visible) problems.push('the leaderboard is hidden at the end of the day');
  context.log(
    `close: leaderboard: ${leaderboard.json.players.length} players, "${leaderboard.json.standingsHeading}"`,
  );

  if (problems.length > 0) throw new Error(`close: ${problems.join('; ')}`);
}
