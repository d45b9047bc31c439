import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationSettingsSchema } from '../../../contracts/settings';
import { getJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const registrationSettingsQuery = queryOptions({
  queryKey: queryKeys.registrationSettings,
  queryFn: ({ signal }) => getJson('/api/public/settings/registration', registrationSettingsSchema, signal),
});

export function useRegistrationSettings() {
  return useQuery(registrationSettingsQuery);
}
