import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PRIZE_KIND_LABELS, PRIZE_MESSAGES } from '../../../contracts/prizes';
import type { PublicSection } from '../../../contracts/sections';
import {
  type AdminScreen,
  SCREEN_VIEW_LABELS,
  type ScreenDisplay,
  type ScreenPayload,
  type ScreenSwitchInput,
  type ScreenView,
  type screenInputSchema,
  VENUE_SCREEN_MESSAGES,
} from '../../../contracts/venue-screens';
import { formatPrize, ordinal } from '../../../domain/prizes';
import {
  alphabetSlices,
  type NameSlice,
  nameShareOf,
  normalizeScreenCode,
  SCREEN_CODE_LENGTH,
  SCREEN_VIEWS,
  type ScreenForShare,
  screenCodeFrom,
  viewsNow,
} from '../../../domain/venue-screens';
import type { AuditContext } from '../../audit/audit';
import { prizesView } from '../../core/tournament/prize-views';
import type { PairedName, PublicViews } from '../../core/tournament/public-views';
import type { Db } from '../../db/client';
import { venueScreens } from '../../db/schema/venue-screens';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';

type ScreenRow = typeof venueScreens.$inferSelect;
/** A screen's fields as the route's schema parsed them (defaults filled in). */
type ScreenFields = z.infer<typeof screenInputSchema>;

/** The programme as stored, read tolerantly: an unknown view (from a newer version) is left out. */
const programmeOf = (row: ScreenRow): ScreenView[] =>
  row.programme.filter((view): view is ScreenView => (SCREEN_VIEWS as readonly string[]).includes(view));
const switchedToOf = (row: ScreenRow): ScreenView | null =>
  (SCREEN_VIEWS as readonly string[]).includes(row.switchedTo ?? '') ? (row.switchedTo as ScreenView) : null;
const viewsOf = (row: ScreenRow) => viewsNow({ programme: programmeOf(row), switchedTo: switchedToOf(row) });

const forShare = (rows: readonly ScreenRow[]): ScreenForShare[] =>
  rows.map((row) => ({
    id: row.id,
    name: row.name,
    group: row.groupName,
    views: viewsOf(row),
    allNames: row.allNames,
  }));

export async function listScreenRows(db: Db): Promise<ScreenRow[]> {
  return db.select().from(venueScreens).orderBy(asc(venueScreens.groupName), asc(venueScreens.name));
}

/**
 * The slices of one pairing for a number of screens, worked out once per snapshot (the list is the snapshot's own
 * array): after a pairing, 20 screens asking at once cost one split, not twenty.
 */
const slicesMemo = new WeakMap<readonly PairedName[], Map<number, NameSlice<PairedName>[]>>();
function slicesOf(paired: readonly PairedName[], count: number): NameSlice<PairedName>[] {
  let byCount = slicesMemo.get(paired);
  if (!byCount) {
    byCount = new Map();
    slicesMemo.set(paired, byCount);
  }
  let slices = byCount.get(count);
  if (!slices) {
    slices = alphabetSlices(paired, count);
    byCount.set(count, slices);
  }
  return slices;
}

/** A screen's share of the pairings by name: its slice of the alphabet, or all of them. */
function namesFor(
  row: ScreenRow,
  rows: readonly ScreenRow[],
  paired: readonly PairedName[],
): Extract<ScreenPayload, { kind: 'pairings-by-name' }> {
  const share = nameShareOf(forShare(rows), row.id);
  if (!share) return { kind: 'pairings-by-name', range: null, lines: paired.map((entry) => entry.line) };
  const slice = slicesOf(paired, share.count)[share.index];
  return {
    kind: 'pairings-by-name',
    range: slice?.range ?? null,
    lines: (slice?.lines ?? []).map((entry) => entry.line),
  };
}

function payloadFor(
  view: ScreenView,
  row: ScreenRow,
  rows: readonly ScreenRow[],
  views: PublicViews,
): ScreenPayload {
  switch (view) {
    case 'pairings-by-name':
      return namesFor(row, rows, views.pairedNames());
    case 'pairings-by-board':
      return {
        kind: view,
        boards: views.currentRound().boards.map((board) => ({
          board: board.board,
          white: board.white ? { name: board.white.name, team: board.white.groupName } : null,
          black: board.black ? { name: board.black.name, team: board.black.groupName } : null,
          result: board.result,
        })),
      };
    case 'leaderboard': {
      const leaderboard = views.leaderboard();
      const inSection = sectionLabel(leaderboard.sections);
      return {
        kind: view,
        visible: leaderboard.visible,
        heading: leaderboard.standingsHeading,
        rows: leaderboard.players
          .filter((player) => !player.withdrawn)
          .map((player) => ({
            rank: player.rank,
            name: player.name,
            team: inSection(player.section, player.groupName),
            halfPoints: player.halfPoints,
          })),
      };
    }
    case 'school-standings': {
      const leaderboard = views.leaderboard();
      const inSection = sectionLabel(leaderboard.sections);
      return {
        kind: view,
        visible: leaderboard.visible,
        heading: leaderboard.standingsHeading,
        rows: leaderboard.teams.map((team) => ({
          rank: team.rank,
          team: team.team,
          school: inSection(team.section, team.school) ?? team.school,
          halfPoints: team.halfPoints,
        })),
      };
    }
    case 'prizes': {
      // The public list: no winners while embargoed, so lifting the embargo at the ceremony puts them on screen.
      const list = prizesView(views, false);
      // In an event with sections each category is named with its section's name (ADR 044).
      const groups = list.sections ?? [{ ...list, name: null }];
      const categories = groups.flatMap((group) =>
        [
          ...group.brackets.flatMap((bracket) => bracket.categories),
          ...(group.bestSchool ? [group.bestSchool] : []),
        ].map((category) => ({
          ...category,
          name: group.name ? `${group.name} · ${category.name}` : category.name,
        })),
      );
      const rows = list.embargoed
        ? []
        : categories.flatMap((category) =>
            category.awards.map((award) => ({
              category: category.name,
              place: award.place <= category.places.length ? ordinal(award.place) : '=',
              name: award.name,
              prize:
                award.prize.kind === 'cash'
                  ? formatPrize(award.prize, award.amount)
                  : PRIZE_KIND_LABELS[award.prize.kind],
            })),
          );
      const notice = list.embargoed
        ? PRIZE_MESSAGES.embargoed
        : rows.length === 0
          ? PRIZE_MESSAGES.noPrizes
          : null;
      return { kind: view, notice, rows };
    }
    default:
      return { kind: view };
  }
}

/**
 * What the screen opened with `code` shows now, or null for a code not in use (revoked, replaced or never
 * issued). Reads only: the screens' rows and the public snapshot every public page is drawn from.
 */
export function displayFor(
  code: string,
  rows: readonly ScreenRow[],
  views: PublicViews,
  publicUrl: string,
): ScreenDisplay | null {
  const stored = normalizeScreenCode(code);
  const row = stored ? rows.find((candidate) => candidate.code === stored) : undefined;
  if (!row) return null;
  const tournament = views.tournament().tournament;
  const round = views.currentRound().round;
  return {
    screen: { name: row.name, theme: row.theme === 'light' ? 'light' : 'dark', pageSeconds: row.pageSeconds },
    tournamentName: tournament?.name ?? null,
    round: round ? { number: round.number, status: round.status, startTime: round.startTime } : null,
    totalRounds: tournament?.totalRounds ?? 0,
    findAddress: `${publicUrl.replace(/\/$/, '')}/find`,
    views: viewsOf(row).map((view) => payloadFor(view, row, rows, views)),
  };
}

/** The screens as the admin page lists them, each with the part of the alphabet it shows now. */
export function toAdminScreens(rows: readonly ScreenRow[], views: PublicViews): AdminScreen[] {
  const paired = views.pairedNames();
  return rows.map((row) => {
    const names = viewsOf(row).includes('pairings-by-name') ? namesFor(row, rows, paired) : null;
    return {
      id: row.id,
      name: row.name,
      group: row.groupName,
      programme: programmeOf(row),
      allNames: row.allNames,
      theme: row.theme === 'light' ? 'light' : 'dark',
      pageSeconds: row.pageSeconds,
      switchedTo: switchedToOf(row),
      code: row.code,
      codeIssuedAt: row.codeIssuedAt?.toISOString() ?? null,
      namesRange: names?.range ? VENUE_SCREEN_MESSAGES.namesRange(names.range.from, names.range.to) : null,
    };
  });
}

export function newScreenCode(random: (size: number) => Uint8Array = randomBytes): string {
  return screenCodeFrom(random(SCREEN_CODE_LENGTH));
}

async function lockedScreen(tx: Db, id: string): Promise<ScreenRow> {
  const [row] = await tx.select().from(venueScreens).where(eq(venueScreens.id, id)).for('update');
  if (!row) throw new HttpError(404, VENUE_SCREEN_MESSAGES.notFound);
  return row;
}

async function refuseTakenName(tx: Db, name: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: venueScreens.id })
    .from(venueScreens)
    .where(sql`lower(${venueScreens.name}) = lower(${name})`);
  if (taken && taken.id !== exceptId) throw new HttpError(409, VENUE_SCREEN_MESSAGES.nameTaken);
}

const valuesOf = (input: ScreenFields) => ({
  name: input.name,
  groupName: input.group,
  programme: input.programme,
  allNames: input.allNames,
  theme: input.theme,
  pageSeconds: input.pageSeconds,
});

/** Adds a screen with a fresh code (audited). */
export async function createScreen(
  deps: AuditedDb,
  who: AuditContext,
  input: ScreenFields,
): Promise<ScreenRow> {
  return deps.db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name, null);
    const [row] = await tx
      .insert(venueScreens)
      .values({ ...valuesOf(input), code: newScreenCode(), codeIssuedAt: new Date() })
      .returning();
    await deps.audit.logChange(tx, who, 'create_screen', `Screen added: ${input.name}`, {
      screenId: row!.id,
    });
    return row!;
  });
}

/** Changes a screen's name, group, programme, theme or paging (audited); its code stays. */
export async function updateScreen(
  deps: AuditedDb,
  who: AuditContext,
  id: string,
  input: ScreenFields,
): Promise<ScreenRow> {
  return deps.db.transaction(async (tx) => {
    await lockedScreen(tx, id);
    await refuseTakenName(tx, input.name, id);
    const [row] = await tx
      .update(venueScreens)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(eq(venueScreens.id, id))
      .returning();
    await deps.audit.logChange(tx, who, 'update_screen', `Screen changed: ${input.name}`, { screenId: id });
    return row!;
  });
}

export async function deleteScreen(deps: AuditedDb, who: AuditContext, id: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedScreen(tx, id);
    await tx.delete(venueScreens).where(eq(venueScreens.id, id));
    await deps.audit.logChange(tx, who, 'delete_screen', `Screen deleted: ${row.name}`, { screenId: id });
    return row.name;
  });
}

/** A new code for the screen (the old one shows nothing from now on), or none at all when `revoke`. */
export async function replaceScreenCode(
  deps: AuditedDb,
  who: AuditContext,
  id: string,
  revoke: boolean,
): Promise<ScreenRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockedScreen(tx, id);
    const [row] = await tx
      .update(venueScreens)
      .set(
        revoke
          ? { code: null, codeIssuedAt: null, updatedAt: new Date() }
          : { code: newScreenCode(), codeIssuedAt: new Date(), updatedAt: new Date() },
      )
      .where(eq(venueScreens.id, id))
      .returning();
    await deps.audit.logChange(
      tx,
      who,
      revoke ? 'revoke_screen_code' : 'issue_screen_code',
      `${revoke ? 'Screen code revoked' : 'New screen code'}: ${before.name}`,
      { screenId: id },
    );
    return row!;
  });
}

/**
 * The one switch: puts one view on every screen (or on a group's), or sends them back to their programmes
 * (audited). Their displays follow through the live stream.
 */
export async function switchScreens(
  deps: AuditedDb,
  who: AuditContext,
  input: ScreenSwitchInput,
): Promise<{ switched: number; message: string }> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(venueScreens)
      .set({ switchedTo: input.view, updatedAt: new Date() })
      .where(input.group === null ? sql`true` : eq(venueScreens.groupName, input.group))
      .returning({ id: venueScreens.id });
    if (rows.length === 0) throw new HttpError(404, VENUE_SCREEN_MESSAGES.noScreens);
    const label = input.view ? SCREEN_VIEW_LABELS[input.view].toLowerCase() : null;
    const message = VENUE_SCREEN_MESSAGES.switched(rows.length, label);
    await deps.audit.logChange(
      tx,
      who,
      'switch_screens',
      `${input.group === null ? 'Every screen' : `Screens of ${input.group}`}: ${label ?? 'their own programme'}`,
      { group: input.group, view: input.view, screens: rows.length },
    );
    return { switched: rows.length, message };
  });
}

/**
 * In an event with sections (ADR 044) each section ranks from 1, so a row's second line names its section:
 * "Juniors · St Kevin's A". Without sections the line is as it was.
 */
function sectionLabel(sections: readonly PublicSection[] | undefined) {
  const names = new Map((sections ?? []).map((section) => [section.slug, section.name]));
  return (slug: string | undefined, line: string | null): string | null => {
    const name = slug ? names.get(slug) : undefined;
    if (!name) return line;
    return line ? `${name} · ${line}` : name;
  };
}
