import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentRoundResponseSchema, tournamentResponseSchema } from '../../../contracts/tournament';
import { getJson } from '../../lib/api-client';
import { queryKeys, tournamentDataPolicy } from '../../lib/query-keys';

export const tournamentQuery = queryOptions({
  queryKey: queryKeys.tournament,
  queryFn: ({ signal }) => getJson('/api/public/tournament', tournamentResponseSchema, signal),
  ...tournamentDataPolicy,
});

export const currentRoundQuery = queryOptions({
  queryKey: queryKeys.currentRound,
  queryFn: ({ signal }) => getJson('/api/public/rounds/current', currentRoundResponseSchema, signal),
  ...tournamentDataPolicy,
});

export function useTournament() {
  return useQuery(tournamentQuery);
}

export function useCurrentRound() {
  return useQuery(currentRoundQuery);
}
