// orders: contracts opened and closed through the HTTP API (buyOptions + closeOptions on a listening node)
// against the same business transactions run directly (the service's open and close, one transaction
// each), measured in the same run on embedded PGlite and on PostgreSQL; then the settlement engine's
// per-tick work with 10,000 open positions.
//   npx tsx bench/orders/run.ts [--seconds 8] [--concurrency 8] [--positions 10000] [--rounds 200]
//                               [--pg postgres://postgres@127.0.0.1:5432/test | --pg none]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { BuyOptionsBody, MarketInfo } from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../../apps/server/src/test/harness.ts';
import { openContract, type OpenMarket } from '../../apps/server/src/orders/open.ts';
import { closeContract } from '../../apps/server/src/orders/close.ts';
import { reasonAt, watchedOf } from '../../apps/server/src/orders/engine.ts';
import { optionOrders } from '../../apps/server/src/orders/tables.ts';
import { eq } from 'drizzle-orm';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientCommand } from './client.ts';
import { drive, percentile, type Result } from './drive.ts';
import { confirmBody } from '../confirm-body.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
function intArg(name: string, fallback: number): number {
  const v = Number(arg(name, String(fallback)));
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive integer`);
  return v;
}

const seconds = intArg('seconds', 8);
const concurrency = intArg('concurrency', 8);
const positions = intArg('positions', 10_000);
const rounds = intArg('rounds', 200);
const pgUrl = arg('pg', 'postgres://postgres@127.0.0.1:5432/test');
/** `--pglite memory` runs PGlite in memory (as the tests do) instead of on disk (as `npm start` does). */
const pgliteOnDisk = arg('pglite', 'disk') !== 'memory';
const tickIntervalMs = 500;
const here = path.dirname(fileURLToPath(import.meta.url));
/** Instruments the positions spread over: crypto trades around the clock, so the run never meets a close. */
const codes = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'BNBUSDT', 'DOGEUSDT', 'ADAUSDT', 'LTCUSDT'];

const now = () => performance.now();

type Trader = { id: number; token: string };

async function traders(t: TestApp, n: number): Promise<Trader[]> {
  const out: Trader[] = [];
  for (let i = 0; i < n; i++) {
    const u = await registerUser(t);
    out.push({ id: Number(u.id), token: u.token });
  }
  return out;
}

/** The body a confirm step sends for `code`, from its live market info. */
async function quote(t: TestApp, code: string): Promise<BuyOptionsBody> {
  return confirmBody(
    (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result,
  );
}

/** The HTTP side, from a client process (client.ts) against the node listening on 127.0.0.1. */
async function apiOrders(t: TestApp, users: Trader[], body: BuyOptionsBody, rate?: number): Promise<Result> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const command: ClientCommand = {
    base: `http://127.0.0.1:${port}/api/swx/customer/order`,
    tokens: users.map((u) => u.token),
    body,
    seconds,
    concurrency,
    ratePerSecond: rate,
  };
  const child = fork(path.join(here, 'client.ts'), [], { execArgv: ['--import', 'tsx'] });
  return new Promise<Result>((resolve, reject) => {
    child.on('message', (result: Result) => resolve(result));
    child.on('exit', (code) => reject(new Error(`bench client exited with ${String(code)}`)));
    child.send(command);
  });
}

/** The same open and close transactions, called directly: no HTTP, session, idempotency key or feed read. */
async function rawOrders(t: TestApp, users: Trader[], body: BuyOptionsBody) {
  const market: OpenMarket = await t.app.orders.openMarket(body.code);
  const tick = market.tick;
  if (!tick) throw new Error(`no price for ${body.code}`);
  const db = t.ctx.db;
  return drive(
    async (worker) => {
      const user = users[worker % users.length];
      if (!user) throw new Error('no user');
      const at = new Date(t.ctx.clock.now());
      const row = await db.transaction((tx) =>
        openContract(tx, { userId: user.id, book: 'demo', body, market, now: at }),
      );
      await db.transaction((tx) =>
        closeContract(tx, { id: row.id, tick, reason: 'manual', now: at, appName: body.code }),
      );
    },
    { seconds, concurrency },
  );
}

const fmt = (r: Result) =>
  `${r.ordersPerSecond.toFixed(1).padStart(8)} orders/s  p50 ${r.p50.toFixed(2).padStart(7)} ms  p99 ${r.p99
    .toFixed(2)
    .padStart(7)} ms  (${r.orders} orders${r.failed ? `, ${r.failed} failed` : ''})`;

/**
 * Opens `positions` contracts across the instruments and users, far from any level: 100 per transaction,
 * each transaction one user's, `concurrency` transactions at once (on PGlite they take turns).
 */
async function openMany(t: TestApp, users: Trader[], bodies: BuyOptionsBody[]): Promise<void> {
  const markets = new Map<string, OpenMarket>();
  for (const b of bodies) markets.set(b.code, await t.app.orders.openMarket(b.code));
  const at = new Date(t.ctx.clock.now());
  const batch = 100;
  let next = 0;
  const openBatch = async (first: number) => {
    const user = users[(first / batch) % users.length];
    if (!user) throw new Error('setup: no user');
    await t.ctx.db.transaction(async (tx) => {
      for (let i = first; i < Math.min(positions, first + batch); i++) {
        const body = bodies[i % bodies.length];
        const market = body && markets.get(body.code);
        if (!body || !market) throw new Error('setup: no market');
        const direction = i % 2 === 0 ? 'up' : 'down';
        const row = await openContract(tx, {
          userId: user.id,
          book: 'demo',
          body: { ...body, direction },
          market,
          now: at,
        });
        t.app.orders.engine.watch(row);
      }
    });
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let first = next; first < positions; first = next) {
        next += batch;
        await openBatch(first);
      }
    }),
  );
}

/**
 * The engine's judgement of one round: one tick per instrument (a small random move, so nothing closes and
 * the work measured is the evaluation, not settlement), each checked against every contract it watches with
 * the engine's own `reasonAt`, built by its own `watchedOf` from the rows in the database.
 */
async function engineRounds(t: TestApp): Promise<{ p50: number; p99: number; max: number; watched: number }> {
  const rows = await t.ctx.db.select().from(optionOrders).where(eq(optionOrders.status, 'open'));
  const byCode = new Map<string, ReturnType<typeof watchedOf>[]>();
  for (const row of rows) {
    const list = byCode.get(row.code) ?? [];
    list.push(watchedOf(row));
    byCode.set(row.code, list);
  }
  const last = new Map<string, bigint>();
  for (const code of byCode.keys()) {
    const price = t.app.market.snapshot.get(code)?.lastPrice?.priceMinor;
    if (price === undefined) throw new Error(`no price for ${code}`);
    last.set(code, price);
  }
  let seed = 0x9e3779b9;
  const jitter = (p: bigint) => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return p + (p * BigInt(Math.floor((seed / 2 ** 32) * 21) - 10)) / 10_000n; // ±0.1 %
  };
  const times: number[] = [];
  let atMs = t.ctx.clock.now();
  let closes = 0;
  const warmUp = 20;
  for (let r = 0; r < warmUp + rounds; r++) {
    atMs += tickIntervalMs;
    const ticks = [...last].map(([code, p]) => ({ code, priceMinor: jitter(p), atMs }));
    const t0 = now();
    for (const tick of ticks) {
      for (const w of byCode.get(tick.code) ?? []) if (reasonAt(w, tick)) closes++;
    }
    if (r >= warmUp) times.push(now() - t0);
  }
  if (closes > 0) console.log(`  (${closes} evaluations found a close)`);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? 0,
    watched: rows.length,
  };
}

/**
 * The real engine end to end: the feed steps 500 ms of market time and the engine judges what it brings
 * (recomputing the walk's ticks since its last judgement) against every watched contract; compared with
 * the same steps while the engine is stopped.
 */
async function engineSteps(t: TestApp): Promise<{ withEngine: number[]; without: number[] }> {
  const step = async () => {
    t.clock.advance(tickIntervalMs);
    const t0 = now();
    await t.app.market.step();
    await t.app.orders.engine.idle();
    return now() - t0;
  };
  for (let i = 0; i < 4; i++) await step(); // the engine's first judgement reloads every open contract
  const withEngine: number[] = [];
  for (let i = 0; i < rounds; i++) withEngine.push(await step());
  await t.app.orders.engine.stop();
  const without: number[] = [];
  for (let i = 0; i < rounds; i++) without.push(await step());
  return { withEngine: withEngine.sort((a, b) => a - b), without: without.sort((a, b) => a - b) };
}

async function backend(name: string, url: string | undefined, engine: boolean): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-orders-'));
  if (url) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
  // PGlite on disk, as the embedded mode runs; PostgreSQL: a fresh database, dropped afterwards.
  const t = await startTestApp(url || !pgliteOnDisk ? {} : { pgliteDir: path.join(dataDir, 'pglite') });
  try {
    console.log(`\n== ${name}`);
    const users = await traders(t, Math.max(concurrency, 16));
    const body = await quote(t, 'BTCUSDT');
    const raw = await rawOrders(t, users, body);
    console.log(`  direct transactions  ${fmt(raw)}`);
    const api = await apiOrders(t, users, body);
    console.log(`  HTTP API             ${fmt(api)}`);
    console.log(
      `  ratio API / direct   ${(api.ordersPerSecond / raw.ordersPerSecond).toFixed(2)}×  (goal ≥ 0.50×)`,
    );
    // "p99 < 50 ms at half the load": at half the direct rate (the API's goal rate) and at half the API's own.
    for (const [label, rate] of [
      ['half the direct rate', raw.ordersPerSecond / 2],
      ['half the API rate', api.ordersPerSecond / 2],
    ] as const) {
      const paced = await apiOrders(t, users, body, rate);
      console.log(`  HTTP API offered ${rate.toFixed(1)}/s (${label})  ${fmt(paced)}  (goal p99 < 50 ms)`);
    }

    if (!engine) return;
    const started = now();
    const engineUsers = await traders(t, 48);
    await openMany(t, engineUsers, await Promise.all(codes.map((c) => quote(t, c))));
    console.log(
      `  opened ${positions} positions over ${codes.length} instruments in ${((now() - started) / 1000).toFixed(1)} s`,
    );
    const judged = await engineRounds(t);
    const share = (ms: number) => `${((ms / tickIntervalMs) * 100).toFixed(2)} %`;
    console.log(
      `  engine evaluation, one tick per instrument: p50 ${judged.p50.toFixed(2)} ms, p99 ${judged.p99.toFixed(2)} ms, max ${judged.max.toFixed(2)} ms per round over ${judged.watched} positions = ${share(judged.p99)} of ${tickIntervalMs} ms at p99 (goal < 10 %)`,
    );
    const steps = await engineSteps(t);
    const [w50, w99, o50, o99] = [
      percentile(steps.withEngine, 50),
      percentile(steps.withEngine, 99),
      percentile(steps.without, 50),
      percentile(steps.without, 99),
    ];
    console.log(
      `  feed step + real engine: p50 ${w50.toFixed(2)} ms, p99 ${w99.toFixed(2)} ms; step alone: p50 ${o50.toFixed(2)} ms, p99 ${o99.toFixed(2)} ms; engine's share at p50 ${(w50 - o50).toFixed(2)} ms = ${share(w50 - o50)}`,
    );
  } finally {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `orders bench: ${seconds} s per phase, ${concurrency} concurrent clients, ${positions} positions for the engine, Node ${process.version}, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
// The engine judges in memory whatever the database; its 10,000 positions are opened once, on PostgreSQL
// when there is one (opening them on the embedded database takes minutes).
const withPg = pgUrl !== 'none';
await backend(`PGlite (embedded, ${pgliteOnDisk ? 'on disk' : 'in memory'})`, undefined, !withPg);
if (withPg) await backend('PostgreSQL', pgUrl, true);
