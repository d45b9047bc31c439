import type { Logger } from 'pino';
import type { LiveEvent, LiveTopic } from '../../contracts/live';
import type { Database } from '../db/client';

export const CHANGE_CHANNEL = 'app_changes';

const TOPIC_BY_TABLE: Record<string, LiveTopic> = {
  system_settings: 'settings',
  tournaments: 'tournament',
  tournament_sections: 'tournament',
  players: 'players',
  rounds: 'rounds',
  matches: 'matches',
  round_byes: 'matches',
  // A report shows its board as "reported" and changes the arbiter's queue, not the standings (ADR 040).
  result_reports: 'reports',
  announcements: 'announcements',
  broadcasts: 'broadcasts',
  crm_tasks: 'crm',
  crm_checklist_items: 'crm',
  crm_comments: 'crm',
  registrations: 'registrations',
  registration_teams: 'registrations',
  registration_team_players: 'registrations',
  payments: 'registrations',
  venue_screens: 'screens',
};
const ALL_TOPICS = [...new Set(Object.values(TOPIC_BY_TABLE))];

export type ChangeListener = (event: LiveEvent) => void;

/**
 * Topics whose change may wait a little: a report from a phone (ADR 040) only turns a board "Reported", and the
 * 350 reports of a round's end would otherwise each send 400 phones to read the current round again. Such a
 * change goes out with the next other change, or after `lazyMs` at the latest.
 */
const LAZY_TOPICS: ReadonlySet<LiveTopic> = new Set(['reports']);
export const LAZY_TOPICS_WAIT_MS = 400;

/**
 * Turns the database's NOTIFY messages (from the triggers in migration 0001) into coalesced change events.
 * Messages arriving within `coalesceMs` become one event, so a burst of writes costs the browsers one refetch.
 * Every server process runs one feed, so a change made through any process reaches every process's clients.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly streams = new Set<ChangeListener>();
  private pendingTopics = new Set<LiveTopic>();
  private pendingKeys = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** When the planned flush runs (ms, performance.now()). */
  private timerAt = 0;
  private unlisten: (() => Promise<void>) | undefined;
  /**
   * When this process last heard of a change (ms, its clock), or 0: a page drawn from data read before then may
   * be out of date by the time its live stream opens (ADR 023).
   */
  lastChangeAt = 0;

  constructor(
    private readonly logger: Logger,
    private readonly coalesceMs = 25,
    private readonly now: () => number = Date.now,
    private readonly lazyMs = LAZY_TOPICS_WAIT_MS,
  ) {}

  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(
      CHANGE_CHANNEL,
      (payload) => this.receive(payload),
      () => {
        // Notifications sent while the listener was away are lost: tell everyone that anything may have changed.
        this.logger.info('live-update listener reconnected; invalidating everything');
        this.lastChangeAt = this.now();
        for (const topic of ALL_TOPICS) this.pendingTopics.add(topic);
        this.schedule();
      },
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.unlisten?.();
    this.listeners.clear();
    this.streams.clear();
  }

  /**
   * Calls `listener` with every change event. `kind` 'stream' marks a browser's open live stream (counted on
   * the dashboard); the server's own followers (the snapshot cache, the switches, broadcasts) are 'internal'.
   */
  subscribe(listener: ChangeListener, kind: 'internal' | 'stream' = 'internal'): () => void {
    this.listeners.add(listener);
    if (kind === 'stream') this.streams.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.streams.delete(listener);
    };
  }

  /** Browsers' open live streams on this process. */
  get subscriberCount(): number {
    return this.streams.size;
  }

  private receive(payload: string): void {
    let message: { table?: unknown; key?: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      this.logger.warn({ payload }, 'ignoring a malformed change notification');
      return;
    }
    const topic = typeof message.table === 'string' ? TOPIC_BY_TABLE[message.table] : undefined;
    if (!topic) return;
    this.lastChangeAt = this.now();
    this.pendingTopics.add(topic);
    if (topic === 'settings' && typeof message.key === 'string') this.pendingKeys.add(message.key);
    this.schedule(LAZY_TOPICS.has(topic) ? this.lazyMs : this.coalesceMs);
  }

  /** Flushes within `withinMs`: sooner than a flush already planned for later, never later than one planned. */
  private schedule(withinMs = this.coalesceMs): void {
    // Real time, as the timers run on it (the feed's clock may be a test's fixed one).
    const at = performance.now() + withinMs;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.flush(), withinMs);
  }

  private flush(): void {
    this.timer = undefined;
    const event: LiveEvent = {
      topics: [...this.pendingTopics].sort(),
      settingsKeys: [...this.pendingKeys].sort(),
    };
    this.pendingTopics = new Set();
    this.pendingKeys = new Set();
    if (event.topics.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error }, 'a change listener failed');
      }
    }
  }
}
