import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_MAX_AGE_SECONDS, knownDeviceCookie, knownDeviceOf } from './known-device';

const SECRET = 'a-secret-that-is-at-least-32-characters-long';
const issued = new Date('2026-11-22T10:00:00Z');
const requestWith = (setCookie: string) =>
  ({ headers: { cookie: `other=1; ${setCookie.split(';')[0]}` } }) as unknown as FastifyRequest;
const later = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

describe('known-device cookie (ADR 015)', () => {
  it('names the user it was issued to, with a device id of its own, until it expires', () => {
    const cookie = knownDeviceCookie(SECRET, 'user-1', issued, { secure: false });
    expect(cookie).toMatch(
      /^known_device=[\w-]+\.[\w-]+; Max-Age=15552000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/,
    );
    const device = knownDeviceOf(requestWith(cookie), SECRET, later(60), { secure: false });
    expect(device?.userId).toBe('user-1');
    const other = knownDeviceOf(
      requestWith(knownDeviceCookie(SECRET, 'user-1', issued, { secure: false })),
      SECRET,
      later(60),
      { secure: false },
    );
    expect(other?.deviceId).not.toBe(device?.deviceId);
    expect(
      knownDeviceOf(requestWith(cookie), SECRET, later(KNOWN_DEVICE_MAX_AGE_SECONDS + 1), { secure: false }),
    ).toBeNull();
  });

  it('is secure and prefixed in production, and worthless with another secret or under another name', () => {
    const cookie = knownDeviceCookie(SECRET, 'user-1', issued, { secure: true });
    expect(cookie).toMatch(/^__Secure-known_device=.*; Secure$/);
    expect(knownDeviceOf(requestWith(cookie), SECRET, later(1), { secure: true })?.userId).toBe('user-1');
    expect(knownDeviceOf(requestWith(cookie), SECRET, later(1), { secure: false })).toBeNull();
    expect(knownDeviceOf(requestWith(cookie), `${SECRET}-other`, later(1), { secure: true })).toBeNull();
    expect(
      knownDeviceOf(requestWith('known_device=bm90LWpzb24.abc'), SECRET, later(1), { secure: false }),
    ).toBeNull();
  });
});
