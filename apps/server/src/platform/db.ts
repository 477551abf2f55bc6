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
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
/** Any fixed number: nodes starting together take turns migrating. */
const migrationLockKey = 7_311_001;

export async function openDatabase(
  opts: { databaseUrl?: string | undefined; pgliteDir: string },
  schema: Schema,
): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, schema);
  return openPglite(opts.pgliteDir, schema);
}

async function openPglite(dir: string, schema: Schema): Promise<Database> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, schema: Schema): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
const unreachableMessage =
  /^(Connection terminated|Client has encountered a connection error|Connection ended|database ".+" is not currently accepting connections)/;

/**
 * Whether `err` (or what it wraps: Drizzle wraps the driver's error as `cause`) says the database is out of
 * reach rather than that a query was wrong: requests answer 503 (10157) for it, and it passes by itself.
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
