import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database';
import { pooledTransaction } from './pooled-transaction';

type Tx = Parameters<Parameters<ReturnType<typeof drizzle>['transaction']>[0]>[0];

/**
 * A PostgreSQL restart can cut a connection between the pool handing it out and the transaction's BEGIN.
 * With Drizzle's own pooled transaction that client was never given back: a one-connection pool then hung on
 * the next request, and closing the app waited forever (the restart test's teardown timed out in CI).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a transaction on a pooled PostgreSQL client', () => {
  let target: TestDatabase;
  let pool: pg.Pool;
  const transact = (client: pg.PoolClient, work: (tx: Tx) => Promise<number>) =>
    drizzle({ client }).transaction(work);
  const countInTable = async () =>
    Number((await pool.query('select count(*) as n from pooled_transaction_probe')).rows[0].n);

  beforeAll(async () => {
    target = await createTestDatabase('postgres');
    // One connection, as a pool under load has none spare: a leaked client makes the next checkout wait.
    pool = new pg.Pool({ connectionString: target.url ?? undefined, max: 1, connectionTimeoutMillis: 3_000 });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    await pool.query('create table pooled_transaction_probe (n int)');
  });
  afterAll(async () => {
    await pool?.end();
    await target?.drop();
  });

  it('gives the client back when BEGIN fails on a connection cut after checkout, and serves the next one', async () => {
    const cutAfterCheckout = {
      connect: async () => {
        const client = await pool.connect();
        await client.query('select pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
        return client;
      },
    };
    let workRan = false;
    await expect(
      pooledTransaction(cutAfterCheckout, transact, async () => {
        workRan = true;
        return 1;
      }),
    ).rejects.toThrow();
    expect(workRan).toBe(false);
    expect(pool.totalCount, 'the dead client is closed, not kept checked out').toBe(0);

    const written = await pooledTransaction(pool, transact, async (tx) => {
      await tx.execute(sql`insert into pooled_transaction_probe values (1)`);
      return 1;
    });
    expect(written).toBe(1);
    expect(await countInTable()).toBe(1);
  });

  it('rolls back work that throws and keeps its healthy client for the next transaction', async () => {
    const before = await countInTable();
    const pid = async (tx: Tx) =>
      ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
        .rows[0]?.pid ?? 0;
    let firstPid = 0;
    await expect(
      pooledTransaction(pool, transact, async (tx) => {
        firstPid = await pid(tx);
        await tx.execute(sql`insert into pooled_transaction_probe values (2)`);
        throw new Error('the work refused');
      }),
    ).rejects.toThrow('the work refused');
    expect(await countInTable()).toBe(before);
    const secondPid = await pooledTransaction(pool, transact, pid);
    expect(secondPid).toBe(firstPid);
  });
});
