import { z } from 'zod';

/** What changed. The client maps each topic to the queries it invalidates. */
export const liveTopicSchema = z.enum([
  'settings',
  'tournament',
  'rounds',
  'matches',
  'players',
  'announcements',
]);
export type LiveTopic = z.infer<typeof liveTopicSchema>;

export const liveEventSchema = z.object({
  topics: z.array(liveTopicSchema),
  /** Settings keys that changed, when `settings` is among the topics. */
  settingsKeys: z.array(z.string()),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
export const LIVE_EVENT_NAME = 'change';
