// ws-fanout: N WebSocket clients on one Tradewind node with every instrument ticking, against a bare
// `ws` broadcast server pushing the same payloads at the same cadence, measured in the same run.
//   npx tsx bench/ws-fanout/run.ts [--clients 2000] [--seconds 20] [--workers N]
// Delay is from the moment a feed step's ticks are applied to the moment a client receives the message
// carrying them; it includes the 500 ms batching window, which both servers share.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { manualClock } from '../../apps/server/src/platform/clock.ts';
import type { Market } from '../../apps/server/src/market/service.ts';
import type { WorkerReport } from './client.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive integer`);
  return v;
}

const clients = arg('clients', 2000);
const seconds = arg('seconds', 20);
const workers = arg('workers', Math.max(1, os.cpus().length - 1));
const stepEveryMs = 500;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Result = {
  name: string;
  p50: number;
  p99: number;
  messagesPerSecond: number;
  mbPerSecond: number;
  samples: number;
  /** Clients the server dropped as too slow (send buffer over its limit). */
  dropped: number;
};

/**
 * Steps the feed with 10 s of market time per step, so every open instrument ticks each step. Steps come
 * every 250–750 ms (500 on average, from a fixed-seed generator) so that they fall at every phase of the
 * servers' 500 ms rounds: a fixed cadence would make the delay depend on how the two timers happen to line up.
 */
function drive(
  market: Market,
  clock: ReturnType<typeof manualClock>,
  stepAt: Map<string, number>,
): () => void {
  let running = true;
  let seed = 0x2545f491;
  const nextGapMs = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return stepEveryMs / 2 + (seed / 2 ** 32) * stepEveryMs;
  };
  void (async () => {
    while (running) {
      const started = now();
      clock.advance(10_000);
      await market.step();
      const price = market.queries.liveItem('BTCUSDT')?.price;
      if (price !== undefined && !stepAt.has(price)) stepAt.set(price, now());
      await sleep(Math.max(0, nextGapMs() - (now() - started)));
    }
  })();
  return () => {
    running = false;
  };
}

async function measure(
  name: string,
  url: string,
  stepAt: Map<string, number>,
  connected: () => number,
): Promise<Result> {
  const children: ChildProcess[] = [];
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let w = 0; w < workers; w++) {
    children.push(fork(path.join(here, 'client.ts'), [], { execArgv: ['--import', 'tsx'] }));
  }
  const opened = children.map(
    (c) =>
      new Promise<void>((resolve, reject) =>
        c.on('message', (m: { op: string; message?: string }) => {
          if (m.op === 'opened') resolve();
          if (m.op === 'error') reject(new Error(m.message));
        }),
      ),
  );
  children.forEach((c, i) => {
    const share = Math.floor(clients / workers) + (i < clients % workers ? 1 : 0);
    c.send({ op: 'open', url, clients: share });
  });
  await Promise.all(opened);
  await sleep(2_000); // warm up: the initial full-state messages are out of the way
  for (const c of children) c.send({ op: 'measure' });
  await sleep(seconds * 1000);
  const stillConnected = connected();
  const reports = await Promise.all(
    children.map(
      (c) =>
        new Promise<WorkerReport>((resolve) => {
          c.on('message', (m: { op: string; report?: WorkerReport }) => {
            if (m.op === 'report' && m.report) resolve(m.report);
          });
          c.send({ op: 'stop' });
        }),
    ),
  );
  const delays: number[] = [];
  for (const r of reports) {
    for (const [price, at] of r.sentinel) {
      const produced = stepAt.get(price);
      if (produced !== undefined) delays.push(at - produced);
    }
  }
  delays.sort((a, b) => a - b);
  const pct = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? Number.NaN;
  const messages = reports.reduce((s, r) => s + r.messages, 0);
  const bytes = reports.reduce((s, r) => s + r.bytes, 0);
  return {
    name,
    p50: pct(0.5),
    p99: pct(0.99),
    messagesPerSecond: messages / seconds,
    mbPerSecond: bytes / seconds / 1e6,
    samples: delays.length,
    dropped: clients - stillConnected,
  };
}

/** The baseline: ticks collected and broadcast every 502 ms to every socket, nothing else. */
function bareServer(market: Market): Promise<{ url: string; connected: () => number; close: () => void }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  let pending = new Set<string>();
  const unsubscribe = market.onTicks((ticks) => {
    for (const t of ticks) pending.add(t.code);
  });
  const timer = setInterval(() => {
    const items = [...pending].map((code) => market.queries.liveItem(code)).filter((i) => i !== undefined);
    pending = new Set();
    if (items.length === 0) return;
    // Encoded once, like the hub does: the baseline is the best plain broadcast, not a naive one.
    const payload = Buffer.from(JSON.stringify(items), 'utf8');
    for (const ws of wss.clients) ws.send(payload, { binary: false });
  }, 502);
  return new Promise((resolve) =>
    wss.once('listening', () =>
      resolve({
        url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
        connected: () => wss.clients.size,
        close: () => {
          clearInterval(timer);
          unsubscribe();
          for (const ws of wss.clients) ws.terminate();
          wss.close();
        },
      }),
    ),
  );
}

/** A fresh node for each phase, at the same market time, so neither phase inherits the other's state. */
async function startNode(startMs: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-'));
  const clock = manualClock(startMs);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    pgliteDir: 'memory://',
  };
  const { app } = await buildApp(config, { clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const stepAt = new Map<string, number>();
  const stop = drive(app.market, clock, stepAt);
  return {
    market: app.market,
    stepAt,
    url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`,
    close: async () => {
      stop();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  // A Wednesday 15:00 UTC: crypto, FX, New York stocks, futures and metals are all open.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + ((3 - start.getUTCDay() + 7) % 7));
  start.setUTCHours(15, 0, 0, 0);

  const first = await startNode(start.getTime());
  process.stdout.write(
    `ws-fanout: ${clients} clients, ${first.market.catalogue.all.length} instruments ticking every ${stepEveryMs} ms on average, ${seconds} s per server, ${workers} client processes\n`,
  );
  const tradewind = await measure('tradewind /api/ws', first.url, first.stepAt, () => first.market.hub.size);
  await first.close();

  const second = await startNode(start.getTime());
  const bare = await bareServer(second.market);
  const baseline = await measure('bare ws broadcast', bare.url, second.stepAt, bare.connected);
  bare.close();
  await second.close();

  const row = (r: Result) =>
    `${r.name.padEnd(20)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(9)} ${Math.round(r.messagesPerSecond).toString().padStart(10)} ${r.mbPerSecond.toFixed(1).padStart(8)} ${String(r.samples).padStart(9)} ${String(r.dropped).padStart(8)}`;
  process.stdout.write(
    `${'server'.padEnd(20)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'msgs/s'.padStart(10)} ${'MB/s'.padStart(8)} ${'samples'.padStart(9)} ${'dropped'.padStart(8)}\n`,
  );
  process.stdout.write(`${row(tradewind)}\n${row(baseline)}\n`);
  process.stdout.write(
    `ratio tradewind/bare: p50 ${(tradewind.p50 / baseline.p50).toFixed(2)}×, p99 ${(tradewind.p99 / baseline.p99).toFixed(2)}×, msgs/s ${(tradewind.messagesPerSecond / baseline.messagesPerSecond).toFixed(2)}×\n`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `ws-fanout failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
