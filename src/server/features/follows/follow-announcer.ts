/**
 * Tells followers what happened (issue 33, ADR 045). It follows the change feed: when rounds, games or the
 * tournament change it reads the public snapshot, finds the events it shows (`followEventsOf`) and announces each
 * one once across the processes — the event's key is inserted into `follow_events` in the transaction that queues
 * its messages, so the process whose insert wins queues them and a crash queues nothing half. A slow tick finds
 * what a lost notification hid.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { FOLLOW_MESSAGES, FOLLOW_PAGE } from '../../../contracts/follows';
import type { LiveTopic } from '../../../contracts/live';
import type { Tx } from '../../audit/audit';
import { emailTokenOf } from '../../core/follows/push-keys';
import type { PublicDataCache } from '../../core/tournament/public-data-cache';
import type { PublicViews } from '../../core/tournament/public-views';
import type { Db } from '../../db/client';
import { followEvents, followers, followTargets } from '../../db/schema/follows';
import { tournaments } from '../../db/schema/tournaments';
import type { ChangeFeed } from '../../live/change-feed';
import { DebouncedChanges } from '../../live/debounced-changes';
import type { MailQueue } from '../../mail/mail-queue';
import type { MailMessage } from '../../mail/mailer';
import { type FollowEvent, type FollowMessage, followEventsOf, messageFor } from './follow-messages';
import type { PushQueue, QueuedPush } from './push-queue';

const SOURCE_TOPICS: ReadonlySet<LiveTopic> = new Set(['rounds', 'matches', 'tournament', 'settings']);

export interface FollowAnnouncerDeps {
  db: Db;
  cache: PublicDataCache;
  queue: PushQueue;
  /** E-mail followers' messages go through the mail queue, in the same transaction. */
  mailQueue: Pick<MailQueue, 'enqueue' | 'kick'>;
  /** The site's address and the secret of the e-mails' stop links. */
  publicUrl: string;
  followKeySecret: () => Promise<string>;
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
      // The snapshot may be of a tournament deleted since (a reset, a restore): then there is nothing to announce.
      const [still] = await tx
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId))
        .for('share');
      if (!still) return 0;
      const won = await tx
        .insert(followEvents)
        .values(fresh.map((event) => ({ tournamentId, key: event.key })))
        .onConflictDoNothing()
        .returning({ key: followEvents.key });
      const mine = new Set(won.map((row) => row.key));
      const announced = fresh.filter((event) => mine.has(event.key));
      if (announced.length === 0) return 0;
      const { pushes, mails } = await messagesOf(tx, views, tournamentId, announced);
      await queue.enqueue(pushes, tx);
      await this.deps.mailQueue.enqueue(await this.mailsOf(mails), null, this.deps.now(), { tx });
      return pushes.length + mails.length;
    });
    if (queued > 0) {
      queue.kick();
      this.deps.mailQueue.kick();
    }
    return queued;
  }

  /** The e-mail followers' messages as mails: the message, its page and the link that stops them. */
  private async mailsOf(mails: readonly QueuedMail[]): Promise<MailMessage[]> {
    if (mails.length === 0) return [];
    const secret = await this.deps.followKeySecret();
    const site = this.deps.publicUrl;
    return mails.map((mail) => ({
      to: mail.email,
      subject: mail.title,
      text: `${mail.body}${FOLLOW_MESSAGES.mailFooter(`${site}${mail.url}`, `${site}${FOLLOW_PAGE}?stop=${emailTokenOf(secret, mail.followerId)}`)}`,
    }));
  }
}

/** An e-mail follower's message, before it is a mail. */
interface QueuedMail extends FollowMessage {
  followerId: string;
  email: string;
}

/** By e-mail only the pairings and the final standings: a result or a start a minute apart is a phone's news. */
const EMAILED: ReadonlySet<FollowEvent['kind']> = new Set(['pairings', 'final']);

/** Every confirmed follower's messages for the events: one per follower and event it concerns. */
async function messagesOf(
  db: Db | Tx,
  views: PublicViews,
  tournamentId: string,
  events: readonly FollowEvent[],
): Promise<{ pushes: QueuedPush[]; mails: QueuedMail[] }> {
  const rows = await db
    .select({
      followerId: followers.id,
      channel: followers.channel,
      email: followers.email,
      kind: followTargets.kind,
      targetId: followTargets.targetId,
    })
    .from(followers)
    .innerJoin(followTargets, eq(followTargets.followerId, followers.id))
    .where(and(eq(followers.tournamentId, tournamentId), isNotNull(followers.confirmedAt)));
  const emailOf = new Map(
    rows.flatMap((row) =>
      row.channel === 'email' && row.email ? [[row.followerId, row.email] as const] : [],
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
  const pushes: QueuedPush[] = [];
  const mails: QueuedMail[] = [];
  for (const [followerId, players] of followed) {
    const email = emailOf.get(followerId);
    for (const event of events) {
      if (email && !EMAILED.has(event.kind)) continue;
      const message = messageFor(views, event, [...players]);
      if (!message) continue;
      if (email) mails.push({ followerId, email, ...message });
      else pushes.push({ followerId, ...message });
    }
  }
  return { pushes, mails };
}
