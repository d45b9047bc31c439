import type pg from 'pg';

/**
 * Runs one transaction on a client checked out of a node-postgres pool, and gives the client back on every
 * path. Drizzle's own pooled `transaction()` (drizzle-orm 0.45) cannot be trusted with that:
 * - it runs BEGIN before the `try/finally` that releases the client, so a BEGIN that fails (the connection cut
 *   by a PostgreSQL restart between checkout and BEGIN) keeps the client checked out for the life of the
 *   process: the pool loses a slot for good, and `pool.end()` waits for it forever;
 * - it releases a client whose COMMIT or ROLLBACK failed as if it were healthy.
 * Both are reported upstream and still open (drizzle-orm issues 6023, 6241). So the app checks the client out
 * itself and hands `transact` the client, on which Drizzle runs BEGIN…COMMIT without touching the pool.
 *
 * The client goes back to the pool after a commit, or after the work threw and Drizzle's ROLLBACK went through
 * (Drizzle then rethrows the work's own error). After anything else (BEGIN, COMMIT or ROLLBACK failed) the
 * connection's state is unknown, so it is closed (`release(true)`) and the pool opens a fresh one when needed.
 */
export async function pooledTransaction<Tx, T>(
  pool: { connect(): Promise<pg.PoolClient> },
  transact: (client: pg.PoolClient, work: (tx: Tx) => Promise<T>) => Promise<T>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const notThrown = Symbol('the work has not thrown');
  let workError: unknown = notThrown;
  try {
    const result = await transact(client, async (tx) => {
      try {
        return await work(tx);
      } catch (error) {
        workError = error;
        throw error;
      }
    });
    client.release();
    return result;
  } catch (error) {
    const rolledBackCleanly = error === workError;
    client.release(!rolledBackCleanly);
    throw error;
  }
}
