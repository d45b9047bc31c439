import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_CATCH_UP_EVENT_NAME,
  LIVE_EVENT_NAME,
  LIVE_RECONNECT_EVENT_NAME,
  LIVE_SINCE_PARAM,
} from '../../contracts/live';
import { SAFE_CONTROL_SETTING_KEY } from '../../contracts/safe-control';
import {
  HIDDEN_CLOSE_AFTER_MS,
  LIVE_URL,
  MAX_INVALIDATE_DELAY_MS,
  queryKeysForEvent,
  refreshLive,
  subscribeToLiveUpdates,
} from './live-updates';
import { queryKeys } from './query-keys';

/** The invalidation options of a live change: a read under way is not cancelled (refreshLive). */
const NO_CANCEL = { cancelRefetch: false };

class FakeEventSource extends EventTarget {
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.dispatchEvent(
      new MessageEvent(LIVE_EVENT_NAME, { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
}

describe('queryKeysForEvent', () => {
  it('maps a match result to everything it changes', () => {
    const keys = queryKeysForEvent({ topics: ['matches'], settingsKeys: [] });
    expect(keys).toEqual(
      expect.arrayContaining([
        queryKeys.home,
        queryKeys.leaderboard,
        queryKeys.rounds,
        queryKeys.matches,
        queryKeys.players,
        queryKeys.tournament,
      ]),
    );
    expect(keys).not.toContainEqual(queryKeys.announcements);
  });

  it('refreshes the boards and the reporting views for a report, not the standings', () => {
    const keys = queryKeysForEvent({ topics: ['reports'], settingsKeys: [] });
    expect(keys).toEqual(
      expect.arrayContaining([queryKeys.rounds, queryKeys.reportBoardsAll, queryKeys.resultReportQueue]),
    );
    expect(keys).not.toContainEqual(queryKeys.leaderboard);
  });

  it("refreshes the hall's screens for a pairing, a result, a hidden leaderboard and their own switch", () => {
    for (const topics of [['rounds'], ['matches'], ['players'], ['tournament'], ['screens']] as const) {
      expect(queryKeysForEvent({ topics: [...topics], settingsKeys: [] })).toContainEqual(queryKeys.screens);
    }
    expect(queryKeysForEvent({ topics: ['screens'], settingsKeys: [] })).toEqual([
      queryKeys.screens,
      queryKeys.adminScreens,
    ]);
    expect(queryKeysForEvent({ topics: ['settings'], settingsKeys: ['leaderboard_visible'] })).toContainEqual(
      queryKeys.screens,
    );
    expect(
      queryKeysForEvent({ topics: ['settings'], settingsKeys: ['home_page_settings'] }),
    ).not.toContainEqual(queryKeys.screens);
    // A phone's report changes no screen: screens show no "reported" boards.
    expect(queryKeysForEvent({ topics: ['reports'], settingsKeys: [] })).not.toContainEqual(
      queryKeys.screens,
    );
  });

  it('refreshes only the home page and announcements for a new announcement', () => {
    expect(queryKeysForEvent({ topics: ['announcements'], settingsKeys: [] })).toEqual([
      queryKeys.home,
      queryKeys.announcements,
    ]);
  });

  it('touches the leaderboard for settings only when its visibility may have changed', () => {
    expect(
      queryKeysForEvent({ topics: ['settings'], settingsKeys: ['home_page_settings'] }),
    ).not.toContainEqual(queryKeys.leaderboard);
    expect(queryKeysForEvent({ topics: ['settings'], settingsKeys: ['leaderboard_visible'] })).toContainEqual(
      queryKeys.leaderboard,
    );
    expect(queryKeysForEvent({ topics: ['settings'], settingsKeys: [] })).toContainEqual(
      queryKeys.leaderboard,
    );
  });

  it('refreshes the current broadcasts and the admin history for a broadcast, and nothing else', () => {
    expect(queryKeysForEvent({ topics: ['broadcasts'], settingsKeys: [] })).toEqual([
      queryKeys.broadcasts,
      queryKeys.adminBroadcasts,
    ]);
    // Prefixes: every viewer's current broadcasts are refetched.
    expect(queryKeys.currentBroadcasts('anonymous').slice(0, 1)).toEqual([...queryKeys.broadcasts]);
  });

  it('refreshes the site status and the safe-control page when the switches may have changed', () => {
    const safeControl = queryKeysForEvent({ topics: ['settings'], settingsKeys: [SAFE_CONTROL_SETTING_KEY] });
    expect(safeControl).toEqual(
      expect.arrayContaining([queryKeys.siteStatus, queryKeys.adminSafeControl, queryKeys.leaderboard]),
    );
    expect(queryKeysForEvent({ topics: ['settings'], settingsKeys: [] })).toEqual(
      expect.arrayContaining([queryKeys.siteStatus, queryKeys.adminSafeControl]),
    );
    const other = queryKeysForEvent({ topics: ['settings'], settingsKeys: ['home_page_settings'] });
    expect(other).not.toContainEqual(queryKeys.siteStatus);
    expect(other).not.toContainEqual(queryKeys.adminSafeControl);
    expect(queryKeysForEvent({ topics: ['matches'], settingsKeys: [] })).not.toContainEqual(
      queryKeys.siteStatus,
    );
  });

  it('refreshes every team-tasks view for a task change and for a registration or payment, and nothing public', () => {
    for (const topic of ['crm', 'registrations'] as const) {
      const keys = queryKeysForEvent({ topics: [topic], settingsKeys: [] });
      expect(keys).toEqual([queryKeys.crm]);
    }
    // Prefixes: the overview, the board, a task, a school and the templates all sit under the one key.
    for (const key of [
      queryKeys.crmOverview,
      queryKeys.crmBoard,
      queryKeys.crmTask(7),
      queryKeys.crmSchool('school-1'),
      queryKeys.crmTemplates,
    ]) {
      expect(key.slice(0, queryKeys.crm.length)).toEqual([...queryKeys.crm]);
    }
    expect(queryKeysForEvent({ topics: ['matches'], settingsKeys: [] })).not.toContainEqual(queryKeys.crm);
  });

  it('lists each key once when topics overlap', () => {
    const keys = queryKeysForEvent({ topics: ['matches', 'rounds', 'players'], settingsKeys: [] });
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });
});

describe('refreshLive', () => {
  /** A watched query whose reads each wait until the test lets them answer, in order. */
  function slowQuery() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((value: number) => void)[] = [];
    const aborted: number[] = [];
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['round'],
      queryFn: ({ signal }) => {
        const read = ++reads;
        signal.addEventListener('abort', () => aborted.push(read));
        return new Promise<number>((resolve) => answers.push(resolve));
      },
    });
    const stop = observer.subscribe(() => undefined);
    const answer = async (value: number) => {
      answers.shift()!(value);
      await vi.waitFor(() => expect(client.isFetching({ queryKey: ['round'] })).toBeGreaterThanOrEqual(0));
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { client, answer, aborted, reads: () => reads, data: () => client.getQueryData(['round']), stop };
  }

  it('lets a read under way finish during a burst of changes, then reads once more', async () => {
    const query = slowQuery();
    expect(query.reads()).toBe(1);
    // Three changes arrive while the first read is under way: none cancels it.
    const refreshes = [1, 2, 3].map(() => refreshLive(query.client, ['round']));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(query.aborted).toEqual([]);
    expect(query.reads()).toBe(1);
    await query.answer(10);
    expect(query.data()).toBe(10);
    // It may have started before the changes: exactly one more read follows, for all three.
    await vi.waitFor(() => expect(query.reads()).toBe(2));
    await query.answer(20);
    await Promise.all(refreshes);
    expect(query.data()).toBe(20);
    expect(query.reads()).toBe(2);
    expect(query.aborted).toEqual([]);
    query.stop();
  });

  it('reads at once when no read is under way', async () => {
    const query = slowQuery();
    await query.answer(1);
    const refreshed = refreshLive(query.client, ['round']);
    await vi.waitFor(() => expect(query.reads()).toBe(2));
    await query.answer(2);
    await refreshed;
    expect(query.data()).toBe(2);
    expect(query.reads()).toBe(2);
    query.stop();
  });
});

describe('subscribeToLiveUpdates', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("asks what changed since a drawn page's data was read, and catches up when told to", () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const sources: FakeEventSource[] = [];
    const onEvent = vi.fn();
    const stop = subscribeToLiveUpdates(client, {
      since: 1_700_000_000_000,
      random: () => 0,
      onEvent,
      createEventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
    });
    expect(sources[0]?.url).toBe(`${LIVE_URL}?${LIVE_SINCE_PARAM}=1700000000000`);
    sources[0]?.dispatchEvent(new MessageEvent(LIVE_CATCH_UP_EVENT_NAME, { data: '{}' }));
    vi.runAllTimers();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.leaderboard }, NO_CANCEL);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.home }, NO_CANCEL);
    // Banners and broadcasts too: a switch or a broadcast may have changed before the stream opened.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.siteStatus }, NO_CANCEL);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.broadcasts }, NO_CANCEL);
    // Catching up is no news: no toast of its own.
    expect(onEvent).not.toHaveBeenCalled();
    // A stream opened again after a farewell asks nothing: it refetches everything anyway.
    sources[0]?.dispatchEvent(new Event('open'));
    sources[0]?.dispatchEvent(new MessageEvent(LIVE_RECONNECT_EVENT_NAME, { data: '{"withinMs":0}' }));
    vi.runAllTimers();
    expect(sources[1]?.url).toBe(LIVE_URL);
    stop();
  });

  it("refetches the CRM board within the delay when another staff member moves a card ('crm' topic)", () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    let source: FakeEventSource | undefined;
    const stop = subscribeToLiveUpdates(client, {
      random: () => 0.99,
      onRoundChange: () => {},
      createEventSource: (url) => {
        source = new FakeEventSource(url);
        return source as unknown as EventSource;
      },
    });
    source?.emit({ topics: ['crm'], settingsKeys: [] });
    source?.emit({ topics: ['registrations'], settingsKeys: [] });
    vi.advanceTimersByTime(MAX_INVALIDATE_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.crm }, NO_CANCEL);
    stop();
  });

  it('fetches changed data only once the drawn page has taken over its waiting parts (beforeRefresh)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    let source: FakeEventSource | undefined;
    let partsTakenOver: () => void = () => {};
    const stop = subscribeToLiveUpdates(client, {
      random: () => 0,
      onRoundChange: () => {},
      beforeRefresh: () =>
        new Promise<void>((resolve) => {
          partsTakenOver = resolve;
        }),
      createEventSource: (url) => {
        source = new FakeEventSource(url);
        return source as unknown as EventSource;
      },
    });
    source?.emit({ topics: ['crm'], settingsKeys: [] });
    await vi.advanceTimersByTimeAsync(MAX_INVALIDATE_DELAY_MS);
    expect(invalidate).not.toHaveBeenCalled();
    partsTakenOver();
    await vi.advanceTimersByTimeAsync(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.crm }, NO_CANCEL);
    stop();
  });

  it('invalidates after a random delay of at most 400 ms, merging events that arrive meanwhile', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    let source: FakeEventSource | undefined;
    const onEvent = vi.fn();
    const stop = subscribeToLiveUpdates(client, {
      random: () => 0.5,
      onEvent,
      createEventSource: (url) => {
        source = new FakeEventSource(url);
        return source as unknown as EventSource;
      },
    });
    expect(source?.url).toBe(LIVE_URL);

    source?.emit({ topics: ['announcements'], settingsKeys: [] });
    source?.emit({ topics: ['settings'], settingsKeys: ['home_page_settings'] });
    source?.emit('not json');
    source?.emit({ topics: ['unknown-topic'], settingsKeys: [] });
    expect(onEvent).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(MAX_INVALIDATE_DELAY_MS / 2 - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    const invalidated = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(invalidated).toEqual([queryKeys.home, queryKeys.announcements, queryKeys.settings]);

    stop();
    expect(source?.closed).toBe(true);
  });
});

describe('reconnecting the live stream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  class ClosableFakeEventSource extends FakeEventSource {
    readyState = 1;
    say(name: string, data: unknown) {
      this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
    }
    fail(readyState: number) {
      this.readyState = readyState;
      this.dispatchEvent(new Event('error'));
    }
  }

  /** A page whose visibility the test sets. */
  class FakePage extends EventTarget {
    visibilityState: DocumentVisibilityState = 'visible';
    show(state: DocumentVisibilityState) {
      this.visibilityState = state;
      this.dispatchEvent(new Event('visibilitychange'));
    }
  }

  function subscribe(page = new FakePage()) {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', ClosableFakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const sources: ClosableFakeEventSource[] = [];
    const stop = subscribeToLiveUpdates(client, {
      visibility: page,
      random: () => 0.5,
      createEventSource: (url) => {
        const source = new ClosableFakeEventSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
    });
    const invalidated = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    return { sources, stop, invalidated, invalidate };
  }

  it('reopens the stream within the time a shutting-down server names, then refetches everything', () => {
    const { sources, stop, invalidated } = subscribe();
    sources[0]?.dispatchEvent(new Event('open'));
    sources[0]?.say(LIVE_RECONNECT_EVENT_NAME, { withinMs: 3_000 });
    expect(sources[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_499);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    expect(sources[1]?.url).toBe(LIVE_URL);

    // The first open of a stream refetches nothing; a reopened one refetches all the public data.
    sources[1]?.dispatchEvent(new Event('open'));
    vi.advanceTimersByTime(MAX_INVALIDATE_DELAY_MS);
    expect(invalidated()).toEqual(
      expect.arrayContaining(
        [queryKeys.home, queryKeys.leaderboard, queryKeys.rounds, queryKeys.announcements].map((key) =>
          JSON.stringify(key),
        ),
      ),
    );
    stop();
    expect(sources[1]?.closed).toBe(true);
  });

  it('reopens a stream the browser gave up on (an error status) with a growing pause, not one it retries itself', () => {
    const { sources, stop } = subscribe();
    sources[0]?.fail(0); // CONNECTING: the browser retries by itself
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);

    sources[0]?.fail(2); // CLOSED: e.g. a 503 while the server restarts
    vi.advanceTimersByTime(749);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1]?.fail(2);
    vi.advanceTimersByTime(1_499);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    stop();
    sources[2]?.fail(2);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(3);
  });

  it('gives the stream up in a tab hidden for a while, and opens it again (refetching) when the tab is shown', () => {
    const page = new FakePage();
    const { sources, stop, invalidated } = subscribe(page);
    sources[0]?.dispatchEvent(new Event('open'));
    // Hidden briefly (switching tabs): the stream stays.
    page.show('hidden');
    vi.advanceTimersByTime(HIDDEN_CLOSE_AFTER_MS - 1);
    page.show('visible');
    vi.advanceTimersByTime(HIDDEN_CLOSE_AFTER_MS);
    expect(sources[0]?.closed).toBe(false);
    // Hidden long enough: the connection is given back.
    page.show('hidden');
    vi.advanceTimersByTime(HIDDEN_CLOSE_AFTER_MS);
    expect(sources[0]?.closed).toBe(true);
    expect(sources).toHaveLength(1);
    // Looked at again: a new stream, and what the tab shows is read again.
    page.show('visible');
    expect(sources).toHaveLength(2);
    sources[1]?.dispatchEvent(new Event('open'));
    vi.advanceTimersByTime(MAX_INVALIDATE_DELAY_MS);
    expect(invalidated()).toContain(JSON.stringify(queryKeys.broadcasts));
    stop();
    page.show('hidden');
    page.show('visible');
    expect(sources).toHaveLength(2);
  });
});
