import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contracts/live';
import type { Database } from '../db/client';
import { ChangeFeed } from './change-feed';

/** A feed listening to a stand-in channel: `notify` plays the database's NOTIFY of a changed table. */
async function feedWith(options: { coalesceMs: number; lazyMs: number }) {
  let deliver: (payload: string) => void = () => {};
  const database = {
    listen: async (_channel: string, onMessage: (payload: string) => void) => {
      deliver = onMessage;
      return async () => {};
    },
  } as Pick<Database, 'listen'> as Database;
  const feed = new ChangeFeed(pino({ level: 'silent' }), options.coalesceMs, Date.now, options.lazyMs);
  await feed.start(database);
  const heard: { event: LiveEvent; at: number }[] = [];
  const started = performance.now();
  feed.subscribe((event) => heard.push({ event, at: performance.now() - started }));
  return { feed, heard, notify: (table: string) => deliver(JSON.stringify({ table })) };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the change feed', () => {
  it('merges a burst of changes into one event', async () => {
    const { feed, heard, notify } = await feedWith({ coalesceMs: 10, lazyMs: 200 });
    notify('matches');
    notify('players');
    notify('matches');
    await wait(60);
    expect(heard.map(({ event }) => event.topics)).toEqual([['matches', 'players']]);
    await feed.stop();
  });

  it("lets a phone's report wait for the next change, or its own short while (ADR 040)", async () => {
    const { feed, heard, notify } = await feedWith({ coalesceMs: 10, lazyMs: 150 });
    notify('result_reports');
    await wait(60);
    // Not yet: a report alone waits, so the round's 350 reports do not each send every phone to read again.
    expect(heard).toEqual([]);
    notify('matches');
    await wait(40);
    // A result goes out at once and takes the waiting report with it.
    expect(heard.map(({ event }) => event.topics)).toEqual([['matches', 'reports']]);
    notify('result_reports');
    await wait(250);
    expect(heard.map(({ event }) => event.topics)).toEqual([['matches', 'reports'], ['reports']]);
    expect(heard[1]!.at).toBeGreaterThanOrEqual(60 + 40 + 140);
    await feed.stop();
  });
});
