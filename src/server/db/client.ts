import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import { pooledTransaction } from './pooled-transaction';
import * as accounts from './schema/accounts';
import * as auth from './schema/auth';
import * as clientActions from './schema/client-actions';
import * as crm from './schema/crm';
import * as follows from './schema/follows';
import * as mail from './schema/mail';
import * as registrations from './schema/registrations';
import * as resultReports from './schema/result-reports';
import * as schools from './schema/schools';
import * as settings from './schema/settings';
import * as sharedState from './schema/shared-state';
import * as tournaments from './schema/tournaments';
import * as tracking from './schema/tracking';

export const schema = {
  ...auth,
  ...mail,
  ...tournaments,
  ...accounts,
  ...settings,
  ...registrations,
  ...schools,
  ...tracking,
  ...sharedState,
  ...crm,
  ...follows,
  ...clientActions,
  ...resultReports,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `work` while holding a session-level advisory lock (used to serialise migrations across processes). */
  withLock<T>(lockId: number, work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel. `onReconnect` runs when a lost listening connection is back, since
   * notifications sent meanwhile are gone.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { url: string; poolMax?: number }
  /** `startFrom`: a dump of another PGlite data directory to start from (tests copy one migrated database). */
  | { dataDir: string; startFrom?: Blob };

export async function openDatabase(config: DatabaseConfig, logger: Logger): Promise<Database> {
  return 'url' in config
    ? openPostgres(config.url, config.poolMax ?? 10, logger)
    : openPglite(config.dataDir, config.startFrom);
}

async function openPglite(dataDir: string, startFrom?: Blob): Promise<Database> {
  const location = dataDir.startsWith('memory://') ? dataDir : resolve(dataDir);
  if (!location.startsWith('memory://')) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, startFrom ? { loadDataDir: startFrom } : {});
  const db: Db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    // One embedded process owns the folder, so there is nobody to serialise with.
    withLock: (_lockId, work) => work(db),
    listen: async (channel, onMessage) => {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number, logger: Logger): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error' on the pool; without a handler Node would exit.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost'));
  // A client that loses its connection while checked out (between two statements of a transaction, say) emits
  // 'error' on itself, where the pool has no listener then: without this one Node would exit. The statement in
  // flight fails on its own, and the pool discards the dead client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn({ err: error }, 'database connection lost while in use'));
  });
  /** A Drizzle on one checked-out client: its statements and transactions never touch the pool. */
  const onClient = (client: pg.PoolClient): Db => drizzlePg({ client, schema, casing: 'snake_case' });
  const db: Db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  // Every transaction gives its client back to the pool, even when BEGIN fails (see pooledTransaction).
  db.transaction = ((work, config) =>
    pooledTransaction(
      pool,
      (client, trackedWork) => onClient(client).transaction(trackedWork, config),
      work,
    )) as Db['transaction'];
  const listeners = new Set<{ stop: () => Promise<void> }>();

  return {
    db,
    kind: 'postgres',
    withLock: async (lockId, work) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [lockId]);
        return await work(onClient(client));
      } finally {
        await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
        client.release();
      }
    },
    listen: async (channel, onMessage, onReconnect) => {
      let stopped = false;
      let client: pg.Client | undefined;
      let retryTimer: NodeJS.Timeout | undefined;
      const connect = async (isReconnect: boolean): Promise<void> => {
        const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
        });
        const scheduleReconnect = (error?: Error) => {
          if (stopped || retryTimer) return;
          logger.warn({ err: error }, 'live-update listener lost its database connection; reconnecting');
          next.removeAllListeners('error');
          next.on('error', () => undefined);
          next.end().catch(() => undefined);
          retryTimer = setTimeout(() => {
            retryTimer = undefined;
            connect(true).catch(() => undefined);
          }, 1_000);
        };
        next.on('error', scheduleReconnect);
        next.on('end', () => scheduleReconnect());
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          scheduleReconnect(error as Error);
          if (!isReconnect) throw error;
          return;
        }
        client = next;
        if (isReconnect) onReconnect?.();
      };
      await connect(false);
      const handle = {
        stop: async () => {
          stopped = true;
          if (retryTimer) clearTimeout(retryTimer);
          client?.removeAllListeners('end');
          await client?.end().catch(() => undefined);
        },
      };
      listeners.add(handle);
      return async () => {
        listeners.delete(handle);
        await handle.stop();
      };
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}
