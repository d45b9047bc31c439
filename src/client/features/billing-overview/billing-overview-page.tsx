import { BarChart3, Download } from 'lucide-react';
import { Link } from 'react-router';
import type { BillingOverview } from '../../../contracts/billing-overview';
import { PAID_VIA_LABELS } from '../../../contracts/manage-registrations';
import { countOf } from '../../../domain/plural';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Notice } from '../../components/ui/notice';
import { formatEuroCents } from '../../lib/format';
import { PaymentsChart, PaymentsTable } from './payments-chart';
import { BILLING_CSV_URL, useBillingOverview } from './queries';

function TotalCard({
  label,
  cents,
  detail,
  tone,
}: {
  label: string;
  cents: number;
  detail: string;
  tone?: string;
}) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className={`mt-1 font-display text-3xl font-bold tabular-nums ${tone ?? 'text-fg'}`}>
        {formatEuroCents(cents)}
      </dd>
      <dd className="mt-1 text-sm text-muted">{detail}</dd>
    </div>
  );
}

function Totals({ overview }: { overview: BillingOverview }) {
  const { totals, counts } = overview;
  return (
    <dl aria-label="Totals" data-testid="billing-totals" className="grid gap-3 sm:grid-cols-3">
      <TotalCard
        label="Paid"
        cents={totals.paidCents}
        tone="text-win"
        detail={`${countOf(counts.paid, 'registration')}, ${countOf(counts.paidTeams, 'team')}`}
      />
      <TotalCard
        label="Unpaid"
        cents={totals.unpaidCents}
        tone="text-loss"
        detail={`${countOf(counts.unpaid + counts.pending, 'registration')}${
          counts.pending > 0
            ? `, ${counts.pending} in progress (${formatEuroCents(totals.pendingCents)})`
            : ''
        }`}
      />
      <TotalCard
        label="Expected"
        cents={totals.expectedCents}
        detail={`${countOf(counts.registrations, 'registration')}, ${countOf(counts.teams, 'team')}`}
      />
    </dl>
  );
}

/** /admin/billing-overview (view_billing_overview). */
export function BillingOverviewPage() {
  const overview = useBillingOverview();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <AdminPageHeading title="Billing Overview">
          Registration fees in euro. Cancelled registrations are left out of the totals.
        </AdminPageHeading>
        <a className={buttonClasses('secondary', 'md', 'shrink-0')} href={BILLING_CSV_URL} download>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>

      <QueryView query={overview} errorTitle="Failed to load the billing overview">
        {(data) => (
          <>
            <Totals overview={data} />
            <p className="text-sm text-muted">
              {countOf(data.counts.cancelled, 'registration')} cancelled
              {data.cancelledPaid.count > 0
                ? `, of which ${data.cancelledPaid.count} had paid ${formatEuroCents(data.cancelledPaid.cents)} (refund outside this site)`
                : ''}
              . Manage them in{' '}
              <Link to="/admin/manage-registrations" className="font-semibold text-link underline">
                Registrations
              </Link>
              .
            </p>

            <Card className="flex flex-col gap-4">
              <h2 className="font-display text-2xl font-bold text-fg">Payments over time</h2>
              {data.timeline.length === 0 ? (
                <Notice icon={BarChart3} title="No payments yet" role="status">
                  Paid registrations appear here by the day they were paid.
                </Notice>
              ) : (
                <>
                  <PaymentsChart timeline={data.timeline} />
                  <details>
                    <summary className="min-h-11 cursor-pointer py-2 font-semibold text-link">
                      Show the figures as a table
                    </summary>
                    <div className="mt-2">
                      <PaymentsTable timeline={data.timeline} />
                    </div>
                  </details>
                </>
              )}
            </Card>

            {data.byMethod.length > 0 ? (
              <section aria-labelledby="billing-methods" className="flex flex-col gap-3">
                <h2 id="billing-methods" className="font-display text-2xl font-bold text-fg">
                  Paid by
                </h2>
                <ul className="grid gap-3 sm:grid-cols-3">
                  {data.byMethod.map((method) => (
                    <li key={method.via} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
                      <p className="text-sm font-semibold text-muted">
                        {PAID_VIA_LABELS[method.via] ?? method.via}
                      </p>
                      <p className="font-display text-2xl font-bold tabular-nums text-fg">
                        {formatEuroCents(method.cents)}
                      </p>
                      <p className="text-sm text-muted">{countOf(method.count, 'registration')}</p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryView>
    </div>
  );
}
