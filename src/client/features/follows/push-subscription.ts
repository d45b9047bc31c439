/**
 * This device's push subscription (issue 33, ADR 045), loaded only when someone taps "Follow": the permission is
 * asked after that tap, never on page load.
 */
import { messageResponseSchema } from '../../../contracts/common';
import { type FollowTarget, pushKeyResponseSchema } from '../../../contracts/follows';
import { getJson, sendJson } from '../../lib/api-client';

/** The VAPID key as the Push API wants it: bytes from base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class NotificationsBlocked extends Error {}

/** This device's subscription, made (after the browser's permission prompt) when it has none. */
async function subscription(): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotificationsBlocked('notifications are not allowed');
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const { publicKey } = await getJson('/api/follows/key', pushKeyResponseSchema);
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}

export async function followOnThisDevice(target: FollowTarget): Promise<string> {
  const sub = (await subscription()).toJSON();
  const answer = await sendJson(
    'POST',
    '/api/follows/push',
    { subscription: sub, target },
    messageResponseSchema,
  );
  return answer.message;
}

export async function unfollowOnThisDevice(target: FollowTarget): Promise<string | null> {
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (!existing) return null;
  const answer = await sendJson(
    'DELETE',
    '/api/follows/push',
    { subscription: existing.toJSON(), target },
    messageResponseSchema,
  );
  return answer.message;
}
