// cluster: the same HTTP mix (70 % a customer app's reads, 30 % money calls) against 1 node and then 2 nodes
// of a scaled-mode cluster on the same PostgreSQL database, measured in one run, with the CPU each part used
// (nodes, PostgreSQL, Redis, the load generator) and what the database sessions were doing; then the
// hot-account runs: money calls only, all on one customer's account against spread over many, on 1 and 2
// nodes.
//   npx tsx bench/cluster/run.ts [--seconds 20] [--warmup 5] [--concurrency 16] [--hot-seconds 8]
//                                [--generators 1]
// The PostgreSQL server is TEST_DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test): the bench
// makes a database of its own there and drops it at the end; Redis is a redis-server it starts itself.
// CPU figures read /proc, so the bench runs on Linux with PostgreSQL on the same machine.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import * as schema from '../../apps/server/src/schema.ts';
import {
  clusterEnv,
  freePort,
  freshDatabase,
  Node,
  RedisServer,
  sleep,
  until,
} from '../../apps/server/src/test/cluster/nodes.ts';
import { signUp, type Customer } from '../../apps/server/src/test/cluster/customers.ts';
import type { Command, Load, Report } from './client.ts';
import { cpuBetween, redisPid, snapshot } from './cpu.ts';
import { enableRowLocks, sampleWaits } from './db-waits.ts';
import { printComparison, printHot, printPhase, type Phase } from './print.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive integer`);
  return v;
}

const seconds = arg('seconds', 20);
const warmupSeconds = arg('warmup', 5);
const concurrency = arg('concurrency', 16);
const hotSeconds = arg('hot-seconds', 8);
const generators = arg('generators', 1);
const here = path.dirname(fileURLToPath(import.meta.url));
const cores = os.cpus().length;

/** The reverse proxy a cluster runs behind, as deploy/ sets it up: the customer's address is forwarded. */
const forwardedFor = (i: number) => ({ 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` });

/** A node's role as the proxy's health check sees it. */
async function role(node: Node): Promise<string | undefined> {
  const res = await fetch(`${node.url}/readyz`).catch(() => undefined);
  if (!res?.ok) return undefined;
  return ((await res.json()) as { role?: string }).role;
}

type Cluster = {
  nodes: Node[];
  redis: RedisServer;
  database: Awaited<ReturnType<typeof freshDatabase>>;
  /** The runner's own connection: samples pg_stat_activity, and is left out of PostgreSQL's CPU. */
  sampler: pg.Client;
  samplerPid: number;
  /** pgrowlocks is there: the sampler reads which ledger accounts are locked. */
  rowLocks: boolean;
};

/** Forks the generators, each with its share of the loops and of the customers. */
async function startGenerators(load: Load): Promise<ChildProcess[]> {
  const children = Array.from({ length: generators }, () =>
    fork(path.join(here, 'client.ts'), [], { execArgv: ['--import', 'tsx'] }),
  );
  await Promise.all(
    children.map(
      (child, g) =>
        new Promise<void>((resolve, reject) => {
          child.once('message', (m: { op: string; message?: string }) =>
            m.op === 'ready' ? resolve() : reject(new Error(`generator ${g}: ${m.message}`)),
          );
          child.once('exit', (code) => reject(new Error(`generator ${g} exited with ${String(code)}`)));
          const share: Load = {
            ...load,
            tokens: load.tokens.filter((_, i) => i % generators === g),
            concurrency:
              Math.floor(load.concurrency / generators) + (g < load.concurrency % generators ? 1 : 0),
            seed: load.seed + 1000 * g,
          };
          child.send({ op: 'start', load: share } satisfies Command);
        }),
    ),
  );
  return children;
}

function stopGenerator(child: ChildProcess): Promise<Report> {
  return new Promise((resolve, reject) => {
    child.removeAllListeners('exit');
    child.on('message', (m: { op: string; report?: Report }) => {
      if (m.op === 'report' && m.report) resolve(m.report);
    });
    child.once('exit', (code) =>
      reject(new Error(`generator exited with ${String(code)} before its report`)),
    );
    child.send({ op: 'stop' } satisfies Command);
  });
}

function merge(reports: Report[]): Omit<Report, 'seconds'> {
  const out: Omit<Report, 'seconds'> = {
    latencies: {},
    refused: {},
    failed: {},
    quoteRefreshes: 0,
    closesWithPnl: 0,
  };
  for (const r of reports) {
    for (const [route, ms] of Object.entries(r.latencies)) (out.latencies[route] ??= []).push(...ms);
    for (const [k, n] of Object.entries(r.refused)) out.refused[k] = (out.refused[k] ?? 0) + n;
    for (const [k, n] of Object.entries(r.failed)) out.failed[k] = (out.failed[k] ?? 0) + n;
    out.quoteRefreshes += r.quoteRefreshes;
    out.closesWithPnl += r.closesWithPnl;
  }
  return out;
}

/** One measured window: the load on `nodes` after its warm-up, with the CPU and the database's sessions. */
async function measure(
  c: Cluster,
  label: string,
  nodes: Node[],
  load: Omit<Load, 'targets'>,
  window: { warmup: number; seconds: number },
): Promise<Phase> {
  const children = await startGenerators({ ...load, targets: nodes.map((n) => n.url) });
  try {
    await sleep(window.warmup * 1000);
    const redis = redisPid(c.redis.port);
    const groups: Array<[string, number[]]> = [
      ...c.nodes.filter((n) => n.running).map((n): [string, number[]] => [`node ${n.name}`, [n.pid]]),
      ['Redis', redis === undefined ? [] : [redis]],
      ['load generator', children.map((ch) => ch.pid ?? -1)],
      ['bench runner (reads the nodes’ logs)', [process.pid]],
    ];
    const pgWho = { database: c.database.name, ignore: new Set([c.samplerPid]) };
    const before = snapshot(groups, pgWho);
    for (const child of children) child.send({ op: 'measure' } satisfies Command);
    const stopSampling = sampleWaits(c.sampler, c.database.name, { rowLocks: c.rowLocks, everyMs: 100 });
    await sleep(window.seconds * 1000);
    const after = snapshot(groups, pgWho);
    const reports = await Promise.all(children.map(stopGenerator));
    const waits = await stopSampling();
    const measured = Math.max(...reports.map((r) => r.seconds));
    return {
      label,
      nodes: nodes.length,
      loops: load.concurrency,
      seconds: measured,
      ...merge(reports),
      cpu: cpuBetween(before, after, cores),
      waits,
    };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}

async function startCluster(): Promise<Cluster> {
  const database = await freshDatabase();
  const redis = new RedisServer(await freePort());
  await redis.start();
  const env = {
    ...clusterEnv({
      databaseUrl: database.url,
      redisUrl: redis.url,
      secretKey: randomBytes(32).toString('base64'),
      name: 'bench',
    }),
    TRUST_PROXY: 'true',
  };
  const nodes = [await Node.create('a', env), await Node.create('b', env)];
  const sampler = new pg.Client({ connectionString: database.url });
  await sampler.connect();
  const { rows } = await sampler.query<{ pid: number }>('select pg_backend_pid() as pid');
  const rowLocks = await enableRowLocks(sampler);
  return { nodes, redis, database, sampler, samplerPid: rows[0]?.pid ?? -1, rowLocks };
}

/**
 * Should the runner die without its finally (a crash, Ctrl-C), the nodes and redis-server would outlive it
 * and go on using the machine: kill them on the way out (only signals can be sent from 'exit').
 */
function killOnExit(c: Cluster): void {
  process.once('exit', () => {
    for (const n of c.nodes) if (n.running) n.signal('SIGKILL');
    const redis = redisPid(c.redis.port);
    if (redis !== undefined) process.kill(redis, 'SIGKILL');
  });
  process.once('SIGINT', () => {
    console.log('\ninterrupted: stopping the cluster and dropping its database');
    void stopCluster(c).finally(() => process.exit(130));
  });
}

async function stopCluster(c: Cluster): Promise<void> {
  await c.sampler.end().catch(() => undefined);
  for (const n of c.nodes) await n.dispose();
  await c.redis.stop();
  await c.database.drop();
}

/** Customers signed up through the node as people do (each from an address of its own, behind the proxy). */
async function customers(c: Cluster, node: Node, n: number): Promise<Customer[]> {
  const db = await openDatabase({ databaseUrl: c.database.url, pgliteDir: '' }, schema);
  try {
    const out: Customer[] = [];
    for (let i = 0; i < n; i++) out.push(await signUp(node, db, { headers: forwardedFor(i) }));
    return out;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `cluster bench: ${seconds} s measured per phase after ${warmupSeconds} s warm-up, ${concurrency} loops, ${generators} generator process(es), hot-account runs ${hotSeconds} s; Node ${process.version}, ${cores} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const c = await startCluster();
  killOnExit(c);
  try {
    const [a, b] = c.nodes;
    if (!a || !b) throw new Error('two nodes expected');
    const setupStarted = Date.now();
    await a.start();
    await until('node a leads', 30_000, async () => ((await role(a)) === 'leader' ? true : undefined));
    const people = await customers(c, a, concurrency);
    const tokens = people.map((p) => p.token);
    const hotToken = tokens[0];
    console.log(
      `setup: node a up and leading, ${people.length} customers signed up (${((Date.now() - setupStarted) / 1000).toFixed(1)} s)`,
    );

    const mix = { tokens, concurrency, readShare: 0.7, seed: 15 };
    const hot = { tokens, concurrency, readShare: 0, seed: 15 };
    const main = { warmup: warmupSeconds, seconds };
    const short = { warmup: Math.min(3, warmupSeconds), seconds: hotSeconds };

    const one = await measure(c, 'A: 1 node', [a], mix, main);
    printPhase(one);
    const hotRuns: Phase[] = [];
    hotRuns.push(await measure(c, '1 node, one account', [a], { ...hot, hotToken }, short));
    hotRuns.push(await measure(c, `1 node, ${tokens.length} accounts`, [a], hot, short));

    const joined = Date.now();
    await b.start();
    await until('node b follows', 30_000, async () => ((await role(b)) === 'follower' ? true : undefined));
    console.log(
      `\nnode b started and follows (${((Date.now() - joined) / 1000).toFixed(1)} s); node a ${await role(a)}`,
    );

    const two = await measure(c, 'B: 2 nodes (round-robin)', [a, b], mix, main);
    printPhase(two);
    hotRuns.push(await measure(c, '2 nodes, one account', [a, b], { ...hot, hotToken }, short));
    hotRuns.push(await measure(c, `2 nodes, ${tokens.length} accounts`, [a, b], hot, short));

    printComparison(one, two);
    printHot(hotRuns);
  } finally {
    await stopCluster(c);
  }
}

await main();
