import { and, eq, lt } from 'drizzle-orm';
import { OUTBOX_MESSAGES } from '../../contracts/client-actions';
import type { Db } from '../db/client';
import { clientActions } from '../db/schema/client-actions';
import { HttpError } from './errors';

/** One action as a device sent it: who, the device's id for it, what it is and what it is done to. */
export interface ClientAction {
  userId: string;
  clientId: string;
  /** e.g. 'checkin.check-in'; a client id sent again for another kind or target is refused (422). */
  kind: string;
  target: string;
  madeAt: Date | null;
}

/** A route's answer: its status and body. Only a success is stored; a refusal may be retried later. */
export interface ActionAnswer<T> {
  statusCode: number;
  body: T;
}

class NotStored<T> {
  constructor(readonly answer: ActionAnswer<T>) {}
}

/**
 * Runs `work` once per (user, client id) (ADR 032). The first arrival claims the id by inserting its row and does
 * the work in the same transaction, storing the answer with it; a repeat — a replay after a lost answer, a
 * second tab sending the same outbox — gets the stored answer and changes nothing. Two copies arriving at once
 * cannot both do the work: the primary key makes the second insert wait for the first transaction, then find
 * its row. A refusal (4xx, or an error thrown by `work`) rolls the claim back, so the same id may be sent again
 * once the cause is gone (check-in opened, a conflict resolved). Without a client id, `work` simply runs.
 */
export async function runClientActionOnce<T>(
  db: Db,
  action: ClientAction | null,
  receivedAt: Date,
  work: (db: Db) => Promise<ActionAnswer<T>>,
): Promise<ActionAnswer<T> & { isReplay: boolean }> {
  if (!action) return { ...(await work(db)), isReplay: false };
  const key = and(eq(clientActions.userId, action.userId), eq(clientActions.clientId, action.clientId));
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(clientActions)
        .values({ ...action, statusCode: 0, response: {}, receivedAt })
        .onConflictDoNothing()
        .returning({ clientId: clientActions.clientId });
      if (claimed.length === 0) {
        const [stored] = await tx.select().from(clientActions).where(key);
        if (!stored || stored.kind !== action.kind || stored.target !== action.target) {
          throw new HttpError(422, OUTBOX_MESSAGES.reused);
        }
        return { statusCode: stored.statusCode, body: stored.response as T, isReplay: true };
      }
      const answer = await work(tx);
      if (answer.statusCode >= 300) throw new NotStored(answer);
      await tx
        .update(clientActions)
        .set({ statusCode: answer.statusCode, response: answer.body as object })
        .where(key);
      await purgeNowAndThen(tx, receivedAt);
      return { ...answer, isReplay: false };
    });
  } catch (error) {
    if (error instanceof NotStored) return { ...(error.answer as ActionAnswer<T>), isReplay: false };
    throw error;
  }
}

/**
 * `runClientActionOnce` for work that answers 200 or throws its refusal (check-in, the kiosk): the body, or the
 * stored body on a repeat. `work` gets the transaction and the time the device made the action (null without).
 */
export async function doClientActionOnce<T>(
  db: Db,
  action: ClientAction | null,
  receivedAt: Date,
  work: (db: Db, madeAt: Date | null) => Promise<T>,
): Promise<T> {
  const answer = await runClientActionOnce(db, action, receivedAt, async (tx) => ({
    statusCode: 200,
    body: await work(tx, action?.madeAt ?? null),
  }));
  return answer.body;
}

/** How long a stored answer is kept: far longer than any device stays offline on a tournament day. */
export const CLIENT_ACTION_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

const PURGE_EVERY_MS = 60 * 60 * 1000;
let lastPurge = 0;

/** At most once an hour per process, the first new action also clears the expired answers. */
async function purgeNowAndThen(db: Db, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - lastPurge) < PURGE_EVERY_MS) return;
  lastPurge = now.getTime();
  await purgeClientActions(db, now);
}

/** Deletes stored answers older than the retention (a row is only needed while its device may replay it). */
export async function purgeClientActions(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(clientActions)
    .where(lt(clientActions.receivedAt, new Date(now.getTime() - CLIENT_ACTION_RETENTION_MS)))
    .returning({ clientId: clientActions.clientId });
  return deleted.length;
}

/** The client action a request body names, or null when it names none (a plain, online request). */
export function clientActionOf(
  userId: string,
  body: { clientId?: string | undefined; madeAt?: string | undefined } | null | undefined,
  kind: string,
  target: string,
): ClientAction | null {
  if (!body?.clientId) return null;
  const madeAt = body.madeAt ? new Date(body.madeAt) : null;
  return {
    userId,
    clientId: body.clientId,
    kind,
    target,
    madeAt: madeAt && !Number.isNaN(madeAt.getTime()) ? madeAt : null,
  };
}
