import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BotProof } from '../../../contracts/bot-protection';
import { anyBody, sendJson } from '../../lib/api-client';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { userScopedKeys } from '../../lib/query-keys';
import { refreshSession } from './queries';

/*
 * Signing in, signing up and the password: used by the sign-in, onboarding, password-reset and account pages
 * only, so kept out of queries.ts, which every page's first JavaScript carries for the session (issue 37).
 */

export interface Credentials {
  email: string;
  password: string;
}

const signInAnswerSchema = z.object({ twoFactorRedirect: z.boolean().optional() }).loose();

/**
 * Signs in. With two-factor on and an untrusted device the server gives no session yet: the answer is
 * 'device-check', and the emailed code must be verified first (docs/requirements.md §4, ADR 002).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<'signed-in' | 'device-check'> => {
      const answer = await sendJson('POST', '/api/auth/sign-in/email', credentials, signInAnswerSchema);
      if (answer.twoFactorRedirect) return 'device-check';
      await startSession(queryClient);
      return 'signed-in';
    },
  });
}

async function startSession(queryClient: QueryClient): Promise<void> {
  for (const queryKey of userScopedKeys) queryClient.removeQueries({ queryKey });
  await refreshSession(queryClient);
}

/** send-2fa-code: mails a 6-digit code; the device label goes along for the mail. */
export async function sendDeviceCode(): Promise<unknown> {
  return sendJson('POST', '/api/auth/two-factor/send-otp', {}, anyBody, {
    'x-device-fingerprint': await deviceFingerprint(),
  });
}

/** verify-2fa-code: on success the session starts and this device is trusted for 30 days. */
export function useVerifyDeviceCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await sendJson('POST', '/api/auth/two-factor/verify-otp', { code, trustDevice: true }, anyBody);
      await startSession(queryClient);
    },
  });
}

/** Sign-up answers the same whether or not the address was taken, and does not sign in (T07). */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: Credentials & { name: string }) =>
      sendJson('POST', '/api/auth/sign-up/email', body, anyBody),
  });
}

/** Always answers 200, whether or not the address has an account (no enumeration); the bot check comes first. */
export function requestPasswordReset(email: string, botProof: BotProof): Promise<unknown> {
  return sendJson(
    'POST',
    '/api/auth/request-password-reset',
    { email, redirectTo: '/reset-password', botProof },
    anyBody,
  );
}

export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return sendJson('POST', '/api/auth/reset-password', { token, newPassword }, anyBody);
}

/** Changing the password signs out every other device. */
export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return sendJson(
    'POST',
    '/api/auth/change-password',
    { currentPassword, newPassword, revokeOtherSessions: true },
    anyBody,
  );
}
