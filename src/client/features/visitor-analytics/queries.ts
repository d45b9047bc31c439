import { useQuery } from '@tanstack/react-query';
import { analyticsResponseSchema } from '../../../contracts/visitor-analytics';
import { getJson } from '../../lib/api-client';

/** The analytics of the last `days` Irish days (visits with consent, page views without). */
export function useVisitorAnalytics(days: number) {
  return useQuery({
    queryKey: ['admin', 'analytics', days] as const,
    queryFn: ({ signal }) => getJson(`/api/admin/analytics?days=${days}`, analyticsResponseSchema, signal),
  });
}
