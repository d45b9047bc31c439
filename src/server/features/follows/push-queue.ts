/**
 * Web Push delivery (issue 33, ADR 045): every message is a row of `push_messages` first, claimed by one process
 * (`FOR UPDATE SKIP LOCKED`, like the mail queue), encrypted for its subscription by the `web-push` library and
 * handed to the browser's push service through the one outbound client that refuses internal addresses.
 * - 201 (or any 2xx): sent.
 * - 404 or 410: the subscription is gone; the follower goes with its follows and queued messages.
 * - 429, 5xx, no answer: tried again after a growing wait, until the message's time to live is over.
 * - any other answer: failed, not tried again (the request itself is wrong).
 * A queued message of a follower is replaced by a newer one of the same topic (`enqueue`), and the push service
 * is told the topic too, so a phone that was off gets the newest pairings, not every version of them.
 */
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { PUSH_TIME_TO_LIVE_SECONDS, type PushPayload } from '../../../contracts/follows';
import type { Tx } from '../../audit/audit';
import type { PushKeys } from '../../core/follows/push-keys';
import type { Db } from '../../db/client';
import { followers, pushMessages } from '../../db/schema/follows';
import { type OutboundClient, OutboundError } from '../../http/outbound';

const RETRY_DELAYS_MS = [5_000, 20_000, 60_000, 3 * 60_000];
/** A row a process took and never finished (it died) is taken again after this long. */
const STALE_CLAIM_MS = 60_000;
const BATCH = 50;
/** Deliveries in flight at once: a push service answers in tens of milliseconds, the encryption is the cost. */
const PARALLEL = 16;

export interface QueuedPush extends PushPayload {
  followerId: string;
  topic: string;
}

export interface PushQueueOptions {
  db: Db;
  outbound: OutboundClient;
  keys: () => Promise<PushKeys>;
  /** The VAPID subject: the site's https address, or a mailto: when it has none (RFC 8292 §2.1). */
  subject: string;
  now: () => number;
  logger: Logger;
}

export class PushQueue {
  private running: Promise<number> | undefined;

  constructor(private readonly options: PushQueueOptions) {}

  /** Queues messages (in the caller's transaction with `tx`), each replacing its follower's queued one of its topic. */
  async enqueue(messages: readonly QueuedPush[], tx?: Tx): Promise<void> {
    const at = this.options.now();
    const expiresAt = new Date(at + PUSH_TIME_TO_LIVE_SECONDS * 1000);
    for (let start = 0; start < messages.length; start += 500) {
      const chunk = messages.slice(start, start + 500);
      await (tx ?? this.options.db)
        .insert(pushMessages)
        .values(
          chunk.map((message) => ({
            followerId: message.followerId,
            topic: message.topic,
            title: message.title,
            // The page is its own column; the text and the device's tag travel together.
            body: JSON.stringify({ body: message.body, tag: message.tag }),
            url: message.url,
            nextAttemptAt: new Date(at),
            expiresAt,
          })),
        )
        .onConflictDoUpdate({
          target: [pushMessages.followerId, pushMessages.topic],
          targetWhere: sql`${pushMessages.status} = 'queued'`,
          set: {
            title: sql`excluded.title`,
            body: sql`excluded.body`,
            url: sql`excluded.url`,
            expiresAt: sql`excluded.expires_at`,
            nextAttemptAt: sql`excluded.next_attempt_at`,
            attempts: 0,
            createdAt: sql`excluded.created_at`,
          },
        });
    }
  }

  /** Kicks the queue; settles when the delivery run under way ends. */
  async tick(): Promise<void> {
    this.kick();
    await this.running;
  }

  kick(): void {
    if (this.running) return;
    this.running = this.deliverDue()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'push queue run failed; trying again shortly');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Delivers due messages in batches until none is left; returns how many the push services took. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      const keys = await this.options.keys();
      for (let start = 0; start < batch.length; start += PARALLEL) {
        const results = await Promise.all(
          batch.slice(start, start + PARALLEL).map((row) => this.deliver(row, keys)),
        );
        sent += results.filter(Boolean).length;
      }
    }
  }

  private async claim() {
    const { db, now } = this.options;
    const at = now();
    // Expired messages are dropped as they are found: a late pairing is worse than none.
    await db
      .update(pushMessages)
      .set({ status: 'failed', lastError: 'expired' })
      .where(and(eq(pushMessages.status, 'queued'), lt(pushMessages.expiresAt, new Date(at))));
    const due = db
      .select({ id: pushMessages.id })
      .from(pushMessages)
      .where(
        or(
          and(eq(pushMessages.status, 'queued'), lte(pushMessages.nextAttemptAt, new Date(at))),
          and(eq(pushMessages.status, 'sending'), lt(pushMessages.claimedAt, new Date(at - STALE_CLAIM_MS))),
        ),
      )
      .orderBy(pushMessages.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(pushMessages)
      .set({ status: 'sending', claimedAt: new Date(at), attempts: sql`${pushMessages.attempts} + 1` })
      .where(inArray(pushMessages.id, due))
      .returning();
    if (claimed.length === 0) return [];
    const subscriptions = await db
      .select({
        id: followers.id,
        endpoint: followers.endpoint,
        p256dh: followers.p256dh,
        auth: followers.auth,
      })
      .from(followers)
      .where(inArray(followers.id, [...new Set(claimed.map((row) => row.followerId))]));
    const byId = new Map(subscriptions.map((row) => [row.id, row]));
    return claimed.flatMap((row) => {
      const subscription = byId.get(row.followerId);
      return subscription?.endpoint && subscription.p256dh && subscription.auth
        ? [
            {
              ...row,
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
          ]
        : [];
    });
  }

  private async deliver(
    row: typeof pushMessages.$inferSelect & { endpoint: string; keys: { p256dh: string; auth: string } },
    keys: PushKeys,
  ): Promise<boolean> {
    const { db, now, outbound, logger } = this.options;
    const remaining = Math.floor((row.expiresAt.getTime() - now()) / 1000);
    if (remaining <= 0) {
      await this.mark(row.id, { status: 'failed', lastError: 'expired' });
      return false;
    }
    const stored = JSON.parse(row.body) as { body: string; tag: string };
    const payload: PushPayload = { title: row.title, body: stored.body, url: row.url, tag: stored.tag };
    let status: number;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: row.keys },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: this.options.subject,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: remaining,
          urgency: 'high',
          topic: row.topic,
        },
      );
      const response = await outbound.request(request.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: request.body ?? Buffer.alloc(0),
      });
      status = response.status;
    } catch (error) {
      if (error instanceof OutboundError && error.failure === 'refused') {
        // An endpoint at an internal address is never called (ADR 038): the follow is dropped.
        await db.delete(followers).where(eq(followers.id, row.followerId));
        logger.warn({ err: error }, 'a push endpoint at a refused address was dropped');
        return false;
      }
      return this.retry(row, error instanceof Error ? error.message : String(error));
    }
    if (status >= 200 && status < 300) {
      await this.mark(row.id, { status: 'sent', sentAt: new Date(now()), lastError: null });
      await db
        .update(followers)
        .set({ lastSentAt: new Date(now()) })
        .where(eq(followers.id, row.followerId));
      return true;
    }
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: nothing will reach it again.
      await db.delete(followers).where(eq(followers.id, row.followerId));
      return false;
    }
    if (status === 429 || status >= 500) return this.retry(row, `push service answered ${status}`);
    await this.mark(row.id, { status: 'failed', lastError: `push service answered ${status}` });
    return false;
  }

  private async retry(
    row: { id: number; attempts: number; expiresAt: Date },
    reason: string,
  ): Promise<false> {
    const delay = RETRY_DELAYS_MS[Math.min(row.attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
    const next = this.options.now() + delay;
    if (next >= row.expiresAt.getTime()) {
      await this.mark(row.id, { status: 'failed', lastError: `${reason}; time to live over`.slice(0, 500) });
      return false;
    }
    // Queued again, unless a newer message of its topic is queued meanwhile: that one replaces it.
    await this.options.db
      .update(pushMessages)
      .set({
        status: sql`case when exists (select 1 from ${pushMessages} newer where newer.follower_id = ${pushMessages.followerId} and newer.topic = ${pushMessages.topic} and newer.status = 'queued') then 'failed' else 'queued' end`,
        lastError: reason.slice(0, 500),
        nextAttemptAt: new Date(next),
      })
      .where(eq(pushMessages.id, row.id));
    return false;
  }

  private async mark(id: number, set: Partial<typeof pushMessages.$inferInsert>): Promise<void> {
    await this.options.db.update(pushMessages).set(set).where(eq(pushMessages.id, id));
  }
}
