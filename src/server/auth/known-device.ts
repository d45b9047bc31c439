import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The "known device" cookie (ADR 015, OWASP "device cookies" against lockout abuse): set on every completed
 * sign-in, it proves that this browser has signed in to this account before. A device that carries it is
 * exempt from the account's lock (docs/security.md T01), so an attacker who locks an account by guessing
 * does not keep its owner out; it still obeys the per-address limit and has its own cap on failures.
 *
 * The value is `<payload>.<mac>`: the payload names the user, when it was issued and a random device id; the
 * mac is an HMAC with AUTH_SECRET, so it cannot be forged or moved to another account. It grants nothing by
 * itself: the password is still checked.
 */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const COOKIE_NAME = 'known_device';
/** Only the sign-in routes need it. */
const COOKIE_PATH = '/api/auth';

export interface KnownDevice {
  userId: string;
  /** Random, per device: the key of the device's own failure cap. */
  deviceId: string;
}

interface Payload {
  u: string;
  t: number;
  d: string;
}

const cookieName = (secure: boolean) => (secure ? `__Secure-${COOKIE_NAME}` : COOKIE_NAME);

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`known-device:${payload}`).digest();
}

/** The Set-Cookie value for a device that has just signed in as `userId`. */
export function knownDeviceCookie(
  secret: string,
  userId: string,
  now: Date,
  options: { secure: boolean },
): string {
  const payload: Payload = {
    u: userId,
    t: Math.floor(now.getTime() / 1000),
    d: randomBytes(16).toString('base64url'),
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const value = `${encoded}.${mac(secret, encoded).toString('base64url')}`;
  return [
    `${cookieName(options.secure)}=${value}`,
    `Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The request's known-device cookie, when it is genuine and not older than its lifetime; otherwise null. */
export function knownDeviceOf(
  request: FastifyRequest,
  secret: string,
  now: Date,
  options: { secure: boolean },
): KnownDevice | null {
  const name = cookieName(options.secure);
  const match = request.headers.cookie?.match(
    new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)`),
  );
  if (!match?.[1] || !match[2]) return null;
  // Compared as text: a different spelling of the same bytes is not the value this server issued.
  const expected = Buffer.from(mac(secret, match[1]).toString('base64url'));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as Partial<Payload>;
    if (typeof payload.u !== 'string' || typeof payload.t !== 'number' || typeof payload.d !== 'string') {
      return null;
    }
    const ageSeconds = now.getTime() / 1000 - payload.t;
    // A few minutes of clock difference between processes is tolerated.
    if (ageSeconds < -300 || ageSeconds > KNOWN_DEVICE_MAX_AGE_SECONDS) return null;
    return { userId: payload.u, deviceId: payload.d };
  } catch {
    return null;
  }
}
