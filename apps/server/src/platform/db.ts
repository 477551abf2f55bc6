// The database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set (DESIGN.md §3).
// One Drizzle schema (src/schema.ts, handed in by the caller) and one migrations folder serve both;
// migrations run at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  connectionGuard,
  guardPglite,
  guardPool,
  guardTransactions,
  type ConnectionGuard,
} from './held-connection.ts';

/**
 * The tables of every domain, gathered beside app.ts. Platform keeps only their shape: queries name their
 * tables directly and no code uses Drizzle's relational `db.query`, so `Db` needs no domain's types.
 */
export type Schema = Record<string, unknown>;
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services take either the root handle or an open transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * With the held-connection guard on (tests): every root access refused inside an open transaction, also
   * those a caller caught, so the harness can fail a file whose background work made one.
   */
  heldConnectionErrors?: readonly Error[];
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** NODE_ENV: the held-connection guard (held-connection.ts) is on in tests unless told otherwise. */
  env?: 'development' | 'production' | 'test';
  guardHeldConnections?: boolean;
  /** How long a request waits for a pool connection before it fails (503, 10157) instead of hanging. */
  poolWaitMs?: number;
  /**
   * A migrated PGlite data dir (`dumpDataDir`) an in-memory database starts from instead of running initdb
   * (about 1.5 s of WASM per start): the test harness makes one per migrations set. Migrations still run.
   */
  pgliteTemplate?: Blob;
};

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);
/** Any fixed number: nodes starting together take turns migrating. */
const migrationLockKey = 7_311_001;
/**
 * A pool's size, and how long a checkout waits: longer than any request's transaction takes under load, far
 * shorter than a client's patience, so a starved pool answers 503 (10157) and frees itself instead of hanging.
 */
const poolSize = 10;
const defaultPoolWaitMs = 10_000;

export async function openDatabase(opts: DatabaseOptions, schema: Schema): Promise<Database> {
  const guard = (opts.guardHeldConnections ?? opts.env === 'test') ? connectionGuard() : undefined;
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolWaitMs ?? defaultPoolWaitMs, schema, guard)
    : await openPglite(opts.pgliteDir, schema, guard, opts.pgliteTemplate);
  if (!guard) return database;
  // After the migrations, which run through the unguarded handles.
  guardTransactions(database.db, guard);
  return { ...database, heldConnectionErrors: guard.seen };
}

async function openPglite(
  dir: string,
  schema: Schema,
  guard?: ConnectionGuard,
  template?: Blob,
): Promise<Database> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  const client = new PGlite(dir, template && dir.startsWith('memory://') ? { loadDataDir: template } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  if (guard) guardPglite(client, guard);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(
  url: string,
  poolWaitMs: number,
  schema: Schema,
  guard?: ConnectionGuard,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: poolWaitMs });
  // An idle client can lose its server (restart, failover, a test dropping its database); the pool
  // replaces it, and without a listener node-postgres would crash the process instead.
  pool.on('error', (err) => process.emitWarning(`postgres pool: ${err.message}`));
  // The same for a client in use: its server gone mid-transaction (a restart, pg_terminate_backend, the
  // leader fence's idle timeout) fails its queries; without a listener its 'error' event would crash the node.
  pool.on('connect', (client) =>
    client.on('error', (err) => process.emitWarning(`postgres connection: ${err.message}`)),
  );
  const db = drizzlePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    lockClient.release();
  }
  if (guard) guardPool(pool, guard);
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Raw SQL rows; both drivers answer `{ rows }`, which the shared Drizzle type leaves as unknown. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Connection-level failures: the server restarting, shut down, refusing, or the connection cut. */
const unreachableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unreachableNetwork = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// "timeout exceeded when trying to connect": the pool had no connection free within poolWaitMs (starved,
// or the server too slow to accept one); the request fails and gives its place back, and a retry may pass.
const unreachableMessage =
  /^(Connection terminated|Client has encountered a connection error|Connection ended|database ".+" is not currently accepting connections|timeout exceeded when trying to connect)/;

/**
 * Whether `err` (or what it wraps: Drizzle wraps the driver's error as `cause`) says the database is out of
 * reach (or no pool connection came free in time) rather than that a query was wrong: requests answer 503
 * (10157) for it, and it passes by itself.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (unreachableStates.has(code) || code.startsWith('08') || unreachableNetwork.has(code))
    )
      return true;
    if (unreachableMessage.test(e.message)) return true;
  }
  return false;
}
