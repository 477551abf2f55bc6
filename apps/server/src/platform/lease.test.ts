// The leader lease (platform/lease.ts) on the real database, two or three holders on one database in one
// process: who leads, takeover on expiry by the database's clock, the term rising, release, and fencing —
// a deposed leader's write fails and rolls back, and (PostgreSQL) a takeover waits for the writes in flight.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { durableStore } from '../test/harness.ts';
import { openDatabase, queryRows, type Database } from './db.ts';
import * as schema from '../schema.ts';
import { LeaderLease, NotLeaderError, type LeaseOptions } from './lease.ts';
import { fencedDb, LeaderJob } from './leader-job.ts';
import type { Ctx } from './context.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const noop = () => undefined;
const log = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => log,
} as unknown as FastifyBaseLogger;

let store: Awaited<ReturnType<typeof durableStore>>;
let database: Database;
const leases: LeaderLease[] = [];
let names = 0;

beforeAll(async () => {
  store = await durableStore();
  database = await openDatabase(store.config, schema);
  await database.db.execute(sql`create table lease_probe (id serial primary key, by text not null)`);
}, 120_000);
afterEach(async () => {
  await Promise.all(leases.splice(0).map((l) => l.release()));
});
afterAll(async () => {
  await database?.close();
  await store?.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holders of one fresh lease name; the heartbeat is left to each test (`start` or `beat`). */
function holders(n: number, over: Partial<LeaseOptions> = {}): LeaderLease[] {
  const name = `probe-${names++}`;
  const made = Array.from(
    { length: n },
    (_, i) => new LeaderLease(database.db, { name, holder: `node-${i}`, log, ...over }),
  );
  leases.push(...made);
  return made;
}

async function until(cond: () => boolean, ms: number): Promise<number> {
  const from = performance.now();
  while (!cond()) {
    if (performance.now() - from > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
  return performance.now() - from;
}

async function row(name: string) {
  const [r] = await queryRows<{ holder: string | null; term: string }>(
    database.db,
    sql`select holder, term::text as term from leader_lease where name = ${name}`,
  );
  return r;
}

/** A write as a leader makes it: fenced first, in one transaction. */
function leaderWrite(lease: LeaderLease, by: string) {
  return fencedDb(database.db, lease).transaction(async (tx) => {
    await tx.execute(sql`insert into lease_probe (by) values (${by})`);
  });
}

async function writesBy(by: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from lease_probe where by = ${by}`,
  );
  return Number(r?.n);
}

describe('the leader lease', () => {
  it('one of several nodes leads, under term 1, and the others follow', async () => {
    const [a, b, c] = holders(3);
    if (!a || !b || !c) throw new Error('three holders');
    await a.start();
    await Promise.all([b.start(), c.start()]);
    expect([a.isLeader(), b.isLeader(), c.isLeader()]).toEqual([true, false, false]);
    expect(a.currentTerm()).toBe(1n);
    expect(b.highestTerm()).toBe(1n);
    expect(await row(a.name)).toEqual({ holder: 'node-0', term: '1' });
  });

  it('a leader that keeps renewing keeps the lease past its length', async () => {
    const [a, b] = holders(2, { ttlMs: 400, heartbeatMs: 100 });
    if (!a || !b) throw new Error('two holders');
    await a.start();
    await b.start();
    await sleep(1_200);
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(a.currentTerm()).toBe(1n);
  });

  it('a follower takes over once the lease expires by the database clock, under the next term', async () => {
    // The leader renews no more after taking the lease, as a killed process would not.
    const [a] = holders(1, { ttlMs: 600, heartbeatMs: 60_000 });
    if (!a) throw new Error('a holder');
    const [b] = holders(1, { ttlMs: 600, heartbeatMs: 100, name: a.name, holder: 'node-1' });
    if (!b) throw new Error('a holder');
    await a.start();
    const started = performance.now();
    await b.start();
    expect(b.isLeader()).toBe(false);
    await until(() => b.isLeader(), 3_000);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThan(400);
    expect(waited).toBeLessThan(1_500);
    expect(b.currentTerm()).toBe(2n);
    expect(await row(a.name)).toEqual({ holder: 'node-1', term: '2' });
    // The old leader, judging by its own last renewal, no longer believes it leads either.
    expect(a.isLeader()).toBe(false);
  });

  it('a deposed leader cannot write: its fenced write fails, rolls back, and it steps down', async () => {
    const [a, b] = holders(2, { ttlMs: 60_000 });
    if (!a || !b) throw new Error('two holders');
    await a.start();
    await leaderWrite(a, 'a-term-1');
    expect(await writesBy('a-term-1')).toBe(1);
    // Another node takes the lease (as after a's lease expired while it was paused).
    await database.db.execute(
      sql`update leader_lease set holder = 'node-1', term = term + 1 where name = ${a.name}`,
    );
    expect(a.isLeader()).toBe(true); // it has not noticed yet
    await expect(leaderWrite(a, 'a-stale')).rejects.toBeInstanceOf(NotLeaderError);
    expect(await writesBy('a-stale')).toBe(0);
    expect(a.isLeader()).toBe(false);
    await expect(leaderWrite(a, 'a-after')).rejects.toBeInstanceOf(NotLeaderError);
    expect(await writesBy('a-after')).toBe(0);
  });

  it('a leader job of a node that lost the lead writes nothing, and refuses unfenced writes', async () => {
    const [a] = holders(1, { ttlMs: 60_000 });
    if (!a) throw new Error('a holder');
    await a.start();
    const ctx = { db: database.db, clock: { now: () => Date.now() }, log } as unknown as Ctx;
    const job = new LeaderJob(ctx, a, {
      name: 'probe',
      everyMs: 60_000,
      run: (_nowMs, db) =>
        db.transaction((tx) => tx.execute(sql`insert into lease_probe (by) values ('job')`)),
    });
    await job.run(Date.now());
    expect(await writesBy('job')).toBe(1);
    await database.db.execute(sql`update leader_lease set term = term + 1 where name = ${a.name}`);
    await expect(job.run(Date.now())).rejects.toBeInstanceOf(NotLeaderError);
    expect(await writesBy('job')).toBe(1);
    const unfenced = new LeaderJob(ctx, a, {
      name: 'probe',
      everyMs: 60_000,
      run: (_nowMs, db) => db.insert(schema.leaderLease).values([]),
    });
    await expect(unfenced.run(Date.now())).rejects.toThrow(/outside a fenced transaction/);
  });

  it('a leader job runs at once when its node takes the lead, then only every period', async () => {
    let leading = false;
    let runs = 0;
    const ctx = { db: database.db, clock: { now: () => Date.now() }, log } as unknown as Ctx;
    const job = new LeaderJob(
      ctx,
      { isLeader: () => leading },
      {
        name: 'probe',
        everyMs: 60_000,
        run: async () => void runs++,
      },
    );
    job.start();
    await sleep(1_300);
    expect(runs).toBe(0);
    leading = true;
    await until(() => runs === 1, 2_500);
    await sleep(1_300);
    expect(runs).toBe(1);
    await job.stop();
  });

  it('a released lease is taken by the next beat of a follower', async () => {
    const [a, b] = holders(2, { ttlMs: 60_000, heartbeatMs: 100 });
    if (!a || !b) throw new Error('two holders');
    await a.start();
    await b.start();
    await a.release();
    expect(a.isLeader()).toBe(false);
    const waited = await until(() => b.isLeader(), 2_000);
    expect(waited).toBeLessThan(1_000);
    expect(b.currentTerm()).toBe(2n);
  });

  it('an exclusive (embedded) node takes the lease at start whatever the row says', async () => {
    const [a] = holders(1, { ttlMs: 60_000 });
    if (!a) throw new Error('a holder');
    await a.start();
    const [embedded] = holders(1, { ttlMs: 60_000, exclusive: true, name: a.name, holder: 'restarted' });
    if (!embedded) throw new Error('a holder');
    await embedded.start();
    expect(embedded.currentTerm()).toBe(2n);
    await expect(leaderWrite(a, 'crashed')).rejects.toBeInstanceOf(NotLeaderError);
  });

  it('a peer’s higher term deposes a leader at once', async () => {
    const [a] = holders(1, { ttlMs: 60_000 });
    if (!a) throw new Error('a holder');
    await a.start();
    a.observe(5n);
    expect(a.isLeader()).toBe(false);
    expect(a.highestTerm()).toBe(5n);
  });
});

describe.skipIf(!onPostgres)('fencing against concurrent takeover (PostgreSQL)', () => {
  /**
   * A fenced write of `lease` that holds its transaction open: idle until `finish()`, or busy in a statement
   * for `busySeconds` (an idle one is ended by the fence's idle-in-transaction timeout of one lease).
   */
  async function writeInFlight(lease: LeaderLease, by: string, busySeconds = 0) {
    let finish: () => void = noop;
    const held = new Promise<void>((r) => (finish = r));
    let entered: () => void = noop;
    const inside = new Promise<void>((r) => (entered = r));
    const done = fencedDb(database.db, lease).transaction(async (tx) => {
      entered();
      if (busySeconds > 0) await tx.execute(sql`select pg_sleep(${busySeconds})`);
      else await held;
      await tx.execute(sql`insert into lease_probe (by) values (${by})`);
    });
    await inside;
    return { finish, done };
  }

  const expiresAt = async (name: string) =>
    (
      await queryRows<{ e: string }>(
        database.db,
        sql`select expires_at::text as e from leader_lease where name = ${name}`,
      )
    )[0]?.e;

  it('the heartbeat renews past a write in flight, and a release waits for it', async () => {
    const [a] = holders(1, { ttlMs: 2_000, heartbeatMs: 100 });
    if (!a) throw new Error('a holder');
    await a.start();
    const write = await writeInFlight(a, 'renewed-past');
    const before = await expiresAt(a.name);
    await sleep(400);
    expect(await expiresAt(a.name)).not.toBe(before);
    let released = false;
    const release = a.release().then(() => (released = true));
    await sleep(400);
    expect(released).toBe(false);
    expect((await row(a.name))?.holder).toBe('node-0');
    write.finish();
    await write.done;
    await release;
    expect(await writesBy('renewed-past')).toBe(1);
    expect((await row(a.name))?.holder).toBeNull();
  });

  it('a takeover of an expired lease waits for the old leader’s write in flight, which lands under the old term', async () => {
    const [a] = holders(1, { ttlMs: 300, heartbeatMs: 60_000 });
    if (!a) throw new Error('a holder');
    const [b] = holders(1, { ttlMs: 300, heartbeatMs: 100, name: a.name, holder: 'node-1' });
    if (!b) throw new Error('a holder');
    await a.start();
    const write = await writeInFlight(a, 'in-flight', 2);
    const started = performance.now();
    await b.start();
    await sleep(1_200);
    expect(b.isLeader()).toBe(false);
    expect((await row(a.name))?.term).toBe('1');
    await write.done;
    expect(await writesBy('in-flight')).toBe(1);
    await until(() => b.isLeader(), 3_000);
    expect(performance.now() - started).toBeGreaterThan(1_500);
    expect(b.currentTerm()).toBe(2n);
  });

  it('a leader paused inside a fenced transaction loses it after one lease, and its write rolls back', async () => {
    const [a] = holders(1, { ttlMs: 500, heartbeatMs: 60_000 });
    if (!a) throw new Error('a holder');
    const [b] = holders(1, { ttlMs: 500, heartbeatMs: 100, name: a.name, holder: 'node-1' });
    if (!b) throw new Error('a holder');
    await a.start();
    const write = await writeInFlight(a, 'paused');
    const settled = write.done.then(
      () => 'committed',
      () => 'failed',
    );
    await b.start();
    await until(() => b.isLeader(), 3_000);
    write.finish();
    expect(await settled).toBe('failed');
    expect(await writesBy('paused')).toBe(0);
  });
});
