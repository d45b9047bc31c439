import { describe, expect, it } from 'vitest';
import {
  DISMISSED_BROADCASTS_KEY,
  dismissBroadcast,
  MAX_DISMISSED,
  parseDismissed,
  readDismissed,
} from './dismissed-notices';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('dismissed broadcasts', () => {
  it('remembers closed ids once each, newest last, and reads them back', () => {
    const storage = memoryStorage();
    expect(readDismissed(storage)).toEqual([]);
    dismissBroadcast(3, storage);
    dismissBroadcast(7, storage);
    expect(dismissBroadcast(3, storage)).toEqual([7, 3]);
    expect(readDismissed(storage)).toEqual([7, 3]);
    expect(storage.values.get(DISMISSED_BROADCASTS_KEY)).toBe('[7,3]');
  });

  it(`keeps only the last ${MAX_DISMISSED}`, () => {
    const storage = memoryStorage();
    for (let id = 1; id <= MAX_DISMISSED + 5; id += 1) dismissBroadcast(id, storage);
    const ids = readDismissed(storage);
    expect(ids).toHaveLength(MAX_DISMISSED);
    expect(ids[0]).toBe(6);
    expect(ids.at(-1)).toBe(MAX_DISMISSED + 5);
  });

  it('ignores anything malformed, and survives storage that refuses', () => {
    expect(parseDismissed('not json')).toEqual([]);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('[1,"2",3.5,4]')).toEqual([1, 4]);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readDismissed(refusing)).toEqual([]);
    expect(dismissBroadcast(9, refusing)).toEqual([9]);
    expect(readDismissed(null)).toEqual([]);
  });
});
