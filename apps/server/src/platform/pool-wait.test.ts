// A starved PostgreSQL pool fails requests instead of hanging them (db.ts `poolWaitMs`): with every connection
// held, a request waits that long for one, answers 503 (10157, try again shortly), and the node serves again
// as soon as connections come back. PGlite has no pool: PostgreSQL only (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfoWithBook } from '@tradewind/contract';
import { buildApp, type App } from '../app.ts';
import * as schema from '../schema.ts';
import { client, durableStore, registerUser } from '../test/harness.ts';
import { openDatabase, type Database } from './db.ts';

/** Short, so the test is quick; production waits 10 s. */
const poolWaitMs = 1_500;
/** The pool's size in db.ts. */
const poolSize = 10;

let store: Awaited<ReturnType<typeof durableStore>>;
let database: Database;
let built: App;
beforeAll(async () => {
  store = await durableStore();
  database = await openDatabase({ ...store.config, poolWaitMs }, schema);
  built = await buildApp(store.config, { database });
}, 120_000);
afterAll(async () => {
  await built.app.close();
  await database.close();
  await store.dispose();
});

/** Every connection of the pool checked out by an open transaction until `release` is called. */
async function holdEveryConnection(): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const entries = Array.from({ length: poolSize }, () => {
    let signal!: () => void;
    return { entered: new Promise<void>((resolve) => (signal = resolve)), signal: () => signal() };
  });
  const all = entries.map((e) =>
    database.db.transaction(async () => {
      e.signal();
      await gate;
    }),
  );
  await Promise.all(entries.map((e) => e.entered));
  return {
    release: async () => {
      open();
      await Promise.all(all);
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a starved pool', () => {
  it('answers 503 (10157) after the pool wait instead of hanging, and serves again once connections are back', async () => {
    const who = await registerUser({ app: built.app, dataDir: store.config.dataDir });
    const api = client(built.app, { token: who.token, book: 'NO' });
    const info = () => api.post<UserInfoWithBook>('/api/swx/customer/user/getUserInfo');
    expect((await info()).status).toBe(200);

    const held = await holdEveryConnection();
    const startedMs = performance.now();
    const starved = await info();
    const waitedMs = performance.now() - startedMs;
    await held.release();

    expect(starved.status, JSON.stringify(starved.body)).toBe(503);
    expect(starved.body.code).toBe('10157');
    expect(starved.headers['retry-after']).toBe('5');
    expect(waitedMs).toBeGreaterThanOrEqual(poolWaitMs - 50);
    // Generous for a busy 2-core machine; a pool without the wait never answers at all.
    expect(waitedMs).toBeLessThan(poolWaitMs + 10_000);

    const after = await info();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  }, 60_000);
});
