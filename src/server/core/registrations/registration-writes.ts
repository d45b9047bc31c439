import { randomInt } from 'node:crypto';
import { eq, ne, sql } from 'drizzle-orm';
import { REGISTRATION_MESSAGES, type RegistrationPlayerInput } from '../../../contracts/registrations';
import { countOf } from '../../../domain/plural';
import { formatReference, REFERENCE_ALPHABET } from '../../../domain/registration';
import type { Audit, AuditContext, Tx } from '../../audit/audit';
import { registrations, registrationTeamPlayers, registrationTeams } from '../../db/schema/registrations';
import { HttpError } from '../../http/errors';
import { playerEntryValues } from './player-entry';

/**
 * Writes a new registration with its teams and pupils, and its audit row, in the caller's transaction: the one
 * write behind the public registration form and a teacher's late team on the day (issue #30). The caller has
 * checked every pupil (`checkPlayerEntry`) and passes the consents it found, team by team.
 */

/** Serialises registrations so the team total limit and unique references hold under concurrency. */
export const REGISTRATION_LOCK = 6_060_606;

/**
 * Refuses (409, "The tournament is full…") when `adding` more teams would pass the event's total
 * (`max_teams_total`): the public form and a teacher's late team on the day keep the same count. Call it under
 * REGISTRATION_LOCK.
 */
export async function refuseWhenFull(tx: Tx, maxTeamsTotal: number | null, adding: number): Promise<void> {
  if (maxTeamsTotal === null) return;
  const [row] = await tx
    .select({ teams: sql<number>`coalesce(sum(${registrations.teamCount}), 0)::int` })
    .from(registrations)
    .where(ne(registrations.paymentStatus, 'cancelled'));
  if ((row?.teams ?? 0) + adding > maxTeamsTotal) throw new HttpError(409, REGISTRATION_MESSAGES.full);
}

function newReference(): string {
  return formatReference(Array.from({ length: 6 }, () => randomInt(REFERENCE_ALPHABET.length)));
}

export interface NewRegistration {
  userId: string | null;
  registrantName: string;
  registrantEmail: string;
  registrantPhone: string | null;
  schoolName: string;
  schoolId: string;
  teams: readonly { name: string; players: readonly RegistrationPlayerInput[] }[];
  /** The guardian consent found for each pupil, team by team (null: none needed). */
  consent: readonly (readonly ({ by: string; email: string } | null)[])[];
  amountCents: number;
  now: Date;
  /** A late team: added to the active tournament at once, its pupils entering as their consent allows. */
  lateEntry?: boolean;
}

export async function insertRegistration(
  tx: Tx,
  audit: Audit,
  who: AuditContext,
  input: NewRegistration,
): Promise<{ id: string; reference: string }> {
  let reference = newReference();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const [taken] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.reference, reference));
    if (!taken) break;
    reference = newReference();
  }
  const { now } = input;
  const [created] = await tx
    .insert(registrations)
    .values({
      reference,
      userId: input.userId,
      registrantName: input.registrantName,
      registrantEmail: input.registrantEmail,
      registrantPhone: input.registrantPhone,
      schoolName: input.schoolName,
      schoolId: input.schoolId,
      teamCount: input.teams.length,
      amountCents: input.amountCents,
      currency: 'eur',
      promotedAt: input.lateEntry ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: registrations.id });
  const id = created!.id;
  for (const [t, team] of input.teams.entries()) {
    const [teamRow] = await tx
      .insert(registrationTeams)
      .values({ registrationId: id, name: team.name, position: t + 1 })
      .returning({ id: registrationTeams.id });
    await tx.insert(registrationTeamPlayers).values(
      team.players.map((player, p) => ({
        teamId: teamRow!.id,
        position: p + 1,
        enteredOnTheDay: input.lateEntry === true,
        ...playerEntryValues(player, input.consent[t]?.[p] ?? null, now),
      })),
    );
  }
  await audit.logChange(
    tx,
    who,
    'registration_created',
    `Registration ${reference} created: ${countOf(input.teams.length, 'team')}`,
    { registrationId: id, reference, teamCount: input.teams.length, amountCents: input.amountCents },
  );
  return { id, reference };
}
