import { z } from 'zod';
import { STANDARD_ROLES } from '../domain/permissions';
import { isoDateTime } from './common';

export const INVITE_MESSAGES = {
  sent: (email: string) => `Invitation sent to ${email}`,
  invalid: 'This invitation link is not valid any more. Ask the organisers for a new one.',
  accepted: 'Welcome! Your account is ready: sign in with your e-mail and new password.',
} as const;

export const createInviteBodySchema = z
  .object({
    email: z.email('Enter a valid e-mail address').max(254),
    role: z.enum(STANDARD_ROLES).default('player'),
    customRoleName: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .strict();

export const inviteSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(STANDARD_ROLES),
  customRoleName: z.string().nullable(),
  expiresAt: isoDateTime,
  acceptedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export const invitesResponseSchema = z.object({ invites: z.array(inviteSummarySchema) });

/** What the invitee sees before accepting: never the inviter's identity or anything else. */
export const inviteDetailsSchema = z.object({
  email: z.string(),
  roleLabel: z.string(),
  expiresAt: isoDateTime,
});
export const inviteTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });
export const acceptInviteBodySchema = z
  .object({
    fullName: z.string().trim().min(1, 'Enter your full name').max(200),
    password: z.string().min(8, 'The password needs at least 8 characters').max(128),
  })
  .strict();
