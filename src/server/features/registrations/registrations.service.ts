import { eq, sql } from 'drizzle-orm';
import {
  type CreateRegistrationBody,
  REGISTRATION_MESSAGES,
  type RegistrationSummary,
  type UpdateTeamsBody,
} from '../../../contracts/registrations';
import {
  type RegistrationSettings,
  registrationLimits,
  resolveRegistrationSettings,
  SETTING_KEYS,
  type UpdateRegistrationSettingsBody,
} from '../../../contracts/settings';
import { countOf } from '../../../domain/plural';
import {
  normaliseReference,
  registrationAmountCents,
  registrationClosedBy,
} from '../../../domain/registration';
import { hasIdenticalPlayers, suggestTeamName, teamNameKey } from '../../../domain/schools';
import type { AuditContext } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import {
  clearConsentOfRenamed,
  requestConsentAgain,
  requestGuardianConsent,
} from '../../core/registrations/guardian-consent';
import { checkPlayerEntry } from '../../core/registrations/player-entry';
import { registrationConfirmationMail } from '../../core/registrations/registration-mails';
import {
  authorisedRegistration,
  ownedRegistrations,
  type RegistrationDeps,
  readRegistrationSettings,
  toSummary,
  tournamentContext,
  tournamentDay,
} from '../../core/registrations/registration-records';
import { constantTimeEquals } from '../../core/registrations/registration-security';
import {
  insertRegistration,
  REGISTRATION_LOCK,
  refuseWhenFull,
} from '../../core/registrations/registration-writes';
import { loadRegistration, withTeams } from '../../core/registrations/registrations.repo';
import {
  findOrCreateSchool,
  type SchoolRow,
  teamNamesOfOtherSchools,
} from '../../core/schools/school-records';
import { beforeAndAfter, saveRegisteredSetting } from '../../core/settings/settings.service';
import type { Db } from '../../db/client';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import type { AuditedDb } from '../../feature-context';
import { HttpError } from '../../http/errors';

/** A refused form, with the field each problem belongs to (paths as in the request body). */
export class RegistrationInputError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues[0]?.message ?? 'Invalid registration');
  }
}

export async function updateRegistrationSettings(
  deps: AuditedDb,
  context: AuditContext,
  input: UpdateRegistrationSettingsBody,
): Promise<RegistrationSettings> {
  await saveRegisteredSetting(deps, context, SETTING_KEYS.registration, input, {
    action: 'registration_settings_updated',
    description: input.is_enabled
      ? 'Registration settings saved (open)'
      : 'Registration settings saved (closed)',
    details: beforeAndAfter,
  });
  return resolveRegistrationSettings(input);
}

/** Every eligibility and consent problem of the form at once, so the registrant can fix them in one go. */
function checkPlayers(body: CreateRegistrationBody, day: string) {
  const issues: { path: string; message: string }[] = [];
  const consent: (null | { by: string; email: string })[][] = body.teams.map((team, t) =>
    team.players.map((player, p) => {
      const checked = checkPlayerEntry(player, day, `teams.${t}.players.${p}`);
      issues.push(...checked.issues);
      return checked.consent;
    }),
  );
  const names = body.teams.map((team) => team.name.trim().toLowerCase());
  names.forEach((name, t) => {
    if (names.indexOf(name) !== t)
      issues.push({ path: `teams.${t}.name`, message: REGISTRATION_MESSAGES.duplicateTeamName });
  });
  body.teams.forEach((team, t) => {
    if (hasIdenticalPlayers(team.players.map((player) => player.name))) {
      issues.push({ path: `teams.${t}.players`, message: REGISTRATION_MESSAGES.identicalPlayers });
    }
  });
  return { issues, consent };
}

/** Refuses (400, per team) the team names another school already uses, suggesting a free one. */
async function refuseTeamNamesOfOtherSchools(
  tx: Db,
  school: SchoolRow,
  teams: readonly { name: string }[],
): Promise<void> {
  const taken = await teamNamesOfOtherSchools(tx, school.id);
  const ours = new Set(teams.map((team) => teamNameKey(team.name)));
  const isTaken = (name: string) => taken.has(teamNameKey(name)) || ours.has(teamNameKey(name));
  const issues = teams.flatMap((team, t) =>
    taken.has(teamNameKey(team.name))
      ? [
          {
            path: `teams.${t}.name`,
            message: REGISTRATION_MESSAGES.teamNameTaken(
              team.name.trim(),
              suggestTeamName(team.name, school, isTaken),
            ),
          },
        ]
      : [],
  );
  if (issues.length > 0) throw new RegistrationInputError(issues);
}

/**
 * Creates a registration: open and before the closing date, within the limits, every player eligible, the
 * amount from the server's team price. Sends the confirmation mail and logs it.
 */
export async function createRegistration(
  deps: RegistrationDeps,
  actor: Actor | null,
  body: CreateRegistrationBody,
): Promise<{ registration: RegistrationSummary; accessToken: string }> {
  const { db } = deps;
  const now = deps.now();
  const settings = await readRegistrationSettings(db);
  const closedBy = registrationClosedBy(settings, now.getTime());
  if (closedBy === 'switch') throw new HttpError(409, REGISTRATION_MESSAGES.closed);
  if (closedBy === 'closing-time') throw new HttpError(409, REGISTRATION_MESSAGES.closedAt);
  const limits = registrationLimits(settings);
  if (body.teams.length > limits.maxTeamsPerRegistration) {
    throw new RegistrationInputError([
      { path: 'teams', message: REGISTRATION_MESSAGES.tooManyTeams(limits.maxTeamsPerRegistration) },
    ]);
  }
  const tournament = await tournamentContext(db, now);
  const { issues, consent } = checkPlayers(body, tournament.day);
  if (issues.length > 0) throw new RegistrationInputError(issues);

  const amountCents = registrationAmountCents(settings.team_price, body.teams.length);
  const email = body.registrantEmail.trim().toLowerCase();
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
    await refuseWhenFull(tx, limits.maxTeamsTotal, body.teams.length);
    // docs/decisions/012-school-identity.md: the entry belongs to a school record, and a team name another
    // school uses in the tournament is refused with a free name to take instead.
    const school = await findOrCreateSchool(tx, body.schoolName, {
      teacherName: body.registrantName,
      teacherEmail: email,
      teacherPhone: body.registrantPhone || null,
    });
    await refuseTeamNamesOfOtherSchools(tx, school, body.teams);
    const { id: registrationId } = await insertRegistration(
      tx,
      deps.audit,
      { actorId: actor?.userId ?? null, ip: null },
      {
        userId: actor?.userId ?? null,
        registrantName: body.registrantName,
        registrantEmail: email,
        registrantPhone: body.registrantPhone || null,
        schoolName: body.schoolName,
        schoolId: school.id,
        teams: body.teams,
        consent,
        amountCents,
        now,
      },
    );
    return registrationId;
  });

  const registration = (await loadRegistration(db, id))!;
  const accessToken = deps.keys.accessToken(id);
  try {
    await deps.mailer.send(
      registrationConfirmationMail({
        registration,
        // The token in the fragment: browsers never send it, so no server or proxy log records it (ADR 010).
        teamsUrl: `${deps.publicUrl}/registration/teams/${id}#token=${accessToken}`,
        statusUrl: `${deps.publicUrl}/registration/status`,
        editableUntil: limits.closesAt,
        pendingConsent: toSummary(registration, settings, now, tournament.day).pendingConsentCount,
      }),
    );
  } catch {
    // The registration stands (an error here would make the registrant submit it twice); staff see the log.
    await deps.audit.logAttempt(
      db,
      { actorId: null, ip: null },
      'confirmation_mail_failed',
      `The confirmation e-mail for ${registration.reference} could not be sent`,
      { registrationId: id },
    );
  }
  // Each guardian gets their confirmation link (T25); a failed mail is logged there, the registration stands.
  await requestGuardianConsent(deps, registration, {
    actorId: actor?.userId ?? null,
    eventName: tournament.name,
  });
  return { registration: toSummary(registration, settings, now, tournament.day), accessToken };
}

/**
 * Looks a registration up by reference and e-mail. A wrong reference and a wrong e-mail get the same 404,
 * and the e-mail is compared in constant time, so the lookup reveals nothing about other registrations.
 */
export async function lookupRegistration(
  deps: Pick<RegistrationDeps, 'db' | 'keys' | 'now'>,
  query: { reference: string; email: string },
): Promise<{ registration: RegistrationSummary; accessToken: string }> {
  const [row] = await deps.db
    .select()
    .from(registrations)
    .where(eq(registrations.reference, normaliseReference(query.reference)));
  const email = query.email.trim().toLowerCase();
  const matches = constantTimeEquals(row?.registrantEmail.toLowerCase() ?? '\u0000', email);
  if (!row || !matches) throw new HttpError(404, REGISTRATION_MESSAGES.notFound);
  const [loaded] = await withTeams(deps.db, [row]);
  const settings = await readRegistrationSettings(deps.db);
  const now = deps.now();
  return {
    registration: toSummary(loaded!, settings, now, await tournamentDay(deps.db, now)),
    accessToken: deps.keys.accessToken(row.id),
  };
}

export async function readTeams(
  deps: Pick<RegistrationDeps, 'db' | 'keys' | 'now'>,
  actor: Actor | null,
  id: string,
  token: string | undefined,
): Promise<RegistrationSummary> {
  const row = await authorisedRegistration(deps, actor, id, token);
  const now = deps.now();
  return toSummary(row, await readRegistrationSettings(deps.db), now, await tournamentDay(deps.db, now));
}

/** Renames teams and players (nothing else) until the closing date; every id must belong to this registration. */
export async function updateTeams(
  deps: RegistrationDeps,
  actor: Actor | null,
  id: string,
  body: UpdateTeamsBody,
): Promise<RegistrationSummary> {
  const { db } = deps;
  const now = deps.now();
  const row = await authorisedRegistration(deps, actor, id, body.token);
  const settings = await readRegistrationSettings(db);
  if (row.paymentStatus === 'cancelled') throw new HttpError(409, REGISTRATION_MESSAGES.cancelled);
  if (!toSummary(row, settings, now).canEditTeams) throw new HttpError(409, REGISTRATION_MESSAGES.editClosed);
  const sameShape =
    body.teams.length === row.teams.length &&
    body.teams.every((team) => {
      const existing = row.teams.find((candidate) => candidate.id === team.id);
      return (
        existing !== undefined &&
        team.players.every((player) => existing.players.some((candidate) => candidate.id === player.id)) &&
        new Set(team.players.map((player) => player.id)).size === existing.players.length
      );
    }) &&
    new Set(body.teams.map((team) => team.id)).size === row.teams.length;
  if (!sameShape) throw new HttpError(400, REGISTRATION_MESSAGES.teamsMismatch);
  const names = body.teams.map((team) => team.name.trim().toLowerCase());
  const duplicate = names.findIndex((name, t) => names.indexOf(name) !== t);
  if (duplicate >= 0) {
    throw new RegistrationInputError([
      { path: `teams.${duplicate}.name`, message: REGISTRATION_MESSAGES.duplicateTeamName },
    ]);
  }

  const identical = body.teams.findIndex((team) =>
    hasIdenticalPlayers(team.players.map((player) => player.name)),
  );
  if (identical >= 0) {
    throw new RegistrationInputError([
      { path: `teams.${identical}.players`, message: REGISTRATION_MESSAGES.identicalPlayers },
    ]);
  }
  const [school] = await db.select().from(schools).where(eq(schools.id, row.schoolId));
  if (school) await refuseTeamNamesOfOtherSchools(db, school, body.teams);

  const changes: { kind: 'team' | 'player'; from: string; to: string }[] = [];
  const renamedPlayerIds: string[] = [];
  let reconfirm: string[] = [];
  await db.transaction(async (tx) => {
    for (const team of body.teams) {
      const existing = row.teams.find((candidate) => candidate.id === team.id)!;
      if (existing.name !== team.name) {
        await tx.update(registrationTeams).set({ name: team.name }).where(eq(registrationTeams.id, team.id));
        changes.push({ kind: 'team', from: existing.name, to: team.name });
      }
      for (const player of team.players) {
        const before = existing.players.find((candidate) => candidate.id === player.id)!;
        if (before.name === player.name) continue;
        await tx
          .update(registrationTeamPlayers)
          .set({ name: player.name })
          .where(eq(registrationTeamPlayers.id, player.id));
        changes.push({ kind: 'player', from: before.name, to: player.name });
        renamedPlayerIds.push(player.id);
      }
    }
    if (changes.length === 0) return;
    reconfirm = await clearConsentOfRenamed(tx, renamedPlayerIds);
    await tx.update(registrations).set({ updatedAt: now }).where(eq(registrations.id, id));
    await deps.audit.logChange(
      tx,
      { actorId: actor?.userId ?? null, ip: null },
      'registration_teams_updated',
      `Registration ${row.reference}: ${countOf(changes.length, 'name')} changed`,
      { registrationId: id, changes, by: actor ? 'owner' : 'access_token' },
    );
  });
  const updated = (await loadRegistration(db, id))!;
  const tournament = await tournamentContext(db, now);
  // A renamed minor needs their guardian's consent again (ADR 008).
  await requestConsentAgain(deps, updated, reconfirm, {
    actorId: actor?.userId ?? null,
    eventName: tournament.name,
  });
  return toSummary(updated, settings, now, tournament.day);
}

/** The signed-in user's registrations (ownedRegistrations), each with its access token. */
export async function myRegistrations(
  deps: Pick<RegistrationDeps, 'db' | 'keys' | 'now'>,
  actor: Actor,
): Promise<(RegistrationSummary & { accessToken: string })[]> {
  const { db } = deps;
  const rows = await ownedRegistrations(db, actor);
  const settings = await readRegistrationSettings(db);
  const now = deps.now();
  const day = await tournamentDay(db, now);
  return (await withTeams(db, rows)).map((row) => ({
    ...toSummary(row, settings, now, day),
    accessToken: deps.keys.accessToken(row.id),
  }));
}
