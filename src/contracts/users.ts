import { z } from 'zod';
import { PERMISSIONS, STANDARD_ROLES } from '../domain/permissions';
import { isoDateTime } from './common';

export const USER_MESSAGES = {
  emailExists: 'A user with this email address already exists',
  created: (email: string) => `User ${email} created successfully`,
  roleUpdated: (role: string) => `User role updated to ${role}`,
  cannotGrant: 'You cannot give a role or permissions you do not hold yourself',
  notYourself: 'You cannot change your own role, freeze or delete your own account',
  userNotFound: 'User not found',
  customRoleNotFound: 'Custom role not found',
  customRoleExists: 'A custom role with this name already exists',
  standardRoleName:
    'Player, admin and superadmin are standard roles and cannot be created, renamed or deleted',
  invalidReassignment:
    'Choose player, admin, superadmin or another custom role for the users of the deleted role',
  lockLifted: 'Sign-in lock lifted',
  notLocked: 'This account is not locked',
} as const;

export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STANDARD_ROLES),
  customRoleName: z.string().nullable(),
  isFrozen: z.boolean(),
  frozenReason: z.string().nullable(),
  createdAt: isoDateTime,
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const listUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
});
export const listUsersResponseSchema = z.object({ users: z.array(userSummarySchema) });

export const userCountsSchema = z.object({
  player: z.number().int(),
  admin: z.number().int(),
  superadmin: z.number().int(),
});

/** create-user-direct (docs/requirements.md §7): email, password, full name, role (default player), optional custom role. */
export const createUserBodySchema = z
  .object({
    email: z.email('Enter a valid e-mail address').max(254),
    password: z.string().min(8, 'The password needs at least 8 characters').max(128),
    fullName: z.string().trim().min(1, 'Enter the full name').max(200),
    role: z.enum(STANDARD_ROLES).default('player'),
    customRoleName: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .strict();
export const createUserResponseSchema = z.object({
  success: z.literal(true),
  userId: z.string(),
  message: z.string(),
});

export const setRoleBodySchema = z
  .object({
    role: z.enum(STANDARD_ROLES),
    customRoleName: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .strict();
export const freezeBodySchema = z
  .object({ reason: z.string().trim().min(1, 'Give a reason').max(500) })
  .strict();
export { messageResponseSchema } from './common';
export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const customRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  userCount: z.number().int(),
  createdAt: isoDateTime,
});
export type CustomRole = z.infer<typeof customRoleSchema>;
export const customRolesResponseSchema = z.object({ roles: z.array(customRoleSchema) });
export const customRoleBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name the role').max(100),
    description: z.string().trim().max(500).nullable().optional(),
    permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
  })
  .strict();
export const deleteCustomRoleBodySchema = z
  .object({
    /** player, admin, superadmin, or the name of another custom role. */
    reassignTo: z.string().trim().min(1).max(100),
  })
  .strict();
export const customRoleIdParamsSchema = z.object({ id: z.uuid() });

/**
 * An account locked by failed sign-ins (ADR 015): until when (the latest of its locks), after how many
 * failures of the account (0 when only devices are locked), and how many of its known devices are locked by
 * their own failures.
 */
export const signInLockSchema = z.object({
  userId: z.string(),
  lockedUntil: isoDateTime,
  failures: z.number().int(),
  lockedDevices: z.number().int(),
});
export type SignInLock = z.infer<typeof signInLockSchema>;
export const signInLocksResponseSchema = z.object({ locks: z.array(signInLockSchema) });
