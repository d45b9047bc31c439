import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SETTINGS_GATE_MESSAGES, settingsGateStatusSchema } from '../../../contracts/settings-gate';
import { ApiRequestError, getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const messageSchema = z.object({ message: z.string() });

/**
 * Whether a settings password is set. Read afresh each time a gate opens; the server's `unlocked` flag is
 * not used to skip the prompt, because an unlock lasts for the current view only (ADR 007).
 */
export const settingsGateQuery = queryOptions({
  queryKey: queryKeys.settingsGate,
  queryFn: ({ signal }) => getJson('/api/settings-gate', settingsGateStatusSchema, signal),
  staleTime: 0,
});

export function useSettingsGateStatus() {
  return useQuery({ ...settingsGateQuery, refetchOnMount: 'always' });
}

export function useUnlockSettings() {
  return useMutation({
    mutationFn: (password: string) =>
      sendJson('POST', '/api/settings-gate/unlock', { password }, messageSchema),
  });
}

export function useSaveSettingsPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { newPassword: string; currentPassword?: string }) =>
      sendJson('PUT', '/api/settings-gate/password', body, messageSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settingsGate }),
  });
}

export type UnlockFailure = 'incorrect' | 'too-many' | 'not-configured' | 'other';

/** What a refused unlock means for the gate: the server's status says which docs/requirements.md §8 text applies. */
export function unlockFailure(error: unknown): { kind: UnlockFailure; message: string } {
  if (error instanceof ApiRequestError) {
    if (error.status === 403 && error.message === SETTINGS_GATE_MESSAGES.incorrect) {
      return { kind: 'incorrect', message: SETTINGS_GATE_MESSAGES.incorrect };
    }
    if (error.status === 429) return { kind: 'too-many', message: SETTINGS_GATE_MESSAGES.tooMany };
    if (error.status === 409) {
      return { kind: 'not-configured', message: SETTINGS_GATE_MESSAGES.notConfigured };
    }
    if (error.status !== 0) return { kind: 'other', message: error.message };
  }
  return { kind: 'other', message: 'Network error: check your connection and try again' };
}
