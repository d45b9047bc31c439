import type { LiveTopic } from '../../contracts/live';
import type { ChangeFeed } from './change-feed';

/**
 * A process's work that follows the change feed (the CRM sync, the followers' announcer): a change to one of
 * `topics` calls `fire` once `delayMs` after the first of a burst, so a burst of writes costs one run. Stopped, it
 * hears nothing more and a pending call is dropped.
 */
export class DebouncedChanges {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly topics: ReadonlySet<LiveTopic>,
    private readonly delayMs: number,
    private readonly fire: () => void,
  ) {}

  follow(feed: ChangeFeed): void {
    this.stopped = false;
    this.unsubscribe = feed.subscribe((event) => {
      if (event.topics.some((topic) => this.topics.has(topic))) this.schedule();
    });
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, this.delayMs);
  }
}
