import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseTargets,
  type TestDatabase,
} from '../../../tests/support/server/test-database';
import type { Database } from '../db/client';
import { RateCounter } from './rate-counter';

const LIMIT = { limit: 10, windowMs: 60_000 };

describe.each(databaseTargets)('the shared rate counter on %s', (target) => {
  let testDatabase: TestDatabase;
  let other: Database;
  let clock = Date.parse('2025-11-22T12:00:00Z');
  // Two counters, as two server processes would have; on PostgreSQL each with its own connection pool.
  let first: RateCounter;
  let second: RateCounter;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target);
    other = target === 'postgres' ? await testDatabase.openAnother() : testDatabase.database;
    first = new RateCounter(testDatabase.database.db, () => clock);
    second = new RateCounter(other.db, () => clock);
  });
  afterAll(async () => testDatabase?.drop());

  it('grants exactly the limit to a concurrent burst spread over two processes, and counts no refusal', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? first : second).reserve('burst', 'k', LIMIT)),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(10);
    const refused = outcomes.find((outcome) => !outcome.ok);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 60 });
    // Giving one back lets exactly one more through: the 50 refusals were not counted.
    await second.release('burst', 'k');
    expect((await first.reserve('burst', 'k', LIMIT)).ok).toBe(true);
    expect((await first.reserve('burst', 'k', LIMIT)).ok).toBe(false);
  });

  it('keeps scopes and keys apart', async () => {
    for (let i = 0; i < 10; i += 1) await first.reserve('apart', 'a', LIMIT);
    expect((await first.reserve('apart', 'a', LIMIT)).ok).toBe(false);
    expect((await first.reserve('apart', 'b', LIMIT)).ok).toBe(true);
    expect((await first.reserve('elsewhere', 'a', LIMIT)).ok).toBe(true);
  });

  it('starts again when the window has passed, and says how long is left until then', async () => {
    for (let i = 0; i < 10; i += 1) await first.reserve('window', 'k', LIMIT);
    clock += 45_000;
    expect(await second.reserve('window', 'k', LIMIT)).toEqual({ ok: false, retryAfterSeconds: 15 });
    clock += 15_000;
    expect(await second.reserve('window', 'k', LIMIT)).toEqual({ ok: true, count: 1 });
    // Releasing more than was reserved never makes room beyond the limit.
    await first.release('window', 'k');
    await first.release('window', 'k');
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => first.reserve('window', 'k', LIMIT)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(10);
  });
});
