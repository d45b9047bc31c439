/**
 * Small helpers the rehearsal's phases share: a seeded random source (the same run plays the same day), a pool
 * that runs work a few at a time (as a hall of devices would, without a thousand sockets at once), waiting, and
 * reading the mail outbox (the stand-in for the guardians' and teachers' mailboxes: the apps run without SMTP).
 */
import type pg from 'pg';
import { percentile } from '../checks';

export { seededRandom } from '../../../src/domain/random';
export { waitFor } from '../../../tests/support/deployment-stack';

/** How the audit entries of the ledger and of the end state say how often an action was logged. */
export function loggedTimes(n: number): string {
  return n === 1 ? 'logged once' : `logged ${n} times`;
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Runs `work` over `items`, at most `width` at once; the first error stops the pool and is thrown. */
export async function inPool<T>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  text: string;
}

/** Mails in the outbox after `afterId`, oldest first (the `mail_outbox` table: no API lists it). */
export async function mailsSince(db: pg.Client, afterId: number): Promise<OutboxMail[]> {
  const { rows } = await db.query<{ id: string; recipient: string; subject: string; text: string }>(
    'select id, recipient, subject, text from mail_outbox where id > $1 order by id',
    [afterId],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The newest outbox mail's id (0 when empty): read before an action, so only its mails are looked at. */
export async function lastMailId(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ id: string | null }>('select max(id) as id from mail_outbox');
  return Number(rows[0]?.id ?? 0);
}

/** The median and 95th percentile of samples, for a log line (the report's own nearest-rank percentile). */
export function summarise(samples: readonly number[]): string {
  const at = (q: number) => percentile(samples, q)?.toFixed(0);
  if (samples.length === 0) return 'no samples';
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (n=${samples.length})`;
}
