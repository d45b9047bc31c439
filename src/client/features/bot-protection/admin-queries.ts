import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  botProtectionAdminSchema,
  type UpdateBotProtectionBody,
} from '../../../contracts/bot-protection-admin';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The admin view behind the settings password: read fresh each time the page opens. */
export function useAdminBotProtection() {
  return useQuery({
    queryKey: queryKeys.adminBotProtection,
    queryFn: ({ signal }) => getJson('/api/admin/bot-protection', botProtectionAdminSchema, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

const savedSchema = botProtectionAdminSchema.extend({ message: z.string() });

function useAfterChange() {
  const queryClient = useQueryClient();
  return (saved: z.infer<typeof savedSchema>) => {
    queryClient.setQueryData(queryKeys.adminBotProtection, saved);
    return queryClient.invalidateQueries({ queryKey: queryKeys.botProtection });
  };
}

export function useSaveBotProtection() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: UpdateBotProtectionBody) =>
      sendJson('PUT', '/api/admin/bot-protection', body, savedSchema),
    onSuccess: afterChange,
  });
}

export function useFallBackToProofOfWork() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: () => sendJson('POST', '/api/admin/bot-protection/fall-back', {}, savedSchema),
    onSuccess: afterChange,
  });
}
