import type { PublicPageDataName } from '../../../contracts/public-pages';
import type { RecentMatch } from '../../../contracts/tournament';
import type { Db } from '../../db/client';
import { CachedJson } from '../../http/cached-json';
import { isDatabaseUnavailable } from '../../http/database-unavailable';
import { reportedMatchIds } from '../results/results.repo';
import { prizesView } from './prize-views';
import { PublicViews } from './public-views';
import { loadPublicTournamentData } from './tournament.repo';

const LOOKUP_MEMO_LIMIT = 2_000;
/** While the database is unreachable, the last snapshot is served and a reload tried this often. */
const STALE_RETRY_MS = 1_000;

/** The public API's responses built from a snapshot, by name (each served by one GET /api/public/… route). */
const SNAPSHOT_VIEWS = {
  home: (snapshot: PublicSnapshot) =>
    snapshot.views.home({
      recentMatches: snapshot.recentMatches(),
      sampleBoards: snapshot.sampleBoards(),
      now: snapshot.readAt,
    }),
  tournament: (snapshot: PublicSnapshot) => snapshot.views.tournament(),
  leaderboard: (snapshot: PublicSnapshot) => snapshot.views.leaderboard(),
  'current-round': (snapshot: PublicSnapshot) => snapshot.views.currentRound(),
  roster: (snapshot: PublicSnapshot) => snapshot.views.roster(),
  'day-rules': (snapshot: PublicSnapshot) => snapshot.views.dayRules(),
  prizes: (snapshot: PublicSnapshot) => prizesView(snapshot.views, false),
  recent: (snapshot: PublicSnapshot) => ({ matches: snapshot.recentMatches() }),
  announcements: (snapshot: PublicSnapshot) => ({ announcements: snapshot.views.announcements() }),
  'settings-home': (snapshot: PublicSnapshot) => snapshot.views.homeSettings(),
  'settings-registration': (snapshot: PublicSnapshot) => snapshot.views.registrationSettings(),
} satisfies Record<string, (snapshot: PublicSnapshot) => unknown>;
export type SnapshotView = keyof typeof SNAPSHOT_VIEWS;

/** The views a server-drawn page reads (ADR 023), by the names the client gives them. */
export const PAGE_DATA_VIEWS = {
  home: 'home',
  leaderboard: 'leaderboard',
  tournament: 'tournament',
  registrationSettings: 'settings-registration',
  dayRules: 'day-rules',
} as const satisfies Partial<Record<PublicPageDataName, SnapshotView>>;

/** One read of the public data with its serialised views, built on first use and shared by every request. */
export class PublicSnapshot {
  readonly views: PublicViews;
  private readonly memo = new Map<string, CachedJson>();
  private readonly lookups = new Map<string, CachedJson>();
  private readonly dashboards = new Map<string, CachedJson>();
  private recent: RecentMatch[] | undefined;
  private sample: number[] | undefined;

  constructor(
    views: PublicViews,
    private readonly random: () => number,
    /** When its read of the database started (ms, the cache's clock). */
    readonly readAt: number,
  ) {
    this.views = views;
  }

  json(key: SnapshotView): CachedJson {
    let cached = this.memo.get(key);
    if (!cached) {
      cached = new CachedJson(SNAPSHOT_VIEWS[key](this));
      this.memo.set(key, cached);
    }
    return cached;
  }

  /** This snapshot with the reported boards read again (ADR 040): the same data, views made afresh. */
  withReported(reportedMatchIds: ReadonlySet<string>): PublicSnapshot {
    const updated = new PublicSnapshot(this.views.withReported(reportedMatchIds), this.random, this.readAt);
    // The same games: the home page keeps its random picks until the results change.
    updated.recent = this.recent;
    updated.sample = this.sample;
    return updated;
  }

  /** The same random pick for the home page and the recent-matches endpoint until the data changes. */
  recentMatches(): RecentMatch[] {
    this.recent ??= this.views.recentMatches(this.random);
    return this.recent;
  }

  /** The current round's sample boards, picked once per snapshot like the recent matches. */
  sampleBoards(): number[] {
    this.sample ??= this.views.sampleBoards(this.random);
    return this.sample;
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

/** The snapshot being served (or loaded) and when its read started. */
interface HeldSnapshot {
  promise: Promise<PublicSnapshot>;
  loadedAt: number;
}

/**
 * Per-process cache of the public data (docs/conventions.md §5): public reads are hot and writes rare, so one database
 * read serves every request until a change event invalidates it. Concurrent requests share one load. A
 * maximum age bounds staleness should change events ever be missed. While the database cannot be reached,
 * the last snapshot keeps being served (ADR 016).
 */
export class PublicDataCache {
  private current: HeldSnapshot | undefined;
  /** The last snapshot that loaded, served while the database cannot be reached. */
  private lastGood: PublicSnapshot | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { now?: () => number; random?: () => number; maxAgeMs?: number } = {},
  ) {}

  invalidate(): void {
    this.current = undefined;
  }

  /**
   * A result was reported from a phone (ADR 040): only the set of reported boards is read again, after the
   * snapshot being served (or loaded) now, so the answer always includes this report. Nothing is loaded when
   * no snapshot is held: the next request reads everything anyway.
   */
  reportsChanged(): void {
    const held = this.current;
    if (!held) return;
    this.hold(held.loadedAt, (entry) =>
      held.promise.then(async (snapshot) => {
        const tournamentId = snapshot.views.tournamentId;
        if (tournamentId === null) return snapshot;
        try {
          const updated = snapshot.withReported(await reportedMatchIds(this.db, tournamentId));
          if (this.lastGood === snapshot) this.lastGood = updated;
          return updated;
        } catch {
          // The set could not be read (a busy or lost database): the pages keep the snapshot they had, and
          // the next request reads everything again.
          if (this.current === entry) this.current = undefined;
          return snapshot;
        }
      }),
    );
  }

  /**
   * The last snapshot when it was read within `maxAgeMs`, else the current one: for a reader whose part of the
   * data a frequent write invalidates without changing it. The kiosk shows a pupil's board from it: during a
   * burst of check-ins (each a players change) the public data is then read at most once per `maxAgeMs`, not
   * once per scan, and a board paired a moment ago shows within `maxAgeMs`.
   */
  recent(maxAgeMs: number): Promise<PublicSnapshot> {
    const now = (this.options.now ?? Date.now)();
    const last = this.lastGood;
    if (last && now - last.readAt >= 0 && now - last.readAt < maxAgeMs) return Promise.resolve(last);
    return this.snapshot();
  }

  snapshot(): Promise<PublicSnapshot> {
    const now = (this.options.now ?? Date.now)();
    const maxAge = this.options.maxAgeMs ?? 30_000;
    if (this.current && now - this.current.loadedAt < maxAge) return this.current.promise;
    return this.hold(now, (entry) =>
      loadPublicTournamentData(this.db).then(
        (data) => {
          this.lastGood = new PublicSnapshot(new PublicViews(data), this.options.random ?? Math.random, now);
          return this.lastGood;
        },
        (error: unknown) => {
          // The database is unreachable (a restart, ADR 016): the public pages keep showing the last data they
          // had, and the next request after STALE_RETRY_MS tries the database again.
          if (!this.lastGood || !isDatabaseUnavailable(error)) throw error;
          entry.loadedAt = now - maxAge + STALE_RETRY_MS;
          return this.lastGood;
        },
      ),
    );
  }

  /** Serves `load`'s snapshot from now on; a load that fails is forgotten, so the next request tries again. */
  private hold(
    loadedAt: number,
    load: (entry: HeldSnapshot) => Promise<PublicSnapshot>,
  ): Promise<PublicSnapshot> {
    // The entry is made before its promise so `load` can refer to it (to stale it, or to check it is current).
    const entry = { loadedAt } as HeldSnapshot;
    entry.promise = load(entry);
    this.current = entry;
    entry.promise.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return entry.promise;
  }
}
