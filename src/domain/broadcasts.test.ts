import { describe, expect, it } from 'vitest';
import {
  BROADCAST_AUDIENCES,
  broadcastReaches,
  broadcastState,
  isBroadcastOn,
  nextBroadcastChange,
} from './broadcasts';

const anonymous = { signedIn: false, isStaff: false, isRegistrant: false };
const player = { signedIn: true, isStaff: false, isRegistrant: false };
const teacher = { signedIn: true, isStaff: false, isRegistrant: true };
const arbiter = { signedIn: true, isStaff: true, isRegistrant: false };

describe('broadcast audiences', () => {
  it('reaches each kind of visitor only through the audiences meant for them', () => {
    const reached = (viewer: typeof anonymous) =>
      BROADCAST_AUDIENCES.filter((audience) => broadcastReaches(audience, viewer));
    expect(reached(anonymous)).toEqual(['everyone']);
    expect(reached(player)).toEqual(['everyone', 'signed_in']);
    expect(reached(teacher)).toEqual(['everyone', 'signed_in', 'registrants']);
    expect(reached(arbiter)).toEqual(['everyone', 'signed_in', 'staff']);
  });
});

describe('broadcast times', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
  const broadcast = { startsAt: at(10), endsAt: at(20) };

  it('is on from its start up to (not including) its end', () => {
    expect(isBroadcastOn(broadcast, at(9).getTime())).toBe(false);
    expect(isBroadcastOn(broadcast, at(10).getTime())).toBe(true);
    expect(isBroadcastOn(broadcast, at(20).getTime())).toBe(false);
    expect([at(5), at(15), at(25)].map((now) => broadcastState(broadcast, now.getTime()))).toEqual([
      'scheduled',
      'on',
      'ended',
    ]);
  });

  it('names the next start or end still ahead, so a page refetches then', () => {
    const later = { startsAt: at(15), endsAt: at(30) };
    expect(nextBroadcastChange([broadcast, later], at(5).getTime())).toEqual(at(10));
    expect(nextBroadcastChange([broadcast, later], at(12).getTime())).toEqual(at(15));
    expect(nextBroadcastChange([broadcast, later], at(16).getTime())).toEqual(at(20));
    expect(nextBroadcastChange([broadcast, later], at(30).getTime())).toBeNull();
  });
});
