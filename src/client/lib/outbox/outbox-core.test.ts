import { describe, expect, it } from 'vitest';
import { Outbox, summarize } from './outbox';
import {
  afterSend,
  dueEntries,
  MAX_RETRY_MS,
  nextDueAt,
  type OutboxEntry,
  outcomeOfStatus,
  planEnqueue,
  retryDelay,
  summarizeOutbox,
} from './outbox-core';
import { memoryStore } from './outbox-store';

const entry = (seq: number, patch: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: `id-${seq}`,
  kind: 'checkin.check-in',
  key: `player-${seq}`,
  payload: { playerId: `p${seq}` },
  madeAt: '2026-11-22T09:00:00.000Z',
  seq,
  attempts: 0,
  notBefore: 0,
  state: 'waiting',
  ...patch,
});

describe('the outbox rules', () => {
  it('retries lost answers and server faults, keeps refusals for the user, and marks only real conflicts', () => {
    expect(outcomeOfStatus(200, '')).toEqual({ kind: 'sent' });
    for (const status of [0, 500, 502, 503, 408, 429])
      expect(outcomeOfStatus(status, 'x').kind).toBe('retry');
    expect(outcomeOfStatus(403, 'Forbidden')).toEqual({ kind: 'failed', message: 'Forbidden' });
    expect(outcomeOfStatus(409, 'Check-in is closed')).toEqual({
      kind: 'failed',
      message: 'Check-in is closed',
    });
    expect(outcomeOfStatus(409, 'Board 3 changed', { isConflict: true, current: { board: 3 } })).toEqual({
      kind: 'conflict',
      message: 'Board 3 changed',
      current: { board: 3 },
    });
  });

  it('waits 2 s, 4 s, 8 s … at most a minute between tries, spread by the jitter', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 0.5))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(30, 0.5)).toBe(MAX_RETRY_MS);
    expect(retryDelay(1, 0)).toBe(1_500);
    expect(retryDelay(1, 1)).toBe(2_500);
  });

  it('sends waiting actions in the order they were made, once their wait is over', () => {
    const entries = [entry(3), entry(1, { notBefore: 5_000 }), entry(2), entry(4, { state: 'failed' })];
    expect(dueEntries(entries, 1_000).map((e) => e.seq)).toEqual([2, 3]);
    expect(dueEntries(entries, 5_000).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(nextDueAt([entry(1, { notBefore: 5_000 }), entry(2, { notBefore: 7_000 })])).toBe(5_000);
    expect(nextDueAt([entry(1, { state: 'conflict' })])).toBeNull();
  });

  it('drops a sent action, delays a retried one, and keeps a refused or conflicting one with its message', () => {
    expect(afterSend(entry(1), { kind: 'sent' }, 0, 0.5)).toBeNull();
    expect(afterSend(entry(1), { kind: 'retry' }, 10_000, 0.5)).toMatchObject({
      attempts: 1,
      notBefore: 12_000,
    });
    expect(afterSend(entry(1), { kind: 'failed', message: 'Player not found' }, 0, 0.5)).toMatchObject({
      state: 'failed',
      message: 'Player not found',
    });
    expect(
      afterSend(entry(1), { kind: 'conflict', message: 'changed', current: { result: 'black' } }, 0, 0.5),
    ).toMatchObject({ state: 'conflict', current: { result: 'black' } });
  });

  it('replaces a waiting change of the same thing, merging the payloads', () => {
    const older = entry(1, { key: 'match-7', payload: { result: 'white', expected: null } });
    const newer = entry(2, { key: 'match-7', payload: { result: 'black', expected: 'white' } });
    const merged = planEnqueue([older], newer, (a, b) => ({
      ...(b as object),
      expected: (a as { expected: unknown }).expected,
    }));
    expect(merged.replaces).toEqual(['id-1']);
    expect(merged.entry.payload).toEqual({ result: 'black', expected: null });
    // A conflict waiting for the arbiter is not replaced silently.
    expect(planEnqueue([{ ...older, state: 'conflict' }], newer).replaces).toEqual([]);
  });

  it('says "offline — 7 changes waiting", "offline — 1 change waiting" and "all saved"', () => {
    const seven = Array.from({ length: 7 }, (_, i) => entry(i + 1));
    expect(summarizeOutbox(seven, false).text).toBe('offline — 7 changes waiting');
    expect(summarizeOutbox([entry(1)], false).text).toBe('offline — 1 change waiting');
    expect(summarizeOutbox([], false).text).toBe('offline — 0 changes waiting');
    expect(summarizeOutbox([entry(1), entry(2)], true).text).toBe('saving — 2 changes waiting');
    expect(summarizeOutbox([entry(1, { state: 'failed' })], true)).toMatchObject({
      text: 'all saved',
      waiting: 0,
    });
  });
});

describe('the outbox', () => {
  const setup = (isOnline: { value: boolean }) => {
    let time = 1_000;
    let n = 0;
    const store = memoryStore();
    const outbox = new Outbox(async () => store, {
      now: () => time,
      random: () => 0.5,
      newId: () => `client-${++n}`,
      isOnline: () => isOnline.value,
    });
    return { outbox, store, advance: (ms: number) => (time += ms) };
  };

  it('keeps actions made offline in the store and sends each once, in order, when the connection is back', async () => {
    const online = { value: false };
    const { outbox, store } = setup(online);
    const sent: { payload: unknown; clientId: string }[] = [];
    outbox.registerSender('checkin.check-in', {
      send: async (payload, meta) => {
        sent.push({ payload, clientId: meta.clientId });
        return { kind: 'sent' };
      },
    });
    for (const player of ['a', 'b', 'c']) await outbox.enqueue('checkin.check-in', player, { player });
    expect(sent).toEqual([]);
    expect(await store.all()).toHaveLength(3);
    expect(summarize(outbox.getSnapshot()).text).toBe('offline — 3 changes waiting');
    online.value = true;
    outbox.connectionChanged();
    await outbox.flush();
    expect(sent.map((s) => s.clientId)).toEqual(['client-1', 'client-2', 'client-3']);
    expect(await store.all()).toEqual([]);
    expect(summarize(outbox.getSnapshot()).text).toBe('all saved');
  });

  it('keeps an action after no answer and sends it again after the wait; keeps a refusal until discarded', async () => {
    const online = { value: true };
    const { outbox, store, advance } = setup(online);
    const answers: ('retry' | 'sent' | 'failed')[] = ['retry', 'sent', 'failed'];
    outbox.registerSender('k', {
      send: async () => {
        const next = answers.shift()!;
        return next === 'failed' ? { kind: 'failed', message: 'Player not found' } : { kind: next };
      },
    });
    await outbox.enqueue('k', 'x', {});
    await outbox.flush();
    expect(summarize(outbox.getSnapshot())).toMatchObject({ waiting: 1, tone: 'offline' });
    advance(3_000);
    await outbox.flush();
    expect(await store.all()).toEqual([]);
    await outbox.enqueue('k', 'y', {});
    await outbox.flush();
    const [refused] = await store.all();
    expect(refused).toMatchObject({ state: 'failed', message: 'Player not found' });
    expect(summarize(outbox.getSnapshot()).failed).toHaveLength(1);
    await outbox.discard(refused!.id);
    expect(await store.all()).toEqual([]);
  });
});
