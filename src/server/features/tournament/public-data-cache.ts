import type { RecentMatch } from '../../../contracts/tournament';
import type { Db } from '../../db/client';
import { CachedJson } from '../../http/cached-json';
import { isDatabaseUnavailable } from '../../http/database-unavailable';
import { PublicViews } from './public-views';
import { loadPublicTournamentData } from './tournament.repo';

const LOOKUP_MEMO_LIMIT = 2_000;
/** While the database is unreachable, the last snapshot is served and a reload tried this often. */
const STALE_RETRY_MS = 1_000;

export type SnapshotView =
  | 'home'
  | 'tournament'
  | 'leaderboard'
  | 'current-round'
  | 'roster'
  | 'recent'
  | 'announcements'
  | 'settings-home'
  | 'settings-registration';

/** One read of the public data with its serialised views, built on first use and shared by every request. */
export class PublicSnapshot {
  readonly views: PublicViews;
  private readonly memo = new Map<string, CachedJson>();
  private readonly lookups = new Map<string, CachedJson>();
  private readonly dashboards = new Map<string, CachedJson>();
  private recent: RecentMatch[] | undefined;

  constructor(
    views: PublicViews,
    private readonly random: () => number,
  ) {
    this.views = views;
  }

  json(key: SnapshotView, build: (snapshot: PublicSnapshot) => unknown): CachedJson {
    let cached = this.memo.get(key);
    if (!cached) {
      cached = new CachedJson(build(this));
      this.memo.set(key, cached);
    }
    return cached;
  }

  /** The same random pick for the home page and the recent-matches endpoint until the data changes. */
  recentMatches(): RecentMatch[] {
    this.recent ??= this.views.recentMatches(this.random);
    return this.recent;
  }

  lookup(normalizedName: string): CachedJson {
    let cached = this.lookups.get(normalizedName);
    if (!cached) {
      cached = new CachedJson(this.views.lookup(normalizedName));
      if (this.lookups.size >= LOOKUP_MEMO_LIMIT) this.lookups.clear();
      this.lookups.set(normalizedName, cached);
    }
    return cached;
  }

  /** The signed-in user's player dashboard, derived from this snapshot (no database read per request). */
  dashboard(userId: string): CachedJson {
    let cached = this.dashboards.get(userId);
    if (!cached) {
      cached = new CachedJson(this.views.dashboard(userId));
      if (this.dashboards.size >= LOOKUP_MEMO_LIMIT) this.dashboards.clear();
      this.dashboards.set(userId, cached);
    }
    return cached;
  }
}

/**
 * Per-process cache of the public data (docs/conventions.md §5): public reads are hot and writes rare, so one database
 * read serves every request until a change event invalidates it. Concurrent requests share one load. A
 * maximum age bounds staleness should change events ever be missed. While the database cannot be reached,
 * the last snapshot keeps being served (ADR 016).
 */
export class PublicDataCache {
  private current: { promise: Promise<PublicSnapshot>; loadedAt: number } | undefined;
  /** The last snapshot that loaded, served while the database cannot be reached. */
  private lastGood: PublicSnapshot | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { now?: () => number; random?: () => number; maxAgeMs?: number } = {},
  ) {}

  invalidate(): void {
    this.current = undefined;
  }

  snapshot(): Promise<PublicSnapshot> {
    const now = (this.options.now ?? Date.now)();
    const maxAge = this.options.maxAgeMs ?? 30_000;
    if (this.current && now - this.current.loadedAt < maxAge) return this.current.promise;
    const entry = { promise: undefined as unknown as Promise<PublicSnapshot>, loadedAt: now };
    const promise = loadPublicTournamentData(this.db).then(
      (data) => {
        this.lastGood = new PublicSnapshot(new PublicViews(data), this.options.random ?? Math.random);
        return this.lastGood;
      },
      (error: unknown) => {
        // The database is unreachable (a restart, ADR 016): the public pages keep showing the last data they
        // had, and the next request after STALE_RETRY_MS tries the database again.
        if (!this.lastGood || !isDatabaseUnavailable(error)) throw error;
        entry.loadedAt = now - maxAge + STALE_RETRY_MS;
        return this.lastGood;
      },
    );
    entry.promise = promise;
    this.current = entry;
    promise.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return promise;
  }
}
