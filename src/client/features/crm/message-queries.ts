import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CrmMessageDraft,
  crmDeliverySchema,
  crmMessagePreviewSchema,
  crmMessageSentSchema,
  crmReminderSettingsSchema,
  crmUnsubscribeStateSchema,
} from '../../../contracts/crm-messages';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The CRM's messages, reminder timing and unsubscribe link (kept beside `queries.ts`, which holds the tasks').
 */
const BASE = '/api/crm';
/** How often a message's delivery count is read again while mails wait in the queue. */
export const DELIVERY_POLL_MS = 1_000;

export function usePreviewMessage() {
  return useMutation({
    mutationFn: (draft: CrmMessageDraft) =>
      sendJson('POST', `${BASE}/messages/preview`, draft, crmMessagePreviewSchema),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: CrmMessageDraft) => sendJson('POST', `${BASE}/messages`, draft, crmMessageSentSchema),
    // The copy in each school's history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.crm }),
  });
}

/** A sent message's delivery count, read again every second while any of its mails is still queued. */
export function useDelivery(id: number | null) {
  return useQuery({
    queryKey: queryKeys.crmDelivery(id ?? 0),
    queryFn: ({ signal }) => getJson(`${BASE}/messages/${id}/delivery`, crmDeliverySchema, signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data.queued > 0 ? DELIVERY_POLL_MS : false,
  });
}

export function useReminderSettings() {
  return useQuery({
    queryKey: queryKeys.crmReminders,
    queryFn: ({ signal }) => getJson(`${BASE}/reminders`, crmReminderSettingsSchema, signal),
  });
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => sendJson('PUT', `${BASE}/reminders`, { days }, crmReminderSettingsSchema),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.crmReminders, saved),
  });
}

const unsubscribePath = (token: string) => `${BASE}/unsubscribe/${encodeURIComponent(token)}`;

export function useUnsubscribeState(token: string) {
  return useQuery({
    queryKey: queryKeys.crmUnsubscribe(token),
    queryFn: ({ signal }) => getJson(unsubscribePath(token), crmUnsubscribeStateSchema, signal),
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson('POST', unsubscribePath(token), {}, crmUnsubscribeStateSchema),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.crmUnsubscribe(token), state),
  });
}
