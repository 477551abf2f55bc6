// The held-connection guard (held-connection.ts), on in tests: a transaction body that reaches for the root
// handle fails at once with an error naming the mistake, on PGlite (where it would hang for good) and on
// PostgreSQL (where ten at once starve the pool); work the body left running may use the pool after the commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as schema from '../schema.ts';
import { durableStore } from '../test/harness.ts';
import { openDatabase, queryRows, type Database } from './db.ts';
import { HeldConnectionError } from './held-connection.ts';

let store: Awaited<ReturnType<typeof durableStore>>;
let database: Database;
beforeAll(async () => {
  store = await durableStore();
  database = await openDatabase(store.config, schema);
}, 120_000);
afterAll(async () => {
  await database.close();
  await store.dispose();
});

const one = sql`select 1 as one`;
/** The violations seen so far; each test takes its own off the end. */
const seen = () => database.heldConnectionErrors ?? [];

describe('a transaction body reaching past its tx', () => {
  it('a root query inside the transaction throws HeldConnectionError and the transaction rolls back', async () => {
    const before = seen().length;
    const body = database.db.transaction(async (tx) => {
      await tx.execute(sql`create table held_probe (id int)`);
      await database.db.execute(one);
    });
    // Drizzle wraps a failed query's cause.
    await expect(body).rejects.toMatchObject({ cause: expect.any(HeldConnectionError) });
    expect(seen().at(-1)?.message).toMatch(
      /^(a root query|a pool connection checked out) through the root database handle inside an open transaction on it: read and write through the transaction's tx/,
    );
    expect(seen().length).toBe(before + 1);
    const [probe] = await queryRows<{ name: string | null }>(
      database.db,
      sql`select to_regclass('held_probe')::text as name`,
    );
    expect(probe?.name).toBeNull();
  });

  it('a root transaction opened inside another throws, also from a nested savepoint', async () => {
    const before = seen().length;
    await expect(
      database.db.transaction((tx) => tx.transaction(() => database.db.transaction(async () => 1))),
    ).rejects.toThrow(/^a transaction opened through the root database handle/);
    expect(seen().length).toBe(before + 1);
  });

  it('caught by the caller, the violation is still recorded (the harness fails the file on it)', async () => {
    const before = seen().length;
    const answer = await database.db.transaction(async () =>
      database.db.execute(one).then(
        () => 'passed',
        () => 'caught',
      ),
    );
    expect(answer).toBe('caught');
    expect(seen().length).toBe(before + 1);
  });

  it('work the body started and left running may use the root handle once the transaction has committed', async () => {
    const before = seen().length;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let later: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      later = gate.then(() => queryRows<{ one: number }>(database.db, one));
      await tx.execute(one);
    });
    open();
    expect(await later).toEqual([{ one: 1 }]);
    expect(seen().length).toBe(before);
  });

  it('outside any transaction, and in two transactions side by side, the root handle serves as before', async () => {
    const before = seen().length;
    expect(await queryRows(database.db, one)).toEqual([{ one: 1 }]);
    const both = await Promise.all(
      [1, 2].map((n) => database.db.transaction(async (tx) => (await tx.execute(one), n))),
    );
    expect(both).toEqual([1, 2]);
    expect(seen().length).toBe(before);
  });
});

describe('where the guard is on', () => {
  it('in tests by default, off in production and development unless asked for', async () => {
    expect(database.heldConnectionErrors).toBeDefined();
    for (const env of ['production', 'development'] as const) {
      const other = await openDatabase({ pgliteDir: 'memory://', env }, schema);
      try {
        expect(other.heldConnectionErrors, env).toBeUndefined();
      } finally {
        await other.close();
      }
    }
    const asked = await openDatabase(
      { pgliteDir: 'memory://', env: 'production', guardHeldConnections: true },
      schema,
    );
    try {
      expect(asked.heldConnectionErrors).toBeDefined();
    } finally {
      await asked.close();
    }
  }, 120_000);
});
