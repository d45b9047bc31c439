import { z } from 'zod';
import { PERMISSIONS, STANDARD_ROLES } from '../domain/permissions';
import { isoDateTime } from './common';

/** The signed-in user as the client needs them for menus and guards (the server checks every request itself). */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  role: z.enum(STANDARD_ROLES),
  customRoleName: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const profileSchema = z.object({
  fullName: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileBodySchema = z
  .object({
    fullName: z.string().trim().min(1, 'Enter your full name').max(200),
    username: z
      .string()
      .trim()
      .min(3, 'A username needs at least 3 characters')
      .max(30)
      .regex(/^[a-z0-9_.-]+$/i, 'Use letters, digits, dots, dashes or underscores')
      .nullable(),
  })
  .strict();

export const preferencesSchema = z.object({
  twoFactorEnabled: z.boolean(),
  roundNotifications: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const updatePreferencesBodySchema = preferencesSchema.partial().strict();

export const ACCOUNT_MESSAGES = {
  usernameTaken: 'That username is taken',
  passwordNeeded: 'Enter your password to delete your account',
  wrongPassword: 'Incorrect password',
  lastSuperadmin: 'The last superadmin cannot delete their account',
} as const;

/** GDPR Art. 17: deleting one's own account needs the current password. */
export const deleteAccountBodySchema = z
  .object({ password: z.string().min(1, ACCOUNT_MESSAGES.passwordNeeded) })
  .strict();

/**
 * The admin tutorial (docs/requirements.md §3 user_tutorial_progress, §4): not started until a record exists; 'active' is the
 * overlay on screen and never stored; it ends completed or skipped.
 */
export const TUTORIAL_STATUSES = ['not_started', 'completed', 'skipped'] as const;
export const tutorialProgressSchema = z.object({
  status: z.enum(TUTORIAL_STATUSES),
  /** When it was completed or skipped. */
  completedAt: isoDateTime.nullable(),
});
export type TutorialProgress = z.infer<typeof tutorialProgressSchema>;
export const updateTutorialBodySchema = z.object({ status: z.enum(['completed', 'skipped']) }).strict();
