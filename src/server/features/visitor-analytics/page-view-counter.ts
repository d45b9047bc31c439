import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { addPageViews, type PageViewKey } from './visitor-analytics.repo';

/**
 * The consent-free page-view count (ADR 034): views are added up in memory by key (day, path, referrer
 * domain, country, device — nothing about the visitor) and written every few seconds and on close, so a burst
 * of phones costs one upsert per key, not one per page.
 */
export class PageViewCounter {
  private pending = new Map<string, PageViewKey & { views: number }>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  count(key: PageViewKey): void {
    const id = JSON.stringify([key.day, key.path, key.referrerDomain, key.country, key.device]);
    const entry = this.pending.get(id);
    if (entry) entry.views += 1;
    else this.pending.set(id, { ...key, views: 1 });
  }

  /** Writes what was counted so far; a failed write is logged and its counts dropped (they are only counts). */
  flush(): Promise<void> {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await addPageViews(this.db, batch);
      } catch (error) {
        this.logger.warn({ err: error, keys: batch.length }, 'page views could not be counted');
      }
    });
    return this.flushing;
  }
}
