/** Who a broadcast is for (the contract's schema is built from this list). */
export const BROADCAST_AUDIENCES = ['everyone', 'signed_in', 'staff', 'registrants'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/** Who is looking at a page, as far as a broadcast's audience is concerned. */
export interface BroadcastViewer {
  signedIn: boolean;
  /** Anyone who sees the admin area (not a plain player). */
  isStaff: boolean;
  /** Signed in with the e-mail address of a registration that is not cancelled. */
  isRegistrant: boolean;
}

/**
 * Whether a broadcast for `audience` is shown to `viewer`. "Everyone" means every visitor, signed in or not;
 * the others need a signed-in user of that kind (staff and registrants are signed-in users too).
 */
export function broadcastReaches(audience: BroadcastAudience, viewer: BroadcastViewer): boolean {
  switch (audience) {
    case 'everyone':
      return true;
    case 'signed_in':
      return viewer.signedIn;
    case 'staff':
      return viewer.signedIn && viewer.isStaff;
    case 'registrants':
      return viewer.signedIn && viewer.isRegistrant;
  }
}

export interface TimedBroadcast {
  startsAt: Date;
  endsAt: Date;
}

/** On now: started and not yet ended. */
export function isBroadcastOn(broadcast: TimedBroadcast, nowMs: number): boolean {
  return broadcast.startsAt.getTime() <= nowMs && nowMs < broadcast.endsAt.getTime();
}

export type BroadcastState = 'scheduled' | 'on' | 'ended';

export function broadcastState(broadcast: TimedBroadcast, nowMs: number): BroadcastState {
  if (nowMs < broadcast.startsAt.getTime()) return 'scheduled';
  return nowMs < broadcast.endsAt.getTime() ? 'on' : 'ended';
}

/**
 * The next moment the set of broadcasts on changes by itself (a start or an end still ahead), or null: an open
 * page refetches then, so a broadcast appears at its start and disappears at its end without a reload.
 */
export function nextBroadcastChange(broadcasts: readonly TimedBroadcast[], nowMs: number): Date | null {
  let next: number | null = null;
  for (const { startsAt, endsAt } of broadcasts) {
    for (const moment of [startsAt.getTime(), endsAt.getTime()]) {
      if (moment > nowMs && (next === null || moment < next)) next = moment;
    }
  }
  return next === null ? null : new Date(next);
}
