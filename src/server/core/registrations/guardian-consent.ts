import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { GUARDIAN_CONSENT_MESSAGES, type GuardianConsentView } from '../../../contracts/guardian-consent';
import { eventDayOf } from '../../../domain/event-day';
import { countOf } from '../../../domain/plural';
import { GUARDIAN_CONSENT_POLICY_VERSION } from '../../../domain/registration';
import { registrationPeriodText } from '../../../domain/retention';
import type { Db } from '../../db/client';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { HttpError } from '../../http/errors';
import { enterConfirmedDayEntry } from '../players/roster-entry';
import { readPeriods } from '../retention/retention.service';
import { guardianConsentMail } from './guardian-consent.mails';
import type { RegistrationDeps } from './registration-records';
import type { RegistrationWithTeams } from './registrations.repo';

/**
 * Guardian consent by e-mail link (T25, ADR 008): the registrant declares a guardian's consent and gives the
 * guardian's e-mail; the guardian confirms through a link whose token is an HMAC of the player id and that
 * address (RegistrationKeys.consentToken), so nothing is stored but the confirmation time.
 */

export type GuardianConsentDeps = RegistrationDeps;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function consentUrl(
  deps: Pick<GuardianConsentDeps, 'publicUrl' | 'keys'>,
  player: { id: string; name: string },
  email: string,
) {
  // The token in the fragment: browsers never send it, so no server or proxy log records it (ADR 010).
  return `${deps.publicUrl}/registration/consent/${player.id}#token=${deps.keys.consentToken(player.id, email, player.name)}`;
}

/**
 * Mails every guardian whose players in this registration still wait for confirmation: one mail per
 * address, with a button per child. A mail that cannot be sent does not undo the registration; it is logged.
 * Returns how many mails were sent.
 */
export async function requestGuardianConsent(
  deps: GuardianConsentDeps,
  registration: RegistrationWithTeams,
  context: { actorId: string | null; eventName: string | null },
): Promise<number> {
  const byAddress = new Map<
    string,
    { guardianName: string; players: { id: string; name: string; teamName: string }[] }
  >();
  for (const team of registration.teams) {
    for (const player of team.players) {
      if (!player.guardianEmail || player.guardianConfirmedAt) continue;
      const group = byAddress.get(player.guardianEmail) ?? {
        guardianName: player.guardianConsentBy ?? 'parent or guardian',
        players: [],
      };
      group.players.push({ id: player.id, name: player.name, teamName: team.name });
      byAddress.set(player.guardianEmail, group);
    }
  }
  if (byAddress.size === 0) return 0;

  // The period the retention job applies (ADR 035), as the privacy page states it.
  const registrationPeriod = registrationPeriodText(await readPeriods(deps.db));
  let sent = 0;
  const failedPlayerIds: string[] = [];
  for (const [address, group] of byAddress) {
    try {
      await deps.mailer.send(
        guardianConsentMail({
          to: address,
          guardianName: group.guardianName,
          registrantName: registration.registrantName,
          schoolName: registration.schoolName,
          reference: registration.reference,
          eventName: context.eventName,
          policyVersion: GUARDIAN_CONSENT_POLICY_VERSION,
          publicUrl: deps.publicUrl,
          registrationPeriod,
          children: group.players.map((player) => ({
            name: player.name,
            teamName: player.teamName,
            url: consentUrl(deps, player, address),
          })),
        }),
      );
      sent += 1;
    } catch {
      failedPlayerIds.push(...group.players.map((player) => player.id));
    }
  }
  const playerIds = [...byAddress.values()].flatMap((group) => group.players.map((player) => player.id));
  // Addresses stay out of the log (they are on the registration); the player ids say who was asked.
  // Only mails were sent: nothing else changed, so the row stands on its own.
  await deps.audit.logAttempt(
    deps.db,
    { actorId: context.actorId, ip: null },
    'guardian_consent_requested',
    `Registration ${registration.reference}: guardian consent asked for ${countOf(playerIds.length, 'player')} in ${countOf(sent, 'e-mail')}`,
    { registrationId: registration.id, playerIds, mails: sent },
  );
  if (failedPlayerIds.length > 0) {
    await deps.audit.logAttempt(
      deps.db,
      { actorId: null, ip: null },
      'guardian_consent_mail_failed',
      `Registration ${registration.reference}: ${countOf(failedPlayerIds.length, 'guardian consent e-mail')} could not be sent`,
      { registrationId: registration.id, playerIds: failedPlayerIds },
    );
  }
  return sent;
}

async function loadEntry(db: Db, playerId: string) {
  if (!UUID.test(playerId)) return undefined;
  const [row] = await db
    .select({
      playerId: registrationTeamPlayers.id,
      name: registrationTeamPlayers.name,
      guardianEmail: registrationTeamPlayers.guardianEmail,
      guardianConfirmedAt: registrationTeamPlayers.guardianConfirmedAt,
      policyVersion: registrationTeamPlayers.consentPolicyVersion,
      teamName: registrationTeams.name,
      registrationId: registrations.id,
      reference: registrations.reference,
      schoolName: registrations.schoolName,
      paymentStatus: registrations.paymentStatus,
    })
    .from(registrationTeamPlayers)
    .innerJoin(registrationTeams, eq(registrationTeams.id, registrationTeamPlayers.teamId))
    .innerJoin(registrations, eq(registrations.id, registrationTeams.registrationId))
    .where(eq(registrationTeamPlayers.id, playerId));
  return row;
}
type Entry = NonNullable<Awaited<ReturnType<typeof loadEntry>>>;

/** The entry the link names, if the token is right for it and its guardian's address; else the same 404. */
async function authorisedEntry(
  deps: Pick<GuardianConsentDeps, 'db' | 'keys'>,
  playerId: string,
  token: string,
) {
  const entry = await loadEntry(deps.db, playerId);
  // Compared even for an unknown id, so both refusals take the same time.
  const valid = deps.keys.isConsentToken(playerId, entry?.guardianEmail ?? null, entry?.name ?? '', token);
  if (!entry || !valid) throw new HttpError(404, GUARDIAN_CONSENT_MESSAGES.invalidLink);
  return entry;
}

function toView(entry: Entry, eventName: string | null): GuardianConsentView {
  return {
    // The first name is enough for a parent to recognise their child; a forwarded link shows no more.
    playerFirstName: entry.name.trim().split(/\s+/)[0] ?? entry.name,
    teamName: entry.teamName,
    schoolName: entry.schoolName,
    eventName,
    status:
      entry.paymentStatus === 'cancelled' ? 'cancelled' : entry.guardianConfirmedAt ? 'confirmed' : 'pending',
    confirmedAt: entry.guardianConfirmedAt?.toISOString() ?? null,
    policyVersion: entry.policyVersion ?? GUARDIAN_CONSENT_POLICY_VERSION,
  };
}

export async function readGuardianConsent(
  deps: Pick<GuardianConsentDeps, 'db' | 'keys'>,
  playerId: string,
  token: string,
  eventName: string | null,
): Promise<GuardianConsentView> {
  return toView(await authorisedEntry(deps, playerId, token), eventName);
}

/**
 * The guardian confirms: sets guardian_confirmed_at once (a second confirmation changes nothing and is not
 * logged again), on a registration that is not cancelled, for the address the link was made for.
 */
export async function confirmGuardianConsent(
  deps: Pick<GuardianConsentDeps, 'db' | 'keys' | 'now' | 'audit'>,
  playerId: string,
  token: string,
  eventName: string | null,
): Promise<GuardianConsentView> {
  const { db } = deps;
  const entry = await authorisedEntry(deps, playerId, token);
  if (entry.paymentStatus === 'cancelled') throw new HttpError(409, GUARDIAN_CONSENT_MESSAGES.cancelled);
  if (entry.guardianConfirmedAt) return toView(entry, eventName);
  const now = deps.now();
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(registrationTeamPlayers)
      .set({ guardianConfirmedAt: now })
      .where(
        and(
          eq(registrationTeamPlayers.id, playerId),
          isNull(registrationTeamPlayers.guardianConfirmedAt),
          eq(registrationTeamPlayers.guardianEmail, entry.guardianEmail!),
        ),
      )
      .returning({ id: registrationTeamPlayers.id });
    // Confirmed meanwhile by a second click: nothing more to record.
    if (!updated) return;
    await tx.update(registrations).set({ updatedAt: now }).where(eq(registrations.id, entry.registrationId));
    await deps.audit.logChange(
      tx,
      { actorId: null, ip: null },
      'guardian_consent_confirmed',
      `Registration ${entry.reference}: a guardian confirmed consent for a player of ${entry.teamName}`,
      {
        registrationId: entry.registrationId,
        playerId,
        policyVersion: entry.policyVersion ?? GUARDIAN_CONSENT_POLICY_VERSION,
        by: 'guardian_link',
      },
    );
    // A pupil named on the day (a substitute, a late team) plays from the next round once their guardian confirms.
    const entered = await enterConfirmedDayEntry(tx, playerId, eventDayOf(now));
    if (entered) {
      await deps.audit.logChange(
        tx,
        { actorId: null, ip: null },
        'substitute_entered',
        `A pupil of ${entry.teamName} named on the day entered the tournament after their guardian confirmed`,
        { registrationId: entry.registrationId, entryId: playerId, playerId: entered },
      );
    }
  });
  return toView((await loadEntry(db, playerId))!, eventName);
}

/**
 * The consent records of the given registrations (GDPR Art. 7(1): consent can be demonstrated; Art. 15/20:
 * included in the registrant's data export): who declared, the guardian's address, when declared and
 * confirmed, and the terms' version.
 */
export async function consentRecordsOf(db: Db, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  const rows = await db
    .select({
      reference: registrations.reference,
      schoolName: registrations.schoolName,
      teamName: registrationTeams.name,
      playerName: registrationTeamPlayers.name,
      guardianName: registrationTeamPlayers.guardianConsentBy,
      guardianEmail: registrationTeamPlayers.guardianEmail,
      declaredAt: registrationTeamPlayers.guardianConsentAt,
      confirmedAt: registrationTeamPlayers.guardianConfirmedAt,
      policyVersion: registrationTeamPlayers.consentPolicyVersion,
    })
    .from(registrationTeamPlayers)
    .innerJoin(registrationTeams, eq(registrationTeams.id, registrationTeamPlayers.teamId))
    .innerJoin(registrations, eq(registrations.id, registrationTeams.registrationId))
    .where(inArray(registrations.id, registrationIds))
    .orderBy(registrations.createdAt, registrationTeams.position, registrationTeamPlayers.position);
  return rows
    .filter((row) => row.guardianName !== null || row.guardianEmail !== null)
    .map((row) => ({
      ...row,
      declaredAt: row.declaredAt?.toISOString() ?? null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    }));
}

/**
 * A renamed child may not be the child the guardian agreed for: inside the rename's transaction, the
 * confirmations of the renamed players who need a guardian's consent are cleared. Returns their ids, for
 * `requestConsentAgain` once the transaction has committed.
 */
export async function clearConsentOfRenamed(tx: Db, renamedPlayerIds: readonly string[]): Promise<string[]> {
  if (renamedPlayerIds.length === 0) return [];
  const cleared = await tx
    .update(registrationTeamPlayers)
    .set({ guardianConfirmedAt: null })
    .where(
      and(
        inArray(registrationTeamPlayers.id, [...renamedPlayerIds]),
        isNotNull(registrationTeamPlayers.guardianEmail),
        // A pending entry needs no new mail: its old link now names the old child and stops working, and the
        // registrant's summary shows it pending. Re-sending on every rename would let anyone mail a stranger.
        isNotNull(registrationTeamPlayers.guardianConfirmedAt),
      ),
    )
    .returning({ id: registrationTeamPlayers.id });
  return cleared.map((row) => row.id);
}

/** Mails the guardians of these players of the registration a fresh link (after a rename cleared it). */
export async function requestConsentAgain(
  deps: GuardianConsentDeps,
  registration: RegistrationWithTeams,
  playerIds: readonly string[],
  context: { actorId: string | null; eventName: string | null },
): Promise<void> {
  if (playerIds.length === 0) return;
  const only = new Set(playerIds);
  const renamed: RegistrationWithTeams = {
    ...registration,
    teams: registration.teams.map((team) => ({
      ...team,
      players: team.players.filter((player) => only.has(player.id)),
    })),
  };
  await requestGuardianConsent(deps, renamed, context);
}
