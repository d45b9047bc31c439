import { and, eq, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import {
  isFollowExpired,
  isRegistrationExpired,
  mailCutoff,
  type RetentionPeriods,
  registrationDay,
  visitorCutoff,
} from '../../../domain/retention';
import type { Db } from '../../db/client';
import { sessionStore } from '../../db/schema/accounts';
import { session } from '../../db/schema/auth';
import { followers } from '../../db/schema/follows';
import { mailOutbox, mailQueue } from '../../db/schema/mail';
import {
  payments,
  registrations,
  registrationTeamPlayers,
  registrationTeams,
  rosterRequests,
} from '../../db/schema/registrations';
import { players, tournaments } from '../../db/schema/tournaments';
import { visitorLocations } from '../../db/schema/tracking';

/** The rows past their period on `now`, by kind: what a run deletes or anonymises, and what a dry run lists. */
export interface DueRows {
  visitorRecordIds: number[];
  sessionRecordIds: string[];
  signInSessionIds: string[];
  registrations: { id: string; reference: string; day: string; paymentIds: string[] }[];
  pupilRecordIds: string[];
  /** Sent or failed mails past the mail period, not yet emptied. */
  mailQueueIds: number[];
  /** Outbox copies (the embedded database's stand-in for SMTP) past the mail period. */
  mailOutboxIds: number[];
  /** Follows a week after their tournament (ADR 045). */
  followerIds: string[];
}

/** Reads, without changing anything, every row the retention would delete or anonymise on `now` (ADR 035). */
export async function findDueRows(db: Db, now: Date, periods: RetentionPeriods): Promise<DueRows> {
  const mailsBefore = mailCutoff(now, periods);
  const [visitors, storeRows, signIns, candidates, queued, outbox, follows] = await Promise.all([
    db
      .select({ id: visitorLocations.id })
      .from(visitorLocations)
      .where(lt(visitorLocations.createdAt, visitorCutoff(now, periods)))
      .orderBy(visitorLocations.id),
    db
      .select({ id: sessionStore.id })
      .from(sessionStore)
      // The domain's rule (isSessionRecordExpired) in SQL: timestamp + ttl has passed.
      .where(sql`${sessionStore.timestamp} + ${sessionStore.ttlSeconds} * interval '1 second' <= ${now}`)
      .orderBy(sessionStore.id),
    db.select({ id: session.id }).from(session).where(lte(session.expiresAt, now)).orderBy(session.id),
    db
      .select({
        id: registrations.id,
        reference: registrations.reference,
        createdAt: registrations.createdAt,
        // The last day of the tournament its pupils were promoted into (end date, else start date).
        tournamentDay: sql<
          string | null
        >`max(coalesce(${tournaments.endDate}, ${tournaments.startDate}))::text`,
      })
      .from(registrations)
      .leftJoin(registrationTeams, eq(registrationTeams.registrationId, registrations.id))
      .leftJoin(registrationTeamPlayers, eq(registrationTeamPlayers.teamId, registrationTeams.id))
      .leftJoin(players, eq(players.id, registrationTeamPlayers.playerId))
      .leftJoin(tournaments, eq(tournaments.id, players.tournamentId))
      .where(isNull(registrations.anonymisedAt))
      .groupBy(registrations.id)
      .orderBy(registrations.reference),
    db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          inArray(mailQueue.status, ['sent', 'failed']),
          // A failed mail has no sent time: its period counts from when it was queued.
          lt(sql`coalesce(${mailQueue.sentAt}, ${mailQueue.createdAt})`, mailsBefore),
          ne(mailQueue.recipient, ''),
        ),
      )
      .orderBy(mailQueue.id),
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(lt(mailOutbox.createdAt, mailsBefore))
      .orderBy(mailOutbox.id),
    db
      .select({
        id: followers.id,
        createdAt: followers.createdAt,
        tournamentDay: sql<string | null>`coalesce(${tournaments.endDate}, ${tournaments.startDate})::text`,
      })
      .from(followers)
      .innerJoin(tournaments, eq(tournaments.id, followers.tournamentId))
      .orderBy(followers.id),
  ]);
  const due = candidates.filter((row) => isRegistrationExpired(row, now, periods));
  const ids = due.map((row) => row.id);
  const [paymentRows, pupilRows] = ids.length
    ? await Promise.all([
        db
          .select({ id: payments.id, registrationId: payments.registrationId })
          .from(payments)
          .where(inArray(payments.registrationId, ids))
          .orderBy(payments.id),
        db
          .select({ id: registrationTeamPlayers.id })
          .from(registrationTeamPlayers)
          .innerJoin(registrationTeams, eq(registrationTeams.id, registrationTeamPlayers.teamId))
          .where(inArray(registrationTeams.registrationId, ids))
          .orderBy(registrationTeamPlayers.id),
      ])
    : [[], []];
  return {
    visitorRecordIds: visitors.map((row) => row.id),
    sessionRecordIds: storeRows.map((row) => row.id),
    signInSessionIds: signIns.map((row) => row.id),
    registrations: due.map((row) => ({
      id: row.id,
      reference: row.reference,
      day: registrationDay(row),
      paymentIds: paymentRows
        .filter((payment) => payment.registrationId === row.id)
        .map((payment) => payment.id),
    })),
    pupilRecordIds: pupilRows.map((row) => row.id),
    mailQueueIds: queued.map((row) => row.id),
    mailOutboxIds: outbox.map((row) => row.id),
    followerIds: follows.filter((row) => isFollowExpired(row, now)).map((row) => row.id),
  };
}

/** Batches of ids per statement, well under the protocol's limit of bound parameters. */
const BATCH = 5_000;
async function inBatches<T>(ids: readonly T[], run: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH) await run(ids.slice(start, start + BATCH));
}

/**
 * Deletes and anonymises exactly `due` (read by findDueRows in the same transaction). Registrations keep what
 * the accounts need — amount, currency, team count, dates, payment state, the provider's ids — and lose the
 * registrant's name, e-mail, phone, account link and staff note; their pupils (names, dates of birth, guardian
 * consent) and the teacher's roster requests (a substitute's details, the reason) are deleted; their payments lose the checkout link. Mails past the mail period lose recipient, subject
 * and text but keep their state and message ids, so a broadcast's or CRM message's delivery count stays true.
 */
export async function applyRetention(db: Db, due: DueRows, now: Date): Promise<void> {
  await inBatches(due.visitorRecordIds, (batch) =>
    db.delete(visitorLocations).where(inArray(visitorLocations.id, batch)),
  );
  await inBatches(due.sessionRecordIds, (batch) =>
    db.delete(sessionStore).where(inArray(sessionStore.id, batch)),
  );
  await inBatches(due.signInSessionIds, (batch) => db.delete(session).where(inArray(session.id, batch)));
  await inBatches(due.pupilRecordIds, (batch) =>
    db.delete(registrationTeamPlayers).where(inArray(registrationTeamPlayers.id, batch)),
  );
  const registrationIds = due.registrations.map((row) => row.id);
  // A teacher's requests to an arbiter hold a substitute's details and the teacher's reason: they go with the pupils.
  await inBatches(registrationIds, (batch) =>
    db.delete(rosterRequests).where(inArray(rosterRequests.registrationId, batch)),
  );
  await inBatches(registrationIds, (batch) =>
    db
      .update(registrations)
      .set({
        registrantName: 'Anonymised',
        registrantEmail: '',
        registrantPhone: null,
        userId: null,
        paymentNote: null,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(and(inArray(registrations.id, batch), isNull(registrations.anonymisedAt))),
  );
  await inBatches(due.mailQueueIds, (batch) =>
    db
      .update(mailQueue)
      .set({ recipient: '', subject: '', text: '', html: null, lastError: null })
      .where(inArray(mailQueue.id, batch)),
  );
  await inBatches(due.mailOutboxIds, (batch) => db.delete(mailOutbox).where(inArray(mailOutbox.id, batch)));
  await inBatches(due.followerIds, (batch) => db.delete(followers).where(inArray(followers.id, batch)));
  await inBatches(
    due.registrations.flatMap((row) => row.paymentIds),
    (batch) =>
      db.update(payments).set({ checkoutUrl: null, updatedAt: now }).where(inArray(payments.id, batch)),
  );
}
