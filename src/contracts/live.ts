import { z } from 'zod';

/** What changed. The client maps each topic to the queries it invalidates. */
export const liveTopicSchema = z.enum([
  'settings',
  'tournament',
  'rounds',
  'matches',
  /** A result reported from a phone (ADR 040): boards show "Reported"; standings are untouched. */
  'reports',
  'players',
  'announcements',
  'broadcasts',
  'crm',
  'registrations',
  /** The hall's screens: a programme, the switch or a code (ADR 042). */
  'screens',
]);
export type LiveTopic = z.infer<typeof liveTopicSchema>;

export const liveEventSchema = z.object({
  topics: z.array(liveTopicSchema),
  /** Settings keys that changed, when `settings` is among the topics. */
  settingsKeys: z.array(z.string()),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
export const LIVE_EVENT_NAME = 'change';

/**
 * `/api/live?since=<ms>`: the time the data of a server-drawn page was read (ADR 023). When the server heard of a
 * change after it, the stream starts with a `catch-up` event (no data): the page refetches what it shows, since
 * that change reached it before its stream was open.
 */
export const LIVE_SINCE_PARAM = 'since';
export const LIVE_CATCH_UP_EVENT_NAME = 'catch-up';

/**
 * The last event of a stream whose server is shutting down (ADR 016): the client closes the stream and opens
 * a new one after a short random pause (another process, or this one restarted), then refetches what it shows,
 * since changes made in between reached nobody.
 */
export const LIVE_RECONNECT_EVENT_NAME = 'reconnect';
export const liveReconnectEventSchema = z.object({
  /** The longest pause before reconnecting; clients pick a random moment within it. */
  withinMs: z.number().int().nonnegative(),
});
export type LiveReconnectEvent = z.infer<typeof liveReconnectEventSchema>;
