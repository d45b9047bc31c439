import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openRegistration,
  register,
  send,
  teamOf,
} from '../../../../tests/support/server/registration-fixtures';
import {
  createTestAuth,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../../tests/support/server/test-app';
import { BILLING_CSV_HEADER } from '../../../contracts/billing-overview';
import { parseCsv } from '../../../domain/csv';
import { user } from '../../db/schema/auth';
import { registrations } from '../../db/schema/registrations';
import { systemLogs } from '../../db/schema/settings';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../db/seed/demo-accounts';
import { summariseBilling } from './billing-overview.service';

type Row = Parameters<typeof summariseBilling>[0][number];

function rowOf(fields: Partial<Row>): Row {
  return {
    id: 'id',
    reference: 'REG-AAAA-AA',
    userId: null,
    registrantName: 'Teacher',
    registrantEmail: 'teacher@school.example',
    registrantPhone: null,
    schoolName: 'School',
    schoolId: 'school-id',
    teamCount: 1,
    paymentStatus: 'unpaid',
    amountCents: 6000,
    currency: 'eur',
    paidAt: null,
    paidVia: null,
    paymentNote: null,
    cancelledAt: null,
    promotedAt: null,
    checkoutRefusals: 0,
    anonymisedAt: null,
    createdAt: new Date('2025-06-01T10:00:00Z'),
    updatedAt: new Date('2025-06-01T10:00:00Z'),
    ...fields,
  };
}

describe('billing overview (pure)', () => {
  it('counts payments on the Irish calendar day, fills the days between, and keeps a running total', () => {
    const overview = summariseBilling([
      // 23:30 UTC in June is 00:30 the next day in Dublin.
      rowOf({ paymentStatus: 'paid', paidAt: new Date('2025-06-10T23:30:00Z'), paidVia: 'card' }),
      rowOf({
        paymentStatus: 'paid',
        paidAt: new Date('2025-06-13T09:00:00Z'),
        paidVia: 'cash',
        teamCount: 2,
        amountCents: 12_000,
      }),
      rowOf({ paymentStatus: 'pending', amountCents: 6000 }),
      rowOf({ paymentStatus: 'unpaid', teamCount: 3, amountCents: 18_000 }),
      rowOf({ paymentStatus: 'cancelled', paidAt: new Date('2025-06-12T09:00:00Z'), paidVia: 'card' }),
      rowOf({ paymentStatus: 'cancelled' }),
    ]);
    expect(overview.totals).toEqual({
      paidCents: 18_000,
      unpaidCents: 24_000,
      pendingCents: 6000,
      expectedCents: 42_000,
    });
    expect(overview.counts).toEqual({
      registrations: 4,
      paid: 2,
      unpaid: 1,
      pending: 1,
      cancelled: 2,
      teams: 7,
      paidTeams: 3,
    });
    expect(overview.cancelledPaid).toEqual({ count: 1, cents: 6000 });
    expect(overview.byMethod).toEqual([
      { via: 'cash', count: 1, cents: 12_000 },
      { via: 'card', count: 1, cents: 6000 },
    ]);
    expect(overview.timeline).toEqual([
      { date: '2025-06-11', count: 1, cents: 6000, cumulativeCents: 6000 },
      { date: '2025-06-12', count: 0, cents: 0, cumulativeCents: 6000 },
      { date: '2025-06-13', count: 1, cents: 12_000, cumulativeCents: 18_000 },
    ]);
  });

  it('is all zeros with an empty timeline when nothing is registered', () => {
    const overview = summariseBilling([]);
    expect(overview.totals.expectedCents).toBe(0);
    expect(overview.timeline).toEqual([]);
  });
});

describe('billing overview API', () => {
  let t: TestApp;
  let clock = Date.parse('2025-11-20T12:00:00Z');
  let superadmin: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp('pglite', { now: () => clock, registrationPowBits: 4 });
    await seedDemoAccounts(db(), createTestAuth(t.database));
    superadmin = (await signIn(t.app, 'superadmin@demo.test', DEMO_PASSWORD)).cookie;
    await openRegistration(db());
  });
  afterAll(async () => t?.close());

  it('shows paid, unpaid and expected in euro without the cancelled, and exports the registrations as CSV', async () => {
    const three = await register(t.app, {
      schoolName: 'Billing School, Upper',
      registrantEmail: 'billing@school.example',
      teams: [teamOf('Billing A'), teamOf('Billing B'), teamOf('Billing C')],
    });
    const one = await register(t.app, { teams: [teamOf('Later A')] });
    const gone = await register(t.app, { teams: [teamOf('Gone A')] });
    const markPaid = (id: string, note: string) =>
      send(
        t.app,
        'POST',
        `/api/admin/registrations/${id}/mark-paid`,
        { via: 'bank_transfer', note },
        superadmin,
      );
    expect((await markPaid(three.registration.id, '=HYPERLINK("x")')).statusCode).toBe(200);
    clock = Date.parse('2025-11-22T12:00:00Z');
    await send(
      t.app,
      'POST',
      `/api/admin/registrations/${gone.registration.id}/cancel`,
      { reason: 'Withdrew' },
      superadmin,
    );

    const response = await t.app.inject({
      url: '/api/admin/billing-overview',
      headers: { cookie: superadmin },
    });
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview.totals).toEqual({
      paidCents: 18_000,
      unpaidCents: 6000,
      pendingCents: 0,
      expectedCents: 24_000,
    });
    expect(overview.counts).toMatchObject({ registrations: 2, paid: 1, unpaid: 1, cancelled: 1, teams: 4 });
    expect(overview.timeline).toEqual([
      { date: '2025-11-20', count: 1, cents: 18_000, cumulativeCents: 18_000 },
    ]);
    expect(overview.byMethod).toEqual([{ via: 'bank_transfer', count: 1, cents: 18_000 }]);

    const csv = await t.app.inject({
      url: '/api/admin/billing-overview/export.csv',
      headers: { cookie: superadmin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="registrations-2025-11-22.csv"');
    const records = parseCsv(csv.body).map((record) => record.fields);
    expect(records[0]).toEqual([...BILLING_CSV_HEADER]);
    const paidLine = records.find((fields) => fields[0] === three.registration.reference);
    expect(paidLine).toEqual([
      three.registration.reference,
      'Billing School, Upper',
      'Teacher Example',
      'billing@school.example',
      '3',
      '180.00',
      'paid',
      'bank_transfer',
      '2025-11-20T12:00:00.000Z',
      // A note a spreadsheet would run as a formula is defused.
      `'=HYPERLINK("x")`,
    ]);
    expect(records.find((fields) => fields[0] === one.registration.reference)?.slice(5, 8)).toEqual([
      '60.00',
      'unpaid',
      '',
    ]);
    expect(records.find((fields) => fields[0] === gone.registration.reference)?.[6]).toBe('cancelled');

    const [superadminRow] = await db().select().from(user).where(eq(user.email, 'superadmin@demo.test'));
    const [log] = await db()
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.actionType, 'export_registrations_csv'));
    expect(log).toMatchObject({ userId: superadminRow!.id });
    expect((await db().select().from(registrations)).length).toBe(3);
  });
});
