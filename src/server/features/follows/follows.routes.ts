import { and, eq, sql } from 'drizzle-orm';
import { messageResponseSchema } from '../../../contracts/common';
import {
  emailFollowBodySchema,
  emailTokenBodySchema,
  FOLLOW_MESSAGES,
  FOLLOW_PAGE,
  pushFollowBodySchema,
  pushKeyResponseSchema,
} from '../../../contracts/follows';
import { emailTokenOf, followerOfToken, pushKeysOf } from '../../core/follows/push-keys';
import { followers, followTargets } from '../../db/schema/follows';
import { routesFeature } from '../../feature-context';
import { HttpError } from '../../http/errors';
import { perAddressLimit, RateCounter } from '../../http/rate-counter';
import { apiErrors } from '../../http/route-helpers';
import { pushQueueOf } from './follows.jobs';

const tags = ['follows'];
const BASE = '/api/follows';
const MINUTE = 60_000;

/**
 * /api/follows (public, issue 33, ADR 045): a device follows a player or a school of the active tournament with
 * its push subscription, and unfollows with it. No account: the endpoint is the device's own capability. The
 * page names the player or school by its public follow key, never by an id.
 */
export const followsFeature = routesFeature('follows', (typed, context) => {
  const { db, cache, clock, outbound, mailer, publicUrl } = context;
  // The queue is made with the routes, so the announcer and the job share this app's one.
  pushQueueOf(context);
  const counter = new RateCounter(db, clock.millis);
  // A school hall shares one address: generous, but no flood of made-up subscriptions.
  const limit = perAddressLimit(
    counter,
    'follows',
    { limit: 120, windowMs: 10 * MINUTE },
    FOLLOW_MESSAGES.tooMany,
  );

  /** The active tournament's player or school the key names, or 404. */
  const targetOf = async (kind: 'player' | 'school', key: string) => {
    const { views } = await cache.snapshot();
    const tournamentId = views.tournamentId;
    if (!tournamentId) throw new HttpError(404, FOLLOW_MESSAGES.noTournament);
    const target = views.followTarget(kind, key);
    if (!target) throw new HttpError(404, FOLLOW_MESSAGES.notFound);
    return { tournamentId, ...target };
  };

  typed.get(
    `${BASE}/key`,
    {
      config: { access: 'public' },
      schema: {
        summary: "The site's Web Push public key (VAPID), for a browser's subscription",
        tags,
        response: { 200: pushKeyResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: (await pushKeysOf(db)).publicKey };
    },
  );

  typed.post(
    `${BASE}/push`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Follow a player or a school on this device (its push subscription)',
        tags,
        body: pushFollowBodySchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const { subscription, target } = request.body;
      if (outbound.refusal(subscription.endpoint) !== null)
        throw new HttpError(400, FOLLOW_MESSAGES.badSubscription);
      const followed = await targetOf(target.kind, target.key);
      await db.transaction(async (tx) => {
        const [follower] = await tx
          .insert(followers)
          .values({
            tournamentId: followed.tournamentId,
            channel: 'push',
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            confirmedAt: clock.now(),
          })
          .onConflictDoUpdate({
            target: [followers.tournamentId, followers.endpoint],
            set: { p256dh: sql`excluded.p256dh`, auth: sql`excluded.auth` },
          })
          .returning({ id: followers.id });
        await tx
          .insert(followTargets)
          .values({ followerId: follower!.id, kind: target.kind, targetId: followed.id })
          .onConflictDoNothing();
      });
      return { message: FOLLOW_MESSAGES.followed(followed.name) };
    },
  );

  typed.delete(
    `${BASE}/push`,
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Stop following a player or a school on this device; the last follow removes the subscription',
        tags,
        body: pushFollowBodySchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const { subscription, target } = request.body;
      const followed = await targetOf(target.kind, target.key);
      await db.transaction(async (tx) => {
        const [follower] = await tx
          .select({ id: followers.id })
          .from(followers)
          .where(
            and(
              eq(followers.tournamentId, followed.tournamentId),
              eq(followers.endpoint, subscription.endpoint),
            ),
          );
        if (!follower) return;
        await tx
          .delete(followTargets)
          .where(
            and(
              eq(followTargets.followerId, follower.id),
              eq(followTargets.kind, target.kind),
              eq(followTargets.targetId, followed.id),
            ),
          );
        // A subscription that follows nothing more is not kept.
        await tx
          .delete(followers)
          .where(
            and(
              eq(followers.id, follower.id),
              sql`not exists (select 1 from ${followTargets} where ${followTargets.followerId} = ${followers.id})`,
            ),
          );
      });
      return { message: FOLLOW_MESSAGES.unfollowed(followed.name) };
    },
  );

  const secret = async () => (await pushKeysOf(db)).followKeySecret;
  const linksOf = async (followerId: string) => {
    const token = emailTokenOf(await secret(), followerId);
    return {
      confirm: `${publicUrl}${FOLLOW_PAGE}?confirm=${token}`,
      stop: `${publicUrl}${FOLLOW_PAGE}?stop=${token}`,
    };
  };
  const followerOf = async (token: string) => followerOfToken(await secret(), token);

  typed.post(
    `${BASE}/email`,
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Follow a player or a school by e-mail: a confirmation is sent, nothing else until it is confirmed',
        tags,
        body: emailFollowBodySchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const { email, target } = request.body;
      const followed = await targetOf(target.kind, target.key);
      // One row per address and target; asking again sends the confirmation again.
      const [existing] = await db
        .select({ id: followers.id, confirmedAt: followers.confirmedAt })
        .from(followers)
        .innerJoin(followTargets, eq(followTargets.followerId, followers.id))
        .where(
          and(
            eq(followers.tournamentId, followed.tournamentId),
            eq(followers.channel, 'email'),
            sql`lower(${followers.email}) = lower(${email})`,
            eq(followTargets.kind, target.kind),
            eq(followTargets.targetId, followed.id),
          ),
        );
      if (existing?.confirmedAt) return { message: FOLLOW_MESSAGES.emailConfirmed(followed.name) };
      const followerId =
        existing?.id ??
        (await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(followers)
            .values({ tournamentId: followed.tournamentId, channel: 'email', email })
            .returning({ id: followers.id });
          await tx
            .insert(followTargets)
            .values({ followerId: row!.id, kind: target.kind, targetId: followed.id });
          return row!.id;
        }));
      const links = await linksOf(followerId);
      try {
        await mailer.send({
          to: email,
          subject: FOLLOW_MESSAGES.confirmSubject(followed.name),
          text: FOLLOW_MESSAGES.confirmText(followed.name, links.confirm, links.stop),
        });
      } catch {
        throw new HttpError(503, FOLLOW_MESSAGES.emailFailed);
      }
      return { message: FOLLOW_MESSAGES.emailSent(email) };
    },
  );

  typed.post(
    `${BASE}/email/confirm`,
    {
      config: { access: 'public' },
      schema: {
        summary: "Confirm an e-mail follow with its link's token",
        tags,
        body: emailTokenBodySchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const id = await followerOf(request.body.token);
      if (!id) throw new HttpError(400, FOLLOW_MESSAGES.emailLinkInvalid);
      const [row] = await db
        .update(followers)
        .set({ confirmedAt: sql`coalesce(${followers.confirmedAt}, ${clock.now()})` })
        .where(and(eq(followers.id, id), eq(followers.channel, 'email')))
        .returning({ id: followers.id });
      if (!row) throw new HttpError(404, FOLLOW_MESSAGES.emailStopped);
      const [target] = await db.select().from(followTargets).where(eq(followTargets.followerId, id));
      const { views } = await cache.snapshot();
      const name =
        target?.kind === 'player'
          ? views.playerRow(target.targetId)?.name
          : views.schools().find((school) => school.id === target?.targetId)?.name;
      return { message: FOLLOW_MESSAGES.emailConfirmed(name ?? 'the player') };
    },
  );

  typed.post(
    `${BASE}/email/unsubscribe`,
    {
      config: { access: 'public' },
      schema: {
        summary: "Stop an e-mail follow with its link's token (again: the same answer)",
        tags,
        body: emailTokenBodySchema,
        response: { 200: messageResponseSchema, ...apiErrors(400, 429) },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const id = await followerOf(request.body.token);
      if (!id) throw new HttpError(400, FOLLOW_MESSAGES.emailLinkInvalid);
      await db.delete(followers).where(and(eq(followers.id, id), eq(followers.channel, 'email')));
      return { message: FOLLOW_MESSAGES.emailStopped };
    },
  );
});
