import { asc } from 'drizzle-orm';
import { BILLING_CSV_HEADER, type BillingOverview } from '../../../contracts/billing-overview';
import { formatCsv } from '../../../domain/csv';
import { eventDayOf } from '../../../domain/event-day';
import type { AuditContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema/registrations';
import type { AuditedDb } from '../../feature-context';

type RegistrationRow = typeof registrations.$inferSelect;

const DAY_MS = 86_400_000;
/** A gap-filled timeline longer than this is shown with the paying days only. */
const MAX_FILLED_DAYS = 400;

/** The calendar days from `first` to `last` (YYYY-MM-DD), both included. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** Pure: the overview of a list of registrations (exported for tests of the day boundaries). */
export function summariseBilling(rows: readonly RegistrationRow[]): BillingOverview {
  const live = rows.filter((row) => row.paymentStatus !== 'cancelled');
  const paid = live.filter((row) => row.paymentStatus === 'paid');
  const unpaid = live.filter((row) => row.paymentStatus === 'unpaid' || row.paymentStatus === 'pending');
  const pending = live.filter((row) => row.paymentStatus === 'pending');
  const cents = (list: readonly RegistrationRow[]) => list.reduce((total, row) => total + row.amountCents, 0);
  const teams = (list: readonly RegistrationRow[]) => list.reduce((total, row) => total + row.teamCount, 0);
  const cancelledPaid = rows.filter((row) => row.paymentStatus === 'cancelled' && row.paidAt !== null);

  const methods = new Map<string, { count: number; cents: number }>();
  const perDay = new Map<string, { count: number; cents: number }>();
  for (const row of paid) {
    const via = row.paidVia ?? 'card';
    const method = methods.get(via) ?? { count: 0, cents: 0 };
    methods.set(via, { count: method.count + 1, cents: method.cents + row.amountCents });
    if (!row.paidAt) continue;
    const day = eventDayOf(row.paidAt);
    const bucket = perDay.get(day) ?? { count: 0, cents: 0 };
    perDay.set(day, { count: bucket.count + 1, cents: bucket.cents + row.amountCents });
  }
  const paidDays = [...perDay.keys()].sort();
  const first = paidDays[0];
  const last = paidDays.at(-1);
  const filled = first && last ? daysBetween(first, last) : [];
  const days = filled.length <= MAX_FILLED_DAYS ? filled : paidDays;
  let running = 0;
  const timeline = days.map((date) => {
    const bucket = perDay.get(date) ?? { count: 0, cents: 0 };
    running += bucket.cents;
    return { date, count: bucket.count, cents: bucket.cents, cumulativeCents: running };
  });

  return {
    totals: {
      paidCents: cents(paid),
      unpaidCents: cents(unpaid),
      pendingCents: cents(pending),
      expectedCents: cents(live),
    },
    counts: {
      registrations: live.length,
      paid: paid.length,
      unpaid: unpaid.length - pending.length,
      pending: pending.length,
      cancelled: rows.length - live.length,
      teams: teams(live),
      paidTeams: teams(paid),
    },
    cancelledPaid: { count: cancelledPaid.length, cents: cents(cancelledPaid) },
    byMethod: [...methods.entries()]
      .map(([via, totals]) => ({ via, ...totals }))
      .sort((a, b) => b.cents - a.cents || a.via.localeCompare(b.via)),
    timeline,
  };
}

async function allRegistrations(db: Db): Promise<RegistrationRow[]> {
  return db.select().from(registrations).orderBy(asc(registrations.createdAt));
}

export async function billingOverview(db: Db): Promise<BillingOverview> {
  return summariseBilling(await allRegistrations(db));
}

/** "60.00" from 6000: a plain decimal a spreadsheet reads as a number. */
function euroAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** Every registration (cancelled ones too, with their status) with its payment fields, oldest first. */
export async function exportRegistrationsCsv(
  { db, audit }: AuditedDb,
  context: AuditContext,
  now: Date,
): Promise<{ fileName: string; body: string }> {
  const rows = await allRegistrations(db);
  const body = formatCsv([
    BILLING_CSV_HEADER,
    ...rows.map((row) => [
      row.reference,
      row.schoolName,
      row.registrantName,
      row.registrantEmail,
      row.teamCount,
      euroAmount(row.amountCents),
      row.paymentStatus,
      row.paidVia,
      row.paidAt?.toISOString() ?? null,
      row.paymentNote,
    ]),
  ]);
  await audit.logAttempt(
    db,
    context,
    'export_registrations_csv',
    `Exported ${rows.length} registrations with payment details as CSV`,
    { count: rows.length },
  );
  // A byte-order mark so spreadsheet programs read accents as UTF-8.
  return { fileName: `registrations-${eventDayOf(now)}.csv`, body: `\uFEFF${body}` };
}
