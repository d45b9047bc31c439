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

/**
 * Saves the service. The change needs the settings password (ADR 007): it unlocks this session with the password
 * typed beside the address, then saves; a wrong password stops before anything is saved.
 */
export function useSaveGeolocationService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      settingsPassword,
      ...service
    }: GeolocationService & { settingsPassword: string }) => {
      await sendJson(
        'POST',
        '/api/settings-gate/unlock',
        { password: settingsPassword },
        messageResponseSchema,
      );
      return sendJson('PUT', GEOLOCATION_URL, service, messageResponseSchema);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: geolocationKey }),
  });
}
