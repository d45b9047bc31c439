import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SettingChangeResponse,
  type SiteSettingKey,
  settingChangeResponseSchema,
  siteSettingsResponseSchema,
} from '../../../contracts/settings-registry';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The site settings as the site reads them (behind the settings password). */
export const siteSettingsQuery = queryOptions({
  queryKey: queryKeys.adminSiteSettings,
  queryFn: ({ signal }) => getJson('/api/admin/settings', siteSettingsResponseSchema, signal),
  staleTime: 0,
});

export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}

/** After a change, the page shows what the server now reads; the public pages follow through live updates. */
function useSettingsMutation<V>(send: (variables: V) => Promise<SettingChangeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      queryClient.setQueryData(queryKeys.adminSiteSettings, response.settings);
      void queryClient.invalidateQueries({ queryKey: queryKeys.home });
    },
  });
}

export function useUpdateSetting() {
  return useSettingsMutation(({ key, value }: { key: SiteSettingKey; value: unknown }) =>
    sendJson('PUT', `/api/admin/settings/${key}`, { value }, settingChangeResponseSchema),
  );
}

export function useResetSettings() {
  return useSettingsMutation((keys: readonly SiteSettingKey[]) =>
    sendJson('POST', '/api/admin/settings/reset', { keys }, settingChangeResponseSchema),
  );
}
