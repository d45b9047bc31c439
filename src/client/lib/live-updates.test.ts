import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT_NAME } from '../../contracts/live';
import { LIVE_URL, MAX_INVALIDATE_DELAY_MS, queryKeysForEvent, subscribeToLiveUpdates } from './live-updates';
import { queryKeys } from './query-keys';

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

  it('lists each key once when topics overlap', () => {
    const keys = queryKeysForEvent({ topics: ['matches', 'rounds', 'players'], settingsKeys: [] });
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });
});

describe('subscribeToLiveUpdates', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
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
