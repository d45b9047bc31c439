import { useQuery } from '@tanstack/react-query';
import { billingOverviewSchema } from '../../../contracts/billing-overview';
import { getJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const BILLING_BASE = '/api/admin/billing-overview';
/** A plain link, so the browser saves the attachment. */
export const BILLING_CSV_URL = `${BILLING_BASE}/export.csv`;

export function useBillingOverview() {
  return useQuery({
    queryKey: queryKeys.billingOverview,
    queryFn: ({ signal }) => getJson(BILLING_BASE, billingOverviewSchema, signal),
    // Card payments arrive from the provider without a live event: look again every minute.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
