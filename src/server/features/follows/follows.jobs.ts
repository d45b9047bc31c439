import { pushKeysOf } from '../../core/follows/push-keys';
import { onePerApp } from '../../core/jobs';
import type { FeatureContext } from '../../feature-context';
import { FollowAnnouncer } from './follow-announcer';
import { PushQueue } from './push-queue';

/** The VAPID subject (RFC 8292 §2.1): the site's address when it is https, else a mailto: at its host. */
export function vapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:organisers@${url.hostname}`;
}

/** One push queue per app: the routes, the announcer and the `push-queue` job share it. */
export const pushQueueOf = onePerApp(
  ({ db, outbound, publicUrl, clock, logger }: FeatureContext) =>
    new PushQueue({
      db,
      outbound,
      keys: () => pushKeysOf(db),
      subject: vapidSubject(publicUrl),
      now: clock.millis,
      logger,
    }),
);

/** One announcer per app, following the change feed (`follow-announcer` in src/server/background-jobs.ts). */
export const followAnnouncerOf = onePerApp(
  (context: FeatureContext) =>
    new FollowAnnouncer({
      db: context.db,
      cache: context.cache,
      queue: pushQueueOf(context),
      mailQueue: context.mailQueue,
      publicUrl: context.publicUrl,
      followKeySecret: async () => (await pushKeysOf(context.db)).followKeySecret,
      logger: context.logger,
      now: context.clock.millis,
    }),
);
