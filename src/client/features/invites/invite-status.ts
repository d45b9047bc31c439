import type { z } from 'zod';
import type { inviteSummarySchema } from '../../../contracts/invites';

type InviteSummary = z.infer<typeof inviteSummarySchema>;

export type InviteState = 'pending' | 'accepted' | 'expired';

/** An invitation is pending until it is accepted or its 7 days run out. */
export function inviteState(invite: Pick<InviteSummary, 'acceptedAt' | 'expiresAt'>, now: Date): InviteState {
  if (invite.acceptedAt) return 'accepted';
  return Date.parse(invite.expiresAt) <= now.getTime() ? 'expired' : 'pending';
}

/** Pending invitations first (soonest to expire first), then the rest, newest first. */
export function sortInvites<T extends Pick<InviteSummary, 'acceptedAt' | 'expiresAt' | 'createdAt'>>(
  invites: readonly T[],
  now: Date,
): T[] {
  const rank = (invite: T) => (inviteState(invite, now) === 'pending' ? 0 : 1);
  return [...invites].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 0
        ? Date.parse(a.expiresAt) - Date.parse(b.expiresAt)
        : Date.parse(b.createdAt) - Date.parse(a.createdAt)),
  );
}
