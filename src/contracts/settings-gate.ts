import { z } from 'zod';

/** docs/requirements.md §8 texts of the password gate. */
export const SETTINGS_GATE_MESSAGES = {
  notConfigured: 'Password protection not properly configured',
  granted: 'Access granted',
  incorrect: 'Incorrect password',
  tooMany: 'Too many attempts. Please wait 10 minutes and try again.',
  locked: 'Enter the settings password to open this section',
  saved: 'Settings password saved',
} as const;

export const SETTINGS_PASSWORD_KEY = 'settings_password';

export const settingsGateStatusSchema = z.object({ configured: z.boolean(), unlocked: z.boolean() });
export const unlockBodySchema = z.object({ password: z.string().max(256) }).strict();
export const setSettingsPasswordBodySchema = z
  .object({
    newPassword: z.string().trim().min(8, 'The settings password needs at least 8 characters').max(128),
    currentPassword: z.string().max(256).optional(),
  })
  .strict();
