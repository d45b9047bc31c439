import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { RETENTION_SETTING_KEY } from '../../../contracts/retention';
import { Audit } from '../../audit/audit';
import { createClock } from '../../clock';
import { planRetention, runDailyRetention, runRetention } from '../../core/retention/retention.service';
import { saveSetting } from '../../core/settings/settings.repo';
import { sessionStore } from '../../db/schema/accounts';
import { followers } from '../../db/schema/follows';
import { mailOutbox, mailQueue } from '../../db/schema/mail';
import {
  payments,
  registrations,
  registrationTeamPlayers,
  registrationTeams,
  rosterRequests,
} from '../../db/schema/registrations';
import { schools } from '../../db/schema/schools';
import { players, tournaments } from '../../db/schema/tournaments';
import { visitorLocations } from '../../db/schema/tracking';

const at = (iso: string) => new Date(iso);

describe.each(databaseTargets)('the retention job on %s (ADR 035)', (target) => {
  let t: TestApp;
  const ids = {
    visitors: [] as number[],
    registrations: {} as Record<string, string>,
    mails: {} as Record<string, number>,
    outbox: [] as number[],
  };
  beforeAll(async () => {
    t = await startTestApp(target, { seed: false });
    const { db } = t.database;
    const [school] = await db.insert(schools).values({ name: 'Scoil Mhuire' }).returning();
    const tournamentOf = async (name: string, endDate: string) => {
      const [row] = await db.insert(tournaments).values({ name, startDate: endDate, endDate }).returning();
      return row!.id;
    };
    const old = await tournamentOf('2025 Tournament', '2025-03-01');
    const later = await tournamentOf('2026 Tournament', '2026-03-01');
    const registration = async (reference: string, createdAt: Date, tournamentId: string | null) => {
      const [row] = await db
        .insert(registrations)
        .values({
          reference,
          registrantName: `Teacher ${reference}`,
          registrantEmail: `${reference.toLowerCase()}@school.example`,
          registrantPhone: '087 123 4567',
          schoolName: 'Scoil Mhuire',
          schoolId: school!.id,
          teamCount: 1,
          amountCents: 6000,
          paymentStatus: 'paid',
          paidAt: createdAt,
          createdAt,
        })
        .returning();
      const [team] = await db
        .insert(registrationTeams)
        .values({ registrationId: row!.id, name: 'Scoil Mhuire A', position: 1 })
        .returning();
      for (const position of [1, 2, 3, 4]) {
        const [player] = tournamentId
          ? await db
              .insert(players)
              .values({ tournamentId, name: `${reference} pupil ${position}` })
              .returning()
          : [undefined];
        await db.insert(registrationTeamPlayers).values({
          teamId: team!.id,
          position,
          name: `${reference} pupil ${position}`,
          dateOfBirth: '2012-01-01',
          guardianConsentBy: 'A Parent',
          guardianEmail: 'parent@home.example',
          playerId: player?.id ?? null,
        });
      }
      await db.insert(payments).values({
        registrationId: row!.id,
        provider: 'stripe',
        providerSessionId: `cs_test_${reference}`,
        amountCents: 6000,
        teamCount: 1,
        status: 'paid',
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test',
      });
      ids.registrations[reference] = row!.id;
    };
    await registration('REG-OLD', at('2024-12-01T10:00:00Z'), old);
    await registration('REG-UNPROMOTED', at('2025-02-01T10:00:00Z'), null);
    await registration('REG-LATER', at('2025-12-01T10:00:00Z'), later);
    for (const createdAt of ['2025-01-01T12:00:00Z', '2025-03-31T12:00:00Z', '2025-04-03T12:00:00Z']) {
      const [row] = await db
        .insert(visitorLocations)
        .values({ connectionType: 'visit', country: 'IE', createdAt: at(createdAt) })
        .returning();
      ids.visitors.push(row!.id);
    }
    // Mails: sent in March, failed in March (no sent time), sent in June, and one still waiting since March.
    const mail = async (
      name: string,
      status: 'sent' | 'failed' | 'queued',
      createdAt: string,
      sentAt?: string,
    ) => {
      const [row] = await db
        .insert(mailQueue)
        .values({
          recipient: `${name}@family.example`,
          subject: `Consent for ${name}`,
          text: `Hello ${name}`,
          html: `<p>Hello ${name}</p>`,
          status,
          lastError: status === 'failed' ? `550 ${name}@family.example unknown` : null,
          broadcastId: 7,
          createdAt: at(createdAt),
          sentAt: sentAt ? at(sentAt) : null,
          // The waiting one is not due: the app's mail worker, running beside the test, leaves it waiting (it had
          // sent it into the outbox once, on a loaded machine).
          ...(status === 'queued' ? { nextAttemptAt: at('2099-01-01T00:00:00Z') } : {}),
        })
        .returning();
      ids.mails[name] = row!.id;
    };
    await mail('sent-march', 'sent', '2025-03-01T09:00:00Z', '2025-03-01T09:00:05Z');
    await mail('failed-march', 'failed', '2025-03-02T09:00:00Z');
    await mail('sent-june', 'sent', '2025-06-01T09:00:00Z', '2025-06-01T09:00:05Z');
    await mail('waiting', 'queued', '2025-03-03T09:00:00Z');
    for (const createdAt of ['2025-03-05T09:00:00Z', '2025-06-05T09:00:00Z']) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ recipient: 'parent@family.example', subject: 'S', text: 'T', createdAt: at(createdAt) })
        .returning();
      ids.outbox.push(row!.id);
    }
    await db.insert(sessionStore).values([
      { id: 'expired', data: {}, timestamp: at('2025-06-30T10:00:00Z'), ttlSeconds: 3600 },
      { id: 'live', data: {}, timestamp: at('2025-07-01T09:30:00Z'), ttlSeconds: 3600 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deps = () => ({ db: t.database.db, audit: new Audit(createClock()) });

  it('on 1 July 2025 deletes the visits past 90 days and the expired session record, exactly as listed', async () => {
    const now = at('2025-07-01T10:00:00Z');
    const plan = await planRetention(t.database.db, now);
    expect(plan.visitorRecordIds).toEqual(ids.visitors.slice(0, 2));
    expect(plan.sessionRecordIds).toEqual(['expired']);
    expect(plan.registrations).toEqual([]);
    expect(plan.mailQueueIds).toEqual([ids.mails['sent-march'], ids.mails['failed-march']]);
    expect(plan.mailOutboxIds).toEqual([ids.outbox[0]]);
    expect(plan.counts.mailCopies).toBe(3);
    // The dry run changed nothing.
    expect(await t.database.db.select().from(visitorLocations)).toHaveLength(3);
    const run = await runRetention(deps(), now);
    expect(run.counts).toEqual(plan.counts);
    const left = await t.database.db.select({ id: visitorLocations.id }).from(visitorLocations);
    expect(left.map((row) => row.id)).toEqual([ids.visitors[2]]);
    const store = await t.database.db.select({ id: sessionStore.id }).from(sessionStore);
    expect(store.map((row) => row.id)).toEqual(['live']);
    expect((await planRetention(t.database.db, now)).counts.visitorRecords).toBe(0);
  });

  it('empties the copies of mails sent or failed more than 90 days ago, keeping their state for delivery counts', async () => {
    const { db } = t.database;
    const now = at('2025-07-01T10:00:00Z');
    // The first test's run already took them: count them on a fresh copy of the rows' state instead.
    const rows = await db.select().from(mailQueue).orderBy(mailQueue.id);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const name of ['sent-march', 'failed-march'])
      expect(byId.get(ids.mails[name]!)).toMatchObject({
        recipient: '',
        subject: '',
        text: '',
        html: null,
        lastError: null,
      });
    expect(byId.get(ids.mails['sent-march']!)?.status).toBe('sent');
    expect(byId.get(ids.mails['failed-march']!)?.status).toBe('failed');
    expect(byId.get(ids.mails['sent-june']!)?.recipient).toBe('sent-june@family.example');
    // A mail still waiting to go is never emptied, however old.
    expect(byId.get(ids.mails.waiting!)?.text).toBe('Hello waiting');
    const outbox = await db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(outbox.map((row) => row.id)).toEqual([ids.outbox[1]]);
    expect((await planRetention(db, now)).counts.mailCopies).toBe(0);
  });

  it('two years after a tournament anonymises its registrations, keeping what the accounts need', async () => {
    const { db } = t.database;
    // One day short of two years after the 2025 tournament: nothing of it goes yet.
    const early = await planRetention(db, at('2027-03-01T10:00:00Z'));
    expect(early.registrations.map((row) => row.reference)).toEqual(['REG-UNPROMOTED']);
    const now = at('2027-03-02T10:00:00Z');
    const plan = await planRetention(db, now);
    expect(plan.registrations.map((row) => [row.reference, row.day])).toEqual([
      ['REG-OLD', '2025-03-01'],
      ['REG-UNPROMOTED', '2025-02-01'],
    ]);
    expect(plan.counts).toMatchObject({ registrations: 2, payments: 2, pupilRecords: 8, visitorRecords: 1 });
    // A teacher's request to an arbiter holds a substitute's details: it goes with the registration's pupils.
    const [tournament] = await db.select({ id: tournaments.id }).from(tournaments).limit(1);
    const request = (reference: string) => ({
      registrationId: ids.registrations[reference]!,
      tournamentId: tournament!.id,
      kind: 'substitution' as const,
      playerId: crypto.randomUUID(),
      pupil: { name: `Substitute of ${reference}`, dateOfBirth: '2010-01-01' },
      summary: `Substitute of ${reference} to take a place`,
      reason: 'Ill',
    });
    await db.insert(rosterRequests).values([request('REG-OLD'), request('REG-LATER')]);
    const run = await runRetention(deps(), now);
    expect(run.counts).toEqual(plan.counts);
    const [anonymised] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.id, ids.registrations['REG-OLD']!));
    expect(anonymised).toMatchObject({
      registrantName: 'Anonymised',
      registrantEmail: '',
      registrantPhone: null,
      amountCents: 6000,
      currency: 'eur',
      paymentStatus: 'paid',
      paidAt: at('2024-12-01T10:00:00Z'),
      anonymisedAt: now,
    });
    const [payment] = await db.select().from(payments).where(eq(payments.registrationId, anonymised!.id));
    expect(payment).toMatchObject({
      providerSessionId: 'cs_test_REG-OLD',
      amountCents: 6000,
      checkoutUrl: null,
    });
    const pupils = await db.select({ name: registrationTeamPlayers.name }).from(registrationTeamPlayers);
    expect(pupils.map((row) => row.name).sort()).toEqual([1, 2, 3, 4].map((n) => `REG-LATER pupil ${n}`));
    const requests = await db.select({ summary: rosterRequests.summary }).from(rosterRequests);
    expect(requests).toEqual([{ summary: 'Substitute of REG-LATER to take a place' }]);
    const [kept] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.id, ids.registrations['REG-LATER']!));
    expect(kept).toMatchObject({ registrantName: 'Teacher REG-LATER', anonymisedAt: null });
    // Done once: the next dry run lists nothing more.
    expect((await planRetention(db, now)).registrations).toEqual([]);
  });

  it('follows the periods set, and runs once per day however many processes call it', async () => {
    const { db } = t.database;
    await saveSetting(db, RETENTION_SETTING_KEY, { visitorDays: 400, registrationYears: 1 });
    const now = at('2027-03-03T10:00:00Z');
    const plan = await planRetention(db, now);
    // A period missing from what is stored (saved before it existed) reads as its default.
    expect(plan.periods).toEqual({ visitorDays: 400, registrationYears: 1, mailDays: 90 });
    expect(plan.registrations.map((row) => row.reference)).toEqual(['REG-LATER']);
    const runs = await Promise.all([runDailyRetention(deps(), now), runDailyRetention(deps(), now)]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(runs.find((run) => run !== null)?.counts.registrations).toBe(1);
  });

  it('deletes follows a week after their tournament, keeping those of one still to come (ADR 045)', async () => {
    const { db } = t.database;
    const [past, coming] = await db
      .insert(tournaments)
      .values([
        { name: 'Follows past', startDate: '2025-06-20', endDate: '2025-06-21' },
        { name: 'Follows coming', startDate: '2025-06-28' },
      ])
      .returning();
    const device = (tournamentId: string, name: string) => ({
      tournamentId,
      channel: 'push' as const,
      endpoint: `https://push.example/${name}`,
      p256dh: 'key',
      auth: 'auth',
      confirmedAt: at('2025-06-20T09:00:00Z'),
    });
    const made = await db
      .insert(followers)
      .values([device(past!.id, 'past'), device(coming!.id, 'coming')])
      .returning({ id: followers.id });
    const now = at('2025-06-29T10:00:00Z');
    const plan = await planRetention(db, now);
    expect(plan.followerIds).toEqual([made[0]!.id]);
    expect((await runRetention(deps(), now)).counts.follows).toBe(1);
    const left = await db.select({ id: followers.id }).from(followers);
    expect(left.map((row) => row.id)).toEqual([made[1]!.id]);
  });
});
