// The mistake that locked a node's pool up for good (bench/cluster, USDJPY opens): a transaction body that
// reads or writes through the root handle (`ctx.db`) instead of its `tx`. On PostgreSQL that asks for a second
// connection while holding the first and the row locks other requests wait on: ten such requests hold all ten
// connections and each waits for an eleventh, forever. On PGlite (one connection) the root query waits for
// the open transaction, which waits for the query: one request is enough.
//
// The guard makes the mistake fail at once and name itself. Every transaction opened through the root handle
// runs its body in an async context (AsyncLocalStorage) marked as holding a connection of that database; a
// pool connection, a root query or another root transaction asked for in that context throws
// HeldConnectionError. Drizzle's transaction API takes a callback, so the mark is set around that callback
// (from `begin` to `commit` the body is the only code that runs in it); the check sits where every root
// access passes: pg.Pool's `connect` (its `query` checks out through it too) and PGlite's public `query` and
// `exec` (a PGlite transaction's own statements run through its private methods, not these).
//
// On in tests (NODE_ENV=test): the tracking costs a hook on every promise, which production does not pay;
// there the pool's wait timeout (db.ts) turns a missed case into 503s instead of a hang.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './db.ts';

export class HeldConnectionError extends Error {
  constructor(what: string) {
    super(
      `${what} through the root database handle inside an open transaction on it: read and write through ` +
        `the transaction's tx (a second connection asked for under the first one's locks starves the pool)`,
    );
    this.name = 'HeldConnectionError';
  }
}

type Holding = { database: object; open: boolean };
const holdings = new AsyncLocalStorage<readonly Holding[]>();

/** One database's guard; `seen` keeps every violation, also one a caller caught (a background job's retry). */
export type ConnectionGuard = {
  check(what: string): void;
  hold<T>(body: () => Promise<T>): Promise<T>;
  readonly seen: readonly HeldConnectionError[];
};

export function connectionGuard(): ConnectionGuard {
  const database = {};
  const seen: HeldConnectionError[] = [];
  return {
    seen,
    check(what) {
      if (!holdings.getStore()?.some((h) => h.database === database && h.open)) return;
      const err = new HeldConnectionError(what);
      seen.push(err);
      throw err;
    },
    async hold(body) {
      // Closed when the body returns: work it left running (not awaited) may use the pool after the commit.
      const mine = { database, open: true };
      try {
        return await holdings.run([...(holdings.getStore() ?? []), mine], body);
      } finally {
        mine.open = false;
      }
    },
  };
}

/** Root transactions run their body marked as holding a connection; one opened inside another throws. */
export function guardTransactions(db: Db, guard: ConnectionGuard): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (body, config) => {
    guard.check('a transaction opened');
    return transaction((tx) => guard.hold(() => body(tx)), config);
  };
}

type Connect = (...args: unknown[]) => unknown;

/** pg.Pool: `connect` (and `query`, which checks out through it) refuses inside a held transaction. */
export function guardPool(pool: pg.Pool, guard: ConnectionGuard): void {
  const connect = pool.connect.bind(pool) as Connect;
  Object.assign(pool, {
    connect: (...args: unknown[]) => {
      try {
        guard.check('a pool connection checked out');
      } catch (err) {
        // Failed the way the pool fails a checkout: through the callback when given one, else a rejection.
        const callback = args[0];
        if (typeof callback !== 'function') return Promise.reject(err);
        process.nextTick(() => void (callback as (e: unknown) => unknown)(err));
        return undefined;
      }
      return connect(...args);
    },
  });
}

/** PGlite: the root `query` and `exec` refuse inside a held transaction (they would wait for it forever). */
export function guardPglite(client: PGlite, guard: ConnectionGuard): void {
  const query = client.query.bind(client) as Connect;
  const exec = client.exec.bind(client) as Connect;
  const guarded =
    (what: string, run: Connect) =>
    async (...args: unknown[]) => {
      guard.check(what);
      return run(...args);
    };
  Object.assign(client, { query: guarded('a root query', query), exec: guarded('a root statement', exec) });
}
