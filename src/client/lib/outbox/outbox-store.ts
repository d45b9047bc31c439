import type { OutboxEntry } from './outbox-core';

/** Where the outbox keeps its actions: IndexedDB on a device, memory where IndexedDB is missing. */
export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(id: string): Promise<void>;
}

const DB_NAME = 'chess-outbox';
const STORE = 'actions';

/**
 * The device's store: one IndexedDB object store keyed by client id, so the actions outlive a closed tab, a
 * reload or a flat battery. `idb` is loaded only when the outbox is first used (it is not on the public pages).
 */
export async function openIndexedDbStore(): Promise<OutboxStore> {
  const { openDB } = await import('idb');
  const db = await openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'id' });
    },
  });
  return {
    all: () => db.getAll(STORE) as Promise<OutboxEntry[]>,
    put: async (entry) => {
      await db.put(STORE, entry);
    },
    delete: (id) => db.delete(STORE, id),
  };
}

/** Actions kept in memory only (no IndexedDB, e.g. some private windows, and the unit tests). */
export function memoryStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  return {
    all: async () => [...entries.values()],
    put: async (entry) => {
      entries.set(entry.id, structuredClone(entry));
    },
    delete: async (id) => {
      entries.delete(id);
    },
  };
}
