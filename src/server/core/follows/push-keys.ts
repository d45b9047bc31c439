/**
 * The site's Web Push identity and the secret of its public follow keys (issue 33, ADR 045): made at first start,
 * kept in `push_keys`, read once per process. Two processes starting together make one pair: the insert of the
 * loser does nothing and both read the winner's.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { FollowTargetKind } from '../../../contracts/follows';
import type { Db } from '../../db/client';
import { pushKeys } from '../../db/schema/follows';

export interface PushKeys {
  publicKey: string;
  privateKey: string;
  followKeySecret: string;
}

const loaded = new WeakMap<Db, Promise<PushKeys>>();

/** The keys, read (or made) once per database per process: they never change once made. */
export function pushKeysOf(db: Db): Promise<PushKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadPushKeys(db);
    loaded.set(db, keys);
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}

async function loadPushKeys(db: Db): Promise<PushKeys> {
  const read = async () => (await db.select().from(pushKeys).where(eq(pushKeys.id, 1)))[0];
  const stored = await read();
  if (stored) return stored;
  const vapid = webpush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({
      id: 1,
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
      followKeySecret: randomBytes(32).toString('base64url'),
    })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error('the push keys could not be stored');
  return made;
}

/**
 * The public key a page follows a player or a school by: 16 characters of an HMAC of its id, so a page never
 * carries a database id (ADR 036) and a key cannot be guessed for another pupil.
 */
export function followKeyOf(secret: string, kind: FollowTargetKind, id: string): string {
  return createHmac('sha256', secret).update(`${kind}:${id}`).digest('base64url').slice(0, 16);
}

/**
 * The token of an e-mail follower's links (confirm, stop): its id and an HMAC of it, so nothing secret is stored
 * and a token cannot be made for another follower.
 */
export function emailTokenOf(secret: string, followerId: string): string {
  return `${followerId}.${createHmac('sha256', secret).update(`email:${followerId}`).digest('base64url').slice(0, 24)}`;
}

/** The follower a token names, or null when it was not made here. */
export function followerOfToken(secret: string, token: string): string | null {
  const [id] = token.split('.');
  if (!id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  const expected = Buffer.from(emailTokenOf(secret, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
