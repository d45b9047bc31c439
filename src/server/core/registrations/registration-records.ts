import { and, desc, eq, or, sql } from 'drizzle-orm';
import { REGISTRATION_MESSAGES, type RegistrationSummary } from '../../../contracts/registrations';
import {
  type RegistrationSettings,
  registrationLimits,
  resolveRegistrationSettings,
  SETTING_KEYS,
} from '../../../contracts/settings';
import { eventDayOf } from '../../../domain/event-day';
import {
  GUARDIAN_CONSENT_POLICY_VERSION,
  isConsentPending,
  registrationClosedBy,
} from '../../../domain/registration';
import type { Audit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import { registrations } from '../../db/schema/registrations';
import { isDatabaseUnavailable } from '../../http/database-unavailable';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { readSettingValue } from '../settings/settings.service';
import { findActiveTournament } from '../tournament/active-tournament';
import type { RegistrationKeys } from './registration-security';
import { loadRegistration, type RegistrationRow, type RegistrationWithTeams } from './registrations.repo';

/**
 * What several features read of a registration (issue #28): its settings, the tournament it counts ages
 * against, its summary, and who may see it. The registration form's own rules stay in features/registrations.
 */

export interface RegistrationDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  keys: RegistrationKeys;
  now: () => Date;
  audit: Audit;
}

export async function readRegistrationSettings(db: Db): Promise<RegistrationSettings> {
  try {
    return await readSettingValue(db, SETTING_KEYS.registration);
  } catch (error) {
    // A lost database is a 503 (ADR 016), not "registration closed".
    if (isDatabaseUnavailable(error)) throw error;
    return resolveRegistrationSettings(undefined);
  }
}

/**
 * The active tournament's name, and the day ages are counted on: its start date, or today when no
 * tournament is active.
 */
export async function tournamentContext(db: Db, now: Date): Promise<{ day: string; name: string | null }> {
  const active = await findActiveTournament(db);
  return { day: active?.startDate ?? eventDayOf(now), name: active?.name ?? null };
}

/** The day ages are counted on (see tournamentContext). */
export async function tournamentDay(db: Db, now: Date): Promise<string> {
  return (await tournamentContext(db, now)).day;
}

/** Past the closing time (the switch apart): team names can no longer be edited either. */
function isClosed(settings: RegistrationSettings, now: Date): boolean {
  return registrationClosedBy({ ...settings, is_enabled: true }, now.getTime()) === 'closing-time';
}

/**
 * The registration as its registrant (and staff) see it. `day` is the tournament day ages are counted on for
 * `consentPending` (tournamentDay); without it, today, which can only show more players as pending.
 */
export function toSummary(
  row: RegistrationWithTeams,
  settings: RegistrationSettings,
  now: Date,
  day: string = eventDayOf(now),
): RegistrationSummary {
  const { closesAt } = registrationLimits(settings);
  const cancelled = row.paymentStatus === 'cancelled';
  const pending = (player: RegistrationWithTeams['teams'][number]['players'][number]) =>
    isConsentPending(player, day);
  return {
    id: row.id,
    reference: row.reference,
    registrantName: row.registrantName,
    registrantEmail: row.registrantEmail,
    registrantPhone: row.registrantPhone,
    schoolName: row.schoolName,
    teamCount: row.teamCount,
    amountCents: row.amountCents,
    currency: 'eur',
    paymentStatus: row.paymentStatus,
    paidAt: row.paidAt?.toISOString() ?? null,
    paidVia: row.paidVia,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    editableUntil: closesAt?.toISOString() ?? null,
    canEditTeams: !cancelled && row.promotedAt === null && !isClosed(settings, now),
    canPay: row.paymentStatus === 'unpaid' && row.amountCents > 0,
    pendingConsentCount: row.teams.flatMap((team) => team.players).filter(pending).length,
    teams: row.teams.map((team) => ({
      id: team.id,
      position: team.position,
      name: team.name,
      players: team.players.map((player) => ({
        id: player.id,
        position: player.position,
        name: player.name,
        dateOfBirth: player.dateOfBirth,
        schoolYear: player.schoolYear,
        guardianConsent:
          player.guardianConsentBy && player.guardianConsentAt
            ? {
                by: player.guardianConsentBy,
                email: player.guardianEmail,
                at: player.guardianConsentAt.toISOString(),
                policyVersion: player.consentPolicyVersion ?? GUARDIAN_CONSENT_POLICY_VERSION,
              }
            : null,
        guardianConfirmedAt: player.guardianConfirmedAt?.toISOString() ?? null,
        publicNameDisplay: player.publicNameDisplay,
        consentPending: pending(player),
      })),
    })),
  };
}

async function verifiedEmailOf(db: Db, actor: Actor): Promise<string | null> {
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, actor.userId));
  return row?.verified ? row.email.toLowerCase() : null;
}

/** Owner: the registration was made while signed in as this user, or names this user's verified e-mail. */
export async function isOwner(db: Db, actor: Actor | null, row: RegistrationRow): Promise<boolean> {
  if (!actor) return false;
  if (row.userId === actor.userId) return true;
  const email = await verifiedEmailOf(db, actor);
  return email !== null && email === row.registrantEmail.toLowerCase();
}

/**
 * The registration, if the caller may see it: its access token, or the signed-in owner. Anything else is
 * the same 404 as an unknown id, so ids cannot be probed.
 */
export async function authorisedRegistration(
  deps: Pick<RegistrationDeps, 'db' | 'keys'>,
  actor: Actor | null,
  id: string,
  token: string | undefined,
): Promise<RegistrationWithTeams> {
  const row = await loadRegistration(deps.db, id);
  const allowed =
    row !== undefined && (deps.keys.isAccessToken(id, token) || (await isOwner(deps.db, actor, row)));
  if (!row || !allowed) throw new HttpError(404, REGISTRATION_MESSAGES.accessDenied);
  return row;
}

/** The registrations a user owns: made while signed in as them, or under their verified e-mail address. */
export async function ownedRegistrations(db: Db, actor: Actor): Promise<RegistrationRow[]> {
  const email = await verifiedEmailOf(db, actor);
  return db
    .select()
    .from(registrations)
    .where(
      or(
        eq(registrations.userId, actor.userId),
        email === null ? undefined : and(eq(sql`lower(${registrations.registrantEmail})`, email)),
      ),
    )
    .orderBy(desc(registrations.createdAt))
    .limit(200);
}

/**
 * The schools whose pupils a user's account speaks for as their teacher (ADR 040): those of the registrations
 * they own that staff added to the tournament (`promotedAt`, at or after the tournament was created) and that
 * are not cancelled or anonymised. A registration anyone could file — unpaid, never added, or from an earlier
 * year — gives no say over any school's results.
 */
export async function schoolsTaughtIn(
  db: Db,
  actor: Actor,
  tournament: { createdAt: Date },
): Promise<string[]> {
  const owned = await ownedRegistrations(db, actor);
  const added = owned.filter((row) => isAddedTo(row, tournament));
  return [...new Set(added.map((row) => row.schoolId))];
}

/**
 * Whether staff added the registration to this tournament (`promotedAt` at or after the tournament was
 * created) and it is neither cancelled nor anonymised: what gives its contact a say over its pupils.
 */
export function isAddedTo(row: RegistrationRow, tournament: { createdAt: Date }): boolean {
  return (
    row.paymentStatus !== 'cancelled' &&
    row.anonymisedAt === null &&
    row.promotedAt !== null &&
    row.promotedAt.getTime() >= tournament.createdAt.getTime()
  );
}
