/**
 * The dress rehearsal's audience (issue 34): public viewers on their phones and the hall's venue screens.
 *
 * A viewer is the public round page as the browser runs it (src/client/lib/live-updates.ts, the TanStack query of
 * src/client/features/tournament/queries.ts), from its own loopback address:
 * - it holds one stream of GET /api/live; on a `change` event it schedules a refetch of the current round 0–400 ms
 *   later (MAX_INVALIDATE_DELAY_MS: events within that delay are merged into one refetch), when the event touches a
 *   topic that invalidates the `rounds` queries (tournament, rounds, matches, reports, players);
 * - EventSource's own behaviour: a dropped stream (or a connection refused) is opened again after the server's
 *   `retry:` (3 s); an error status (a 502, a draining 503) closes it, and the page opens it again after a growing
 *   pause (1 s doubling to 30 s, at a random moment in its second half); a `reconnect` event (a server shutting
 *   down, ADR 016) opens it again at a random moment within the time it names. Every stream opened again
 *   refetches everything on screen;
 * - a refetch never cancels the one in flight (live-updates.ts `refreshLive`): a change during a read is
 *   followed by one more read when it ends, and the query refetches every 30 s besides (tournamentDataPolicy); the HTTP cache revalidates with the ETag (If-None-Match → 304) and
 *   the answer is compressed as the browser asks.
 * Each viewer records, per round, when it first showed the round with every board, and when it first showed each
 * result the rounds phase asked it to watch (`expectResult`). `stop()` records 'pairing → every viewer' and
 * 'result → every viewer' (the slowest viewer, per round) and answers each viewer's rounds.
 *
 * A venue screen is a real Chromium page at /screen/<code> through nginx (ADR 042): a MutationObserver in the page
 * reports, on the page's clock, when its heading first reads "Round n".
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { MAX_INVALIDATE_DELAY_MS, RETRY_MAX_MS, RETRY_MIN_MS } from '../../src/client/lib/live-updates';
import { TOURNAMENT_REFETCH_MS } from '../../src/client/lib/query-keys';
import { formatScreenCode } from '../../src/domain/venue-screens';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium';
import type { RehearsalContext } from './context';

/** EventSource's reconnection time until the server names one (`retry: 3000`). */
const DEFAULT_STREAM_RETRY_MS = 3_000;
/** The client's own timings (live-updates.ts, query-keys.ts), read from its modules so the two cannot drift. */
const REFETCH_INTERVAL_MS = TOURNAMENT_REFETCH_MS;
/** live-updates.ts topicKeys: the topics whose keys include ['rounds'] (the current round's query). */
const ROUND_TOPICS = new Set(['tournament', 'rounds', 'matches', 'reports', 'players']);
/** The viewers arrive over this time rather than in one millisecond (people open the page one by one). */
const ARRIVAL_MS = 2_000;

const PHASE = 'viewers';
const CURRENT_ROUND_PATH = '/api/public/rounds/current';

/** What a viewer's page shows of GET /api/public/rounds/current. */
interface RoundView {
  round: number | null;
  boards: number;
  /** The result shown per board number ('' for none). */
  results: Map<number, string>;
}

interface RoundExpectation {
  round: number;
  boards: number;
  since: number;
}

interface ResultExpectation {
  matchId: string;
  round: number;
  board: number;
  result: string;
  since: number;
}

/** A result the rounds phase asks the viewers to watch for: the board, the result as stored, and when it was sent. */
export interface WatchedResult {
  matchId: string;
  round: number;
  board: number;
  /** As the public API shows it: 'white', 'black', 'draw'. */
  result: string;
  /** When the write that sets it was sent (Date.now()). */
  since: number;
}

export interface ViewerFleet {
  /** A round was paired at `since` with `boards` boards: each viewer should show it, every board. */
  expectRound(round: number, boards: number, since: number): void;
  /** Watch for one board's result (call it before the write that sets it is sent). */
  expectResult(watch: WatchedResult): void;
  /** Waits until every viewer has seen every expectation, or `timeoutMs` passed. */
  settle(timeoutMs: number): Promise<void>;
  /** Closes every stream; records the timings; answers each viewer's rounds seen with all boards. */
  stop(): Promise<{ label: string; roundsSeen: number[] }[]>;
}

/** Parsed answers shared by ETag: 400 viewers reading the same body parse it once (the server's work is unchanged). */
const viewsByEtag = new Map<string, RoundView>();

function parseRoundView(text: string): RoundView {
  const body = JSON.parse(text) as {
    round: { number: number } | null;
    boards: { board: number; result: string | null }[];
  };
  return {
    round: body.round?.number ?? null,
    boards: body.boards.length,
    results: new Map(body.boards.map((board) => [board.board, board.result ?? ''])),
  };
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

const sleepRandom = (minMs: number, maxMs: number) => minMs + Math.floor(Math.random() * (maxMs - minMs));

interface ViewerStats {
  reads: number;
  notModified: number;
  failedReads: number;
  followUpReads: number;
  streamsOpened: number;
  streamFailures: number;
  toldToReconnect: number;
}

class Viewer {
  /** Per round, per board count shown, when the viewer first showed it. */
  readonly shown = new Map<number, Map<number, number>>();
  /** Per watched match id, when the viewer first showed its result. */
  readonly resultsShown = new Map<string, number>();
  private readonly agent: http.Agent;
  private etag: string | null = null;
  private view: RoundView | null = null;
  private inflight: http.ClientRequest | null = null;
  /** A change arrived during the read in flight: read once more when it ends. */
  private readAgain = false;
  private stream: http.ClientRequest | null = null;
  private streamRetryMs = DEFAULT_STREAM_RETRY_MS;
  private hasOpened = false;
  private failures = 0;
  private pending = false;
  private flushTimer: NodeJS.Timeout | null = null;
  private reopenTimer: NodeJS.Timeout | null = null;
  private intervalTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly context: RehearsalContext,
    readonly label: string,
    private readonly address: string,
    private readonly watches: Map<string, ResultExpectation>,
    private readonly stats: ViewerStats,
  ) {
    // A browser keeps up to six connections per site over HTTP/1.1; the stream holds its own.
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  }

  start(): void {
    this.refetch(false); // the page's first read
    this.open();
    this.intervalTimer = setInterval(() => this.refetch(false), REFETCH_INTERVAL_MS);
  }

  stop(): void {
    this.stopped = true;
    this.closeStream();
    this.inflight?.destroy();
    this.inflight = null;
    for (const timer of [this.flushTimer, this.reopenTimer]) if (timer) clearTimeout(timer);
    if (this.intervalTimer) clearInterval(this.intervalTimer);
    this.agent.destroy();
  }

  /** Schedules the merged refetch 0–400 ms from now (live-updates.ts `schedule`). */
  private schedule(touchesRound: boolean): void {
    if (touchesRound) this.pending = true;
    this.flushTimer ??= setTimeout(
      () => {
        this.flushTimer = null;
        if (!this.pending) return;
        this.pending = false;
        this.refetch(true);
      },
      Math.floor(Math.random() * MAX_INVALIDATE_DELAY_MS),
    );
  }

  /**
   * Reads the current round. A change during a read asks for one more read after it (`refreshLive`); the 30 s
   * interval joins the read in flight.
   */
  private refetch(afterChange: boolean): void {
    if (this.stopped) return;
    if (this.inflight) {
      if (afterChange) this.readAgain = true;
      return;
    }
    const url = new URL(CURRENT_ROUND_PATH, this.context.http.publicUrl);
    const request = http.request(url, {
      agent: this.agent,
      localAddress: this.address,
      headers: {
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        ...(this.etag ? { 'if-none-match': this.etag } : {}),
      },
    });
    this.inflight = request;
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      const etag = typeof response.headers.etag === 'string' ? response.headers.etag : null;
      const known = etag ? viewsByEtag.get(etag) : undefined;
      response.on('data', (chunk: Buffer) => {
        if (!known) chunks.push(chunk);
      });
      response.on('error', () => undefined);
      response.on('end', () => {
        if (this.inflight === request) this.inflight = null;
        if (this.readAgain && !this.stopped) {
          this.readAgain = false;
          this.stats.followUpReads += 1;
          setImmediate(() => this.refetch(false));
        }
        const status = response.statusCode ?? 0;
        this.context.http.record({ method: 'GET', path: url.pathname, status, phase: PHASE });
        if (this.stopped) return;
        const at = Date.now();
        if (status === 304 && this.view) {
          this.stats.notModified += 1;
          this.observe(this.view, at);
          return;
        }
        if (status !== 200) {
          this.stats.failedReads += 1;
          return;
        }
        this.stats.reads += 1;
        let view = known;
        if (!view) {
          try {
            view = parseRoundView(decode(Buffer.concat(chunks), response.headers['content-encoding']));
          } catch {
            this.stats.failedReads += 1;
            return;
          }
          if (etag) viewsByEtag.set(etag, view);
        }
        this.etag = etag;
        this.view = view;
        this.observe(view, at);
      });
    });
    request.on('error', () => {
      // A failed read waits for the next change (retry: false); one asked for meanwhile still follows.
      if (this.inflight === request) {
        this.inflight = null;
        this.stats.failedReads += 1;
        if (this.readAgain && !this.stopped) {
          this.readAgain = false;
          setImmediate(() => this.refetch(false));
        }
      }
    });
    request.end();
  }

  private observe(view: RoundView, at: number): void {
    if (view.round === null) return;
    const byBoards = this.shown.get(view.round) ?? new Map<number, number>();
    if (!byBoards.has(view.boards)) byBoards.set(view.boards, at);
    this.shown.set(view.round, byBoards);
    for (const watch of this.watches.values()) {
      if (this.resultsShown.has(watch.matchId) || watch.round !== view.round) continue;
      if (view.results.get(watch.board) === watch.result) this.resultsShown.set(watch.matchId, at);
    }
  }

  /** When the viewer first showed `round` with `boards` boards, or null. */
  shownAt(round: number, boards: number): number | null {
    return this.shown.get(round)?.get(boards) ?? null;
  }

  // --- the stream (EventSource, as live-updates.ts drives it) ---

  private open(): void {
    if (this.stopped) return;
    const url = new URL('/api/live', this.context.http.publicUrl);
    const request = http.request(url, {
      agent: false,
      localAddress: this.address,
      headers: { accept: 'text/event-stream', 'cache-control': 'no-cache' },
    });
    this.stream = request;
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      this.context.http.record({ method: 'GET', path: url.pathname, status, phase: PHASE });
      const type = String(response.headers['content-type'] ?? '');
      if (status !== 200 || !type.startsWith('text/event-stream')) {
        // EventSource fails the connection for good (readyState CLOSED): the page reopens it after a pause.
        response.resume();
        this.stats.streamFailures += 1;
        this.failures += 1;
        const pause = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (this.failures - 1));
        this.reopenBetween(request, pause / 2, pause);
        return;
      }
      this.stats.streamsOpened += 1;
      this.failures = 0;
      if (this.hasOpened) this.schedule(true); // reopened: refetch everything on screen
      this.hasOpened = true;
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk.replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          this.onBlock(request, block);
        }
      });
      response.on('error', () => undefined);
      response.on('close', () => this.dropped(request));
    });
    request.on('error', () => this.dropped(request));
    request.end();
  }

  private onBlock(request: http.ClientRequest, block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at === -1 ? line : line.slice(0, at);
      const value = at === -1 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) this.streamRetryMs = Number(value);
    }
    if (event === 'change') {
      let topics: string[] = [];
      try {
        topics = (JSON.parse(data.join('\n')) as { topics: string[] }).topics;
      } catch {
        return;
      }
      this.schedule(topics.some((topic) => ROUND_TOPICS.has(topic)));
    } else if (event === 'catch-up') {
      this.schedule(true);
    } else if (event === 'reconnect') {
      this.stats.toldToReconnect += 1;
      let within = RETRY_MIN_MS;
      try {
        within = (JSON.parse(data.join('\n')) as { withinMs: number }).withinMs;
      } catch {
        // A malformed farewell still means: reconnect.
      }
      this.reopenBetween(request, 0, within);
    }
  }

  /** The stream ended or could not connect: EventSource reconnects by itself after its retry time. */
  private dropped(request: http.ClientRequest): void {
    if (this.stream !== request || this.stopped) return;
    this.stream = null;
    this.reopenTimer ??= setTimeout(() => {
      this.reopenTimer = null;
      this.open();
    }, this.streamRetryMs);
  }

  private reopenBetween(request: http.ClientRequest, minMs: number, maxMs: number): void {
    if (this.stream !== request) return;
    this.closeStream();
    if (this.stopped || this.reopenTimer) return;
    this.reopenTimer = setTimeout(
      () => {
        this.reopenTimer = null;
        this.open();
      },
      sleepRandom(minMs, Math.max(minMs + 1, maxMs)),
    );
  }

  private closeStream(): void {
    const stream = this.stream;
    this.stream = null;
    stream?.destroy();
  }
}

const slowest = (values: number[]) => values.reduce((max, value) => Math.max(max, value), 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** Starts `count` public viewers, each from its own address, arriving over two seconds. */
export function startViewers(context: RehearsalContext, count: number): ViewerFleet {
  const watches = new Map<string, ResultExpectation>();
  const rounds = new Map<number, RoundExpectation>();
  const stats: ViewerStats = {
    reads: 0,
    notModified: 0,
    failedReads: 0,
    followUpReads: 0,
    streamsOpened: 0,
    streamFailures: 0,
    toldToReconnect: 0,
  };
  const viewers: Viewer[] = [];
  const arrivals: NodeJS.Timeout[] = [];
  for (let index = 0; index < count; index += 1) {
    const label = `viewer ${index + 1}`;
    const device = context.http.device(PHASE, label);
    device.close(); // only its address is used: the viewer's own connections are below
    const viewer = new Viewer(context, label, device.address, watches, stats);
    viewers.push(viewer);
    arrivals.push(setTimeout(() => viewer.start(), Math.floor((index / count) * ARRIVAL_MS)));
  }
  context.log(`viewers: ${count} public viewers arriving over ${ARRIVAL_MS / 1000} s`);

  const isRoundSeenByAll = (expectation: RoundExpectation) =>
    viewers.every((viewer) => viewer.shownAt(expectation.round, expectation.boards) !== null);
  const isResultSeenByAll = (watch: ResultExpectation) =>
    viewers.every((viewer) => viewer.resultsShown.has(watch.matchId));

  return {
    expectRound(round, boards, since) {
      rounds.set(round, { round, boards, since });
    },
    expectResult(watch) {
      if (!watches.has(watch.matchId)) watches.set(watch.matchId, { ...watch });
    },
    async settle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const done =
          [...rounds.values()].every(isRoundSeenByAll) && [...watches.values()].every(isResultSeenByAll);
        if (done) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      for (const timer of arrivals) clearTimeout(timer);
      for (const viewer of viewers) viewer.stop();
      for (const expectation of [...rounds.values()].sort((a, b) => a.round - b.round)) {
        const times = viewers.flatMap((viewer) => {
          const at = viewer.shownAt(expectation.round, expectation.boards);
          return at === null ? [] : [Math.max(0, at - expectation.since)];
        });
        const missing = viewers.length - times.length;
        if (missing === 0 && times.length > 0) context.timings.add('pairing → every viewer', slowest(times));
        context.log(
          `viewers: round ${expectation.round} (${expectation.boards} boards) shown by ${times.length}/${viewers.length}` +
            (times.length > 0
              ? ` — median ${Math.round(median(times))} ms, slowest ${Math.round(slowest(times))} ms after its pairing`
              : ''),
        );
      }
      for (const watch of watches.values()) {
        const times = viewers.flatMap((viewer) => {
          const at = viewer.resultsShown.get(watch.matchId);
          return at === undefined ? [] : [Math.max(0, at - watch.since)];
        });
        const missing = viewers.length - times.length;
        if (missing === 0 && times.length > 0) context.timings.add('result → every viewer', slowest(times));
        context.log(
          `viewers: round ${watch.round} board ${watch.board} (${watch.result}) shown by ${times.length}/${viewers.length}` +
            (times.length > 0
              ? ` — median ${Math.round(median(times))} ms, slowest ${Math.round(slowest(times))} ms after its write`
              : ''),
        );
      }
      context.log(
        `viewers: ${stats.reads} reads (${stats.notModified} not modified, ${stats.followUpReads} read again after a change during a read, ${stats.failedReads} failed); ` +
          `${stats.streamsOpened} streams opened, ${stats.streamFailures} refused, ${stats.toldToReconnect} told to reconnect`,
      );
      return viewers.map((viewer) => ({
        label: viewer.label,
        roundsSeen: [...rounds.values()]
          .filter((expectation) => viewer.shownAt(expectation.round, expectation.boards) !== null)
          .map((expectation) => expectation.round)
          .sort((a, b) => a - b),
      }));
    },
  };
}

// --- venue screens ---

export interface ScreenWall {
  /** A round was paired at `since`: each screen's heading should come to read "Round n". */
  expectRound(round: number, since: number): void;
  /** Waits until every screen has shown every expected round, or `timeoutMs` passed. */
  settle(timeoutMs: number): Promise<void>;
  /** Closes the browser; records 'pairing → every screen'; answers each screen's rounds. */
  stop(): Promise<{ label: string; roundsSeen: number[] }[]>;
}

/**
 * Runs in every document the screen loads (a reload keeps reporting): tells the rehearsal, on the page's clock,
 * each round number its heading names for the first time. A string, not a function: tsx would add helpers.
 */
const HEADING_WATCH = `(() => {
  const seen = new Set();
  const check = () => {
    for (const heading of document.querySelectorAll('h1')) {
      const match = /\\bRound (\\d+)\\b/.exec(heading.textContent || '');
      if (match && !seen.has(match[1])) {
        seen.add(match[1]);
        window.__rehearsalRoundShown(Number(match[1]), Date.now());
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/**
 * Adds `count` venue screens through the admin API (rule manageScreens: the arbiter) and opens each in its own
 * context of Debian's Chromium at 1920 × 1080, at /screen/<code> through nginx.
 */
export async function startScreens(context: RehearsalContext, count: number): Promise<ScreenWall> {
  const staff = await context.staff('arbiter');
  const tag = randomUUID().slice(0, 4);
  const screens: { label: string; code: string; shown: Map<number, number> }[] = [];
  for (let index = 1; index <= count; index += 1) {
    const label = `Hall ${String(index).padStart(2, '0')} ${tag}`;
    const answer = await staff.must<{ screen: { code: string | null } }>('POST', '/api/admin/venue-screens', {
      name: label,
      programme: ['pairings-by-name'],
      pageSeconds: 120,
    });
    if (!answer.screen.code) throw new Error(`screen ${label} was created without a code`);
    context.facts.screenCodes.push(answer.screen.code);
    screens.push({ label, code: answer.screen.code, shown: new Map() });
  }
  const rounds = new Map<number, number>();
  let browser: Browser | null = null;
  let crashes = 0;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const screen of screens) {
      const page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
      await page.exposeBinding('__rehearsalRoundShown', (_source, round: number, at: number) => {
        if (!screen.shown.has(round)) screen.shown.set(round, at);
      });
      await page.addInitScript({ content: HEADING_WATCH });
      page.on('crash', () => {
        crashes += 1;
        context.log(`screens: ${screen.label}'s page crashed`);
      });
      const url = new URL(`/screen/${formatScreenCode(screen.code)}`, context.stack.publicUrl);
      const response = await page.goto(url.toString(), { waitUntil: 'domcontentloaded' });
      if (!response?.ok())
        throw new Error(`screens: ${url.pathname} answered ${response?.status() ?? 'nothing'}`);
    }
  } catch (error) {
    await browser?.close();
    throw error;
  }
  context.log(
    `screens: ${count} venue screens open in Chromium (1920 × 1080), through ${context.stack.publicUrl}`,
  );

  const isShownEverywhere = (round: number) => screens.every((screen) => screen.shown.has(round));
  return {
    expectRound(round, since) {
      rounds.set(round, since);
    },
    async settle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && ![...rounds.keys()].every(isShownEverywhere)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await browser?.close();
      for (const [round, since] of [...rounds].sort(([a], [b]) => a - b)) {
        const times = screens.flatMap((screen) => {
          const at = screen.shown.get(round);
          return at === undefined ? [] : [Math.max(0, at - since)];
        });
        if (times.length === screens.length && times.length > 0) {
          context.timings.add('pairing → every screen', slowest(times));
        }
        context.log(
          `screens: round ${round} shown by ${times.length}/${screens.length}` +
            (times.length > 0 ? `, the slowest ${Math.round(slowest(times))} ms after its pairing` : ''),
        );
      }
      if (crashes > 0) context.log(`screens: ${crashes} page crashes`);
      return screens.map((screen) => ({
        label: screen.label,
        roundsSeen: [...rounds.keys()].filter((round) => screen.shown.has(round)).sort((a, b) => a - b),
      }));
    },
  };
}
