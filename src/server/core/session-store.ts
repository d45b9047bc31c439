import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessionStore } from '../db/schema/accounts';

/** Short-lived records (docs/requirements.md §3 session store): each has a time to live and expires when read after it. */
export async function putRecord(
  db: Db,
  id: string,
  data: unknown,
  ttlSeconds: number,
  now: Date,
): Promise<void> {
  await db
    .insert(sessionStore)
    .values({ id, data, ttlSeconds, timestamp: now })
    .onConflictDoUpdate({ target: sessionStore.id, set: { data, ttlSeconds, timestamp: now } });
}

export async function readRecord(db: Db, id: string, now: Date): Promise<unknown> {
  const [row] = await db.select().from(sessionStore).where(eq(sessionStore.id, id));
  if (!row) return undefined;
  if (row.timestamp.getTime() + row.ttlSeconds * 1000 <= now.getTime()) {
    await db.delete(sessionStore).where(eq(sessionStore.id, id));
    return undefined;
  }
  return row.data;
}
