import { describe, expect, it } from 'vitest';
import { runInWorker } from './worker-thread';

const FIXTURE = new URL('../../../tests/support/server/worker-thread.fixture.ts', import.meta.url);

describe('runInWorker', () => {
  it('runs a TypeScript module in its own thread, relays its progress and resolves with its result', async () => {
    const progress: number[] = [];
    const result = await runInWorker<number, number>(FIXTURE, { upTo: 4, finally: 'answer' }, (n) =>
      progress.push(n),
    );
    expect(result).toBe(10);
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('rejects with the error the module posts', async () => {
    await expect(runInWorker(FIXTURE, { upTo: 1, finally: 'fail' }, () => {})).rejects.toThrow(
      'the fixture was told to fail',
    );
  });

  it('rejects when the thread ends without a result, instead of waiting forever', async () => {
    await expect(runInWorker(FIXTURE, { upTo: 0, finally: 'end' }, () => {})).rejects.toThrow(
      'without a result',
    );
  });
});
