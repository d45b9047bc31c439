import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contracts/common';
import {
  analyticsResponseSchema,
  type GeolocationService,
  geolocationServiceSchema,
} from '../../../contracts/visitor-analytics';
import { getJson, sendJson } from '../../lib/api-client';

/** The analytics of the last `days` Irish days (visits with consent, page views without). */
export function useVisitorAnalytics(days: number) {
  return useQuery({
    queryKey: ['admin', 'analytics', days] as const,
    queryFn: ({ signal }) => getJson(`/api/admin/analytics?days=${days}`, analyticsResponseSchema, signal),
  });
}

const GEOLOCATION_URL = '/api/admin/analytics/geolocation';
const geolocationKey = ['admin', 'analytics', 'geolocation'] as const;

/** The external geolocation service ('' while visits are located by the offline database). */
export function useGeolocationService() {
  return useQuery({
    queryKey: geolocationKey,
    queryFn: ({ signal }) => getJson(GEOLOCATION_URL, geolocationServiceSchema, signal),
  });
}

export function useSaveGeolocationService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: GeolocationService) =>
      sendJson('PUT', GEOLOCATION_URL, service, messageResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: geolocationKey }),
  });
}
