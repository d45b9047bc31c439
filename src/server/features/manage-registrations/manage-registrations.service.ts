import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AdminRegistration,
  type AdminUpdateTeamsBody,
  type CancelRegistrationBody,
  type ListRegistrationsQuery,
  type ListRegistrationsResponse,
  type MarkPaidBody,
  MANAGE_REGISTRATION_MESSAGES as MESSAGES,
  type PromoteBody,
  type PromoteResponse,
} from '../../../contracts/manage-registrations';
import { REGISTRATION_MESSAGES } from '../../../contracts/registrations';
import { nameMatches, normalizeName } from '../../../domain/names';
import { playerKey } from '../../../domain/players-csv';
import { countOf } from '../../../domain/plural';
import { isConsentPending } from '../../../domain/registration';
import { hasIdenticalPlayers, suggestTeamName, teamNameKey } from '../../../domain/schools';
import type { AuditContext } from '../../audit/audit';
import { markRegistrationPaid } from '../../core/payments/mark-paid';
import { clearConsentOfRenamed, requestConsentAgain } from '../../core/registrations/guardian-consent';
import {
  type RegistrationDeps,
  readRegistrationSettings,
  toSummary,
  tournamentContext,
  tournamentDay,
} from '../../core/registrations/registration-records';
import {
  loadRegistration,
  type RegistrationRow,
  type RegistrationWithTeams,
  withTeams,
} from '../../core/registrations/registrations.repo';
import { findOrCreateTeam, teamNamesOfOtherSchools } from '../../core/schools/school-records';
import { findActiveTournament } from '../../core/tournament/active-tournament';
import type { Db } from '../../db/client';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import { players, teams } from '../../db/schema/tournaments';
import { HttpError } from '../../http/errors';

export type ManageRegistrationsDeps = RegistrationDeps;

/** Serialises promotions, so two staff pressing "Promote" at once never add a player twice. */
const PROMOTION_LOCK = 6_060_607;

export function toAdminRegistration(
  row: RegistrationWithTeams,
  summary: ReturnType<typeof toSummary>,
): AdminRegistration {
  const entries = row.teams.flatMap((team) => team.players);
  return {
    ...summary,
    paymentNote: row.paymentNote,
    promotedAt: row.promotedAt?.toISOString() ?? null,
    playerCount: entries.length,
    promotedPlayerCount: entries.filter((entry) => entry.playerId !== null).length,
  };
}

/** Every word typed appears in the school, reference, registrant, a team or a player name (no accents/case). */
function matchesSearch(row: RegistrationWithTeams, search: string): boolean {
  const query = normalizeName(search);
  if (query === '') return true;
  const text = normalizeName(
    [
      row.schoolName,
      row.reference,
      row.registrantName,
      row.registrantEmail,
      ...row.teams.flatMap((team) => [team.name, ...team.players.map((player) => player.name)]),
    ].join(' '),
  );
  return nameMatches(text, query);
}

type Entry = RegistrationWithTeams['teams'][number]['players'][number];

/** Never promoted, and not waiting for a guardian's confirmation (T25: those stay out of the tournament). */
const isPromotable = (entry: Entry, day: string) => entry.playerId === null && !isConsentPending(entry, day);

async function activeTournamentSummary(db: Db): Promise<{ id: string; name: string } | null> {
  const tournament = await findActiveTournament(db);
  return tournament && { id: tournament.id, name: tournament.name };
}

export async function listRegistrations(
  deps: Pick<ManageRegistrationsDeps, 'db' | 'now' | 'audit'>,
  query: ListRegistrationsQuery,
): Promise<ListRegistrationsResponse> {
  const { db } = deps;
  const rows = await withTeams(
    db,
    await db.select().from(registrations).orderBy(desc(registrations.createdAt)),
  );
  const settings = await readRegistrationSettings(db);
  const now = deps.now();
  const day = await tournamentDay(db, now);
  const status = query.status ?? 'all';
  const school = query.school ? normalizeName(query.school) : '';
  const shown = rows.filter(
    (row) =>
      (status === 'all' || row.paymentStatus === status) &&
      (school === '' || normalizeName(row.schoolName) === school) &&
      matchesSearch(row, query.search ?? ''),
  );
  const live = shown.filter((row) => row.paymentStatus !== 'cancelled');
  const sum = (list: RegistrationWithTeams[]) => list.reduce((total, row) => total + row.amountCents, 0);
  const paid = sum(live.filter((row) => row.paymentStatus === 'paid'));
  const due = sum(live);
  const schools = [...new Map(rows.map((row) => [normalizeName(row.schoolName), row.schoolName])).values()];
  return {
    registrations: shown.map((row) => toAdminRegistration(row, toSummary(row, settings, now, day))),
    totals: {
      registrations: shown.length,
      teams: live.reduce((total, row) => total + row.teamCount, 0),
      players: live.reduce((total, row) => total + row.teams.flatMap((team) => team.players).length, 0),
      dueCents: due,
      paidCents: paid,
      outstandingCents: due - paid,
    },
    schools: schools.sort((a, b) => a.localeCompare(b, 'en-IE')),
    activeTournament: await activeTournamentSummary(db),
    promotableCount: rows.filter(
      (row) =>
        row.paymentStatus === 'paid' &&
        row.teams.some((team) => team.players.some((entry) => isPromotable(entry, day))),
    ).length,
  };
}

async function loadOrFail(db: Db, id: string): Promise<RegistrationWithTeams> {
  const row = await loadRegistration(db, id);
  if (!row) throw new HttpError(404, MESSAGES.notFound);
  return row;
}

async function adminView(deps: Pick<ManageRegistrationsDeps, 'db' | 'now' | 'audit'>, id: string) {
  const row = await loadOrFail(deps.db, id);
  const now = deps.now();
  const settings = await readRegistrationSettings(deps.db);
  return toAdminRegistration(row, toSummary(row, settings, now, await tournamentDay(deps.db, now)));
}

/**
 * A cash or bank transfer payment recorded by staff, through the same markRegistrationPaid as card payments:
 * the same log entry (with the staff member as actor) and the same receipt e-mail.
 */
export async function markPaid(
  deps: ManageRegistrationsDeps,
  context: AuditContext,
  id: string,
  body: MarkPaidBody,
): Promise<{ message: string; registration: AdminRegistration }> {
  const row = await loadOrFail(deps.db, id);
  if (row.paymentStatus === 'cancelled') throw new HttpError(409, MESSAGES.cancelled);
  if (row.paymentStatus === 'paid') throw new HttpError(409, MESSAGES.alreadyPaid);
  const { changed } = await markRegistrationPaid(deps.db, deps, {
    registrationId: id,
    via: body.via,
    note: body.note,
    actorId: context.actorId,
  });
  // Paid or cancelled by someone else between the read and the write.
  if (!changed) throw new HttpError(409, MESSAGES.changedMeanwhile);
  return { message: MESSAGES.markedPaid(row.reference, body.via), registration: await adminView(deps, id) };
}

/**
 * Cancels a registration with a reason. A paid registration, or one whose payment is in progress, needs
 * `confirmPaid` (any refund is made outside this site); its payment fields are kept, so the billing overview
 * can list money received for cancelled entries. Players already promoted stay in the tournament.
 */
export async function cancelRegistration(
  deps: Pick<ManageRegistrationsDeps, 'db' | 'now' | 'audit'>,
  context: AuditContext,
  id: string,
  body: CancelRegistrationBody,
): Promise<{ message: string; registration: AdminRegistration }> {
  const { db } = deps;
  const row = await loadOrFail(db, id);
  if (row.paymentStatus === 'cancelled') throw new HttpError(409, MESSAGES.cancelled);
  const moneyInvolved = row.paymentStatus === 'paid' || row.paymentStatus === 'pending';
  if (moneyInvolved && body.confirmPaid !== true) throw new HttpError(409, MESSAGES.confirmPaidCancel);
  const now = deps.now();
  const note = row.paymentNote
    ? `${row.paymentNote}\nCancelled: ${body.reason}`
    : `Cancelled: ${body.reason}`;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(registrations)
      .set({ paymentStatus: 'cancelled', cancelledAt: now, paymentNote: note, updatedAt: now })
      // Unchanged since it was read: a payment arriving meanwhile is not silently cancelled unconfirmed.
      .where(and(eq(registrations.id, id), eq(registrations.paymentStatus, row.paymentStatus)))
      .returning({ id: registrations.id });
    if (!updated) throw new HttpError(409, MESSAGES.changedMeanwhile);
    await deps.audit.logChange(
      tx,
      context,
      'registration_cancelled',
      `Registration ${row.reference} cancelled (was ${row.paymentStatus})`,
      {
        registrationId: id,
        reason: body.reason,
        previousStatus: row.paymentStatus,
        amountCents: row.amountCents,
        promoted: row.promotedAt !== null,
      },
    );
  });
  return { message: MESSAGES.cancelledOk(row.reference), registration: await adminView(deps, id) };
}

/**
 * Staff correct team and player names at any time (the registrant's closing date does not apply), except on
 * a cancelled registration. Entries already promoted are renamed in the tournament too (name, and the team
 * as group name), so the two never disagree.
 */
export async function updateTeams(
  deps: ManageRegistrationsDeps,
  context: AuditContext,
  id: string,
  body: AdminUpdateTeamsBody,
): Promise<{ message: string; registration: AdminRegistration }> {
  const { db } = deps;
  const row = await loadOrFail(db, id);
  if (row.paymentStatus === 'cancelled') throw new HttpError(409, MESSAGES.cancelled);
  const teamIds = new Set(body.teams.map((team) => team.id));
  const sameShape =
    teamIds.size === row.teams.length &&
    body.teams.every((team) => {
      const existing = row.teams.find((candidate) => candidate.id === team.id);
      const ids = new Set(team.players.map((player) => player.id));
      return (
        existing !== undefined &&
        ids.size === existing.players.length &&
        existing.players.every((player) => ids.has(player.id))
      );
    });
  if (!sameShape) throw new HttpError(400, MESSAGES.teamsMismatch);
  const names = body.teams.map((team) => normalizeName(team.name));
  if (names.some((name, index) => names.indexOf(name) !== index)) {
    throw new HttpError(400, MESSAGES.duplicateTeamName);
  }
  // docs/decisions/012-school-identity.md: four identical names are refused, and so is a team name another
  // school uses.
  const identical = body.teams.find((team) => hasIdenticalPlayers(team.players.map((player) => player.name)));
  if (identical) throw new HttpError(400, REGISTRATION_MESSAGES.identicalPlayers);
  const taken = await teamNamesOfOtherSchools(db, row.schoolId);
  const clash = body.teams.find((team) => taken.has(teamNameKey(team.name)));
  if (clash) {
    const [school] = await db.select().from(schools).where(eq(schools.id, row.schoolId));
    const suggestion = suggestTeamName(clash.name, school ?? { name: row.schoolName }, (name) =>
      taken.has(teamNameKey(name)),
    );
    throw new HttpError(409, REGISTRATION_MESSAGES.teamNameTaken(clash.name.trim(), suggestion));
  }
  // A promoted minor renamed would put a child without consent in the pairings and on the leaderboard.
  for (const team of body.teams) {
    const existing = row.teams.find((candidate) => candidate.id === team.id)!;
    for (const player of team.players) {
      const before = existing.players.find((candidate) => candidate.id === player.id)!;
      if (before.playerId && before.guardianEmail && before.name !== player.name) {
        throw new HttpError(409, MESSAGES.promotedMinorRenamed(before.name));
      }
    }
  }

  const changes: { kind: 'team' | 'player'; from: string; to: string }[] = [];
  const renamedPlayerIds: string[] = [];
  let reconfirm: string[] = [];
  const now = deps.now();
  await db.transaction(async (tx) => {
    for (const team of body.teams) {
      const existing = row.teams.find((candidate) => candidate.id === team.id)!;
      const teamRenamed = existing.name !== team.name;
      if (teamRenamed) {
        await tx.update(registrationTeams).set({ name: team.name }).where(eq(registrationTeams.id, team.id));
        changes.push({ kind: 'team', from: existing.name, to: team.name });
      }
      for (const player of team.players) {
        const before = existing.players.find((candidate) => candidate.id === player.id)!;
        const renamed = before.name !== player.name;
        if (renamed) {
          await tx
            .update(registrationTeamPlayers)
            .set({ name: player.name })
            .where(eq(registrationTeamPlayers.id, player.id));
          changes.push({ kind: 'player', from: before.name, to: player.name });
          renamedPlayerIds.push(player.id);
        }
        if (before.playerId && (renamed || teamRenamed)) {
          const [moved] = await tx
            .update(players)
            .set({ name: player.name, groupName: team.name, updatedAt: now })
            .where(eq(players.id, before.playerId))
            .returning({ teamId: players.teamId });
          // The tournament's team record follows its name.
          if (teamRenamed && moved?.teamId) {
            await tx.update(teams).set({ name: team.name, updatedAt: now }).where(eq(teams.id, moved.teamId));
          }
        }
      }
    }
    if (changes.length === 0) return;
    reconfirm = await clearConsentOfRenamed(tx, renamedPlayerIds);
    await tx.update(registrations).set({ updatedAt: now }).where(eq(registrations.id, id));
    await deps.audit.logChange(
      tx,
      context,
      'registration_teams_updated',
      `Registration ${row.reference}: ${countOf(changes.length, 'name')} changed by staff`,
      { registrationId: id, changes, by: 'staff' },
    );
  });
  // A renamed minor needs their guardian's consent again (ADR 008).
  await requestConsentAgain(deps, (await loadRegistration(db, id))!, reconfirm, {
    actorId: context.actorId,
    eventName: (await tournamentContext(db, now)).name,
  });
  return { message: MESSAGES.teamsSaved, registration: await adminView(deps, id) };
}

/**
 * Copies the players of the chosen registrations (or of every paid registration not yet promoted) into the
 * active tournament, each with its team name as group name, in one transaction. Idempotent: an entry already
 * promoted into this tournament is skipped, and a player already there under the same name and team (added
 * by hand, say) is linked rather than added twice. Cancelled registrations are refused.
 */
export async function promote(
  deps: Pick<ManageRegistrationsDeps, 'db' | 'now' | 'audit'>,
  context: AuditContext,
  body: PromoteBody,
): Promise<PromoteResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PROMOTION_LOCK})`);
    const tournament = await findActiveTournament(tx);
    if (!tournament) throw new HttpError(409, MESSAGES.noActiveTournament);

    const day = await tournamentDay(tx, now);
    let rows: RegistrationRow[];
    if (body.registrationIds) {
      const ids = [...new Set(body.registrationIds)];
      rows = await tx.select().from(registrations).where(inArray(registrations.id, ids));
      if (rows.length !== ids.length) throw new HttpError(404, MESSAGES.unknownRegistrations);
      if (rows.some((row) => row.paymentStatus === 'cancelled')) {
        throw new HttpError(409, MESSAGES.promoteCancelled);
      }
    } else {
      rows = await tx.select().from(registrations).where(eq(registrations.paymentStatus, 'paid'));
    }
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    let loaded = await withTeams(tx, rows);
    if (!body.registrationIds) {
      // All paid: those with players never promoted (a registration of an earlier tournament stays there).
      loaded = loaded.filter((row) =>
        row.teams.some((team) => team.players.some((entry) => isPromotable(entry, day))),
      );
      rows = loaded;
    }

    const existing = await tx
      .select({ id: players.id, name: players.name, groupName: players.groupName })
      .from(players)
      .where(eq(players.tournamentId, tournament.id));
    const inTournament = new Set(existing.map((player) => player.id));
    const byKey = new Map(existing.map((player) => [playerKey(player.name, player.groupName), player.id]));
    let created = 0;
    let linked = 0;
    let skipped = 0;
    let waitingConsent = 0;
    const touched = new Set<string>();
    for (const registration of loaded) {
      for (const team of registration.teams) {
        // docs/decisions/012-school-identity.md: the players join the team record of the registration's school.
        const teamRecord = await findOrCreateTeam(tx, tournament.id, registration.schoolId, team.name);
        if (!teamRecord)
          throw new HttpError(409, MESSAGES.promoteTeamNameTaken(team.name, registration.reference));
        const membership = { teamId: teamRecord.id, schoolId: registration.schoolId };
        for (const entry of team.players) {
          if (entry.playerId && inTournament.has(entry.playerId)) {
            skipped += 1;
            continue;
          }
          if (isConsentPending(entry, day)) {
            waitingConsent += 1;
            continue;
          }
          const key = playerKey(entry.name, team.name);
          let playerId = byKey.get(key);
          // The name permission given at registration goes with the pupil (ADR 036).
          const member = { ...membership, publicNameDisplay: entry.publicNameDisplay };
          if (playerId) {
            await tx.update(players).set(member).where(eq(players.id, playerId));
            linked += 1;
          } else {
            const [inserted] = await tx
              .insert(players)
              .values({ tournamentId: tournament.id, name: entry.name, groupName: team.name, ...member })
              .returning({ id: players.id });
            playerId = inserted!.id;
            byKey.set(key, playerId);
            inTournament.add(playerId);
            created += 1;
          }
          touched.add(registration.id);
          await tx
            .update(registrationTeamPlayers)
            .set({ playerId })
            .where(eq(registrationTeamPlayers.id, entry.id));
        }
      }
    }
    if (touched.size > 0) {
      await tx
        .update(registrations)
        .set({ promotedAt: now, updatedAt: now })
        .where(inArray(registrations.id, [...touched]));
    }
    if (created + linked > 0) {
      await deps.audit.logChange(
        tx,
        context,
        'registrations_promoted',
        `${created + linked} registered players promoted into ${tournament.name}`,
        {
          tournamentId: tournament.id,
          registrationIds: rows.map((row) => row.id),
          references: rows.map((row) => row.reference),
          created,
          linked,
          skipped,
          waitingConsent,
        },
      );
    }
    const done =
      created + linked === 0
        ? MESSAGES.nothingToPromote
        : MESSAGES.promoted(created + linked, touched.size, tournament.name);
    return {
      message: waitingConsent > 0 ? `${done} ${MESSAGES.waitingConsent(waitingConsent)}` : done,
      tournament,
      registrations: touched.size,
      created,
      linked,
      skipped,
      waitingConsent,
    };
  });
}
