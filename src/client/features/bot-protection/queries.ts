import { queryOptions, useQuery } from '@tanstack/react-query';
import { powChallengeSchema, publicBotProtectionSchema } from '../../../contracts/bot-protection';
import { getJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The check the public forms show; read fresh when a form opens, and again when the setting changes. */
export const publicBotProtectionQuery = queryOptions({
  queryKey: queryKeys.botProtection,
  queryFn: ({ signal }) => getJson('/api/public/bot-protection', publicBotProtectionSchema, signal),
  staleTime: 0,
});

export function usePublicBotProtection() {
  return useQuery(publicBotProtectionQuery);
}

export function fetchPowChallenge() {
  return getJson('/api/bot-protection/challenge', powChallengeSchema);
}
