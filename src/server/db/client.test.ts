import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database';

/** node-postgres's result shape (Drizzle types `execute` loosely across drivers). */
type Rows<T> = { rows: T[] };

/**
 * A PostgreSQL connection that dies while a request holds it (mid-transaction, as during a server restart)
 * must fail that request only: before the pool gave every client an error listener, node-postgres raised an
 * uncaught 'Connection terminated unexpectedly' and the whole process exited.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the PostgreSQL pool when a connection in use is lost',
  () => {
    let target: TestDatabase;
    beforeAll(async () => {
      target = await createTestDatabase('postgres');
    });
    afterAll(() => target?.drop());

    it('fails the transaction that held it, keeps the process up, and serves the next request', async () => {
      const uncaught: unknown[] = [];
      const record = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', record);
      const { db } = target.database;
      const other = await target.openAnother();
      try {
        const outcome = db
          .transaction(async (tx) => {
            const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{
              pid: number;
            }>;
            const pid = result.rows[0]!.pid;
            await other.db.execute(sql`select pg_terminate_backend(${pid})`);
            // Give the socket's end time to arrive while the client is still checked out.
            await new Promise((resolve) => setTimeout(resolve, 300));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => 'committed',
            () => 'failed',
          );
        expect(await outcome).toBe('failed');
        expect(uncaught).toEqual([]);
        const after = (await db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
        expect(after.rows[0]!.one).toBe(1);
      } finally {
        process.off('uncaughtException', record); // `other` is closed with the test database
      }
    });
  },
);
