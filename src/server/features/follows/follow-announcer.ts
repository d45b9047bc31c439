/**
 * Tells followers what happened (issue 33, ADR 045). It follows the change feed: when rounds, games or the
 * tournament change it reads the public snapshot, finds the events it shows (`followEventsOf`) and announces each
 * one once across the processes — the event's key is inserted into `follow_events` in the transaction that queues
 * its messages, so the process whose insert wins queues them and a crash queues nothing half. A slow tick finds
 * what a lost notification hid.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { LiveTopic } from '../../../contracts/live';
import type { Tx } from '../../audit/audit';
import type { PublicDataCache } from '../../core/tournament/public-data-cache';
import type { PublicViews } from '../../core/tournament/public-views';
import type { Db } from '../../db/client';
import { followEvents, followers, followTargets } from '../../db/schema/follows';
import type { ChangeFeed } from '../../live/change-feed';
import { DebouncedChanges } from '../../live/debounced-changes';
import { type FollowEvent, followEventsOf, messageFor } from './follow-messages';
import type { PushQueue, QueuedPush } from './push-queue';

const SOURCE_TOPICS: ReadonlySet<LiveTopic> = new Set(['rounds', 'matches', 'tournament', 'settings']);

export interface FollowAnnouncerDeps {
  db: Db;
  cache: PublicDataCache;
  queue: PushQueue;
  logger: Logger;
  now: () => number;
}

export class FollowAnnouncer {
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private readonly changes: DebouncedChanges;

  constructor(
    private readonly deps: FollowAnnouncerDeps,
    options: { debounceMs?: number } = {},
  ) {
    this.changes = new DebouncedChanges(SOURCE_TOPICS, options.debounceMs ?? 100, () => void this.check());
  }

  follow(feed: ChangeFeed): void {
    this.stopped = false;
    this.changes.follow(feed);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.changes.stop();
    await this.running?.catch(() => 0);
  }

  /** Announces what is new; settles with how many push messages it queued (a failure is logged, never thrown). */
  check(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.announce()
      .catch((error: unknown) => {
        this.deps.logger.warn(
          { err: error },
          'announcing to followers failed; trying again on the next change',
        );
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.check();
        }
      });
    return this.running;
  }

  private async announce(): Promise<number> {
    const { db, cache, queue } = this.deps;
    const { views } = await cache.snapshot();
    const tournamentId = views.tournamentId;
    if (!tournamentId) return 0;
    const events = followEventsOf(views, this.deps.now());
    if (events.length === 0) return 0;
    const known = new Set(
      (
        await db
          .select({ key: followEvents.key })
          .from(followEvents)
          .where(
            and(
              eq(followEvents.tournamentId, tournamentId),
              inArray(
                followEvents.key,
                events.map((event) => event.key),
              ),
            ),
          )
      ).map((row) => row.key),
    );
    const fresh = events.filter((event) => !known.has(event.key));
    if (fresh.length === 0) return 0;
    const queued = await db.transaction(async (tx) => {
      const won = await tx
        .insert(followEvents)
        .values(fresh.map((event) => ({ tournamentId, key: event.key })))
        .onConflictDoNothing()
        .returning({ key: followEvents.key });
      const mine = new Set(won.map((row) => row.key));
      const announced = fresh.filter((event) => mine.has(event.key));
      if (announced.length === 0) return 0;
      const messages = await messagesOf(tx, views, tournamentId, announced);
      await queue.enqueue(messages, tx);
      return messages.length;
    });
    if (queued > 0) queue.kick();
    return queued;
  }
}

/** Every push follower's messages for the events: one per follower and event it concerns. */
async function messagesOf(
  db: Db | Tx,
  views: PublicViews,
  tournamentId: string,
  events: readonly FollowEvent[],
): Promise<QueuedPush[]> {
  const rows = await db
    .select({ followerId: followers.id, kind: followTargets.kind, targetId: followTargets.targetId })
    .from(followers)
    .innerJoin(followTargets, eq(followTargets.followerId, followers.id))
    .where(
      and(
        eq(followers.tournamentId, tournamentId),
        eq(followers.channel, 'push'),
        isNotNull(followers.confirmedAt),
      ),
    );
  const playersOfSchool = new Map<string, string[]>();
  for (const player of views.players) {
    if (player.schoolId)
      playersOfSchool.set(player.schoolId, [...(playersOfSchool.get(player.schoolId) ?? []), player.id]);
  }
  const followed = new Map<string, Set<string>>();
  for (const row of rows) {
    const players = followed.get(row.followerId) ?? new Set<string>();
    for (const id of row.kind === 'player' ? [row.targetId] : (playersOfSchool.get(row.targetId) ?? [])) {
      players.add(id);
    }
    followed.set(row.followerId, players);
  }
  const messages: QueuedPush[] = [];
  for (const [followerId, players] of followed) {
    for (const event of events) {
      const message = messageFor(views, event, [...players]);
      if (message) messages.push({ followerId, ...message });
    }
  }
  return messages;
}
