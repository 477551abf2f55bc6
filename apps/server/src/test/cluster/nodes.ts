// The real parts of a cluster for `npm run test:cluster`: a fresh PostgreSQL database, a private
// redis-server on a spare port, and server nodes as real `node` processes (apps/server/src/main.ts under
// tsx) on ephemeral ports, with their logs kept for the assertions and for a failure's report.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { formatMinor } from '@tradewind/contract/money';
import { catalogueRows } from '../../market/catalogue.ts';
import { freePort, RedisServer } from '../redis-server.ts';
import { prng } from './seeded.ts';

export { freePort, RedisServer };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux); undefined when it cannot
 * be read (another OS, a process gone). Clock ticks are taken as 100 per second, the Linux default.
 */
export async function cpuMsOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields that matter follow its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Polls `probe` until it answers a value (not undefined) or `ms` pass. */
export async function until<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | undefined> | T | undefined,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

/** A database of its own on the PostgreSQL of TEST_DATABASE_URL (or the local one), dropped at the end. */
export async function freshDatabase(): Promise<{
  url: string;
  name: string;
  /** The server's own database, for what is done to this one from outside (cutting its connections). */
  adminUrl: string;
  drop: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `tw_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    adminUrl: base,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The environment of a node of one test cluster: scaled mode on `databaseUrl` and `redisUrl`, the one
 * SECRET_KEY of the cluster (scaled mode refuses to start without one), the API only (the front ends need a
 * build), a public URL naming the cluster, and the price feed: `marketFeed` (a live recording from
 * `liveReplay`, `replay:FILE`, for a suite that opens real-book contracts: the real book trades only on
 * live, fresh prices, DESIGN.md §1.10), else the simulated walk alone (every node computes the same prices).
 */
export function clusterEnv(opts: {
  databaseUrl: string;
  redisUrl: string;
  secretKey: string;
  name: string;
  marketFeed?: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    SECRET_KEY: opts.secretKey,
    PUBLIC_URL: `http://${opts.name}-${randomBytes(4).toString('hex')}.test`,
    MARKET_FEED: opts.marketFeed ?? 'sim',
  };
}

/** The instruments the suites trade: crypto, open around the clock, so a run never meets a closed market. */
export const liveCodes = ['BTCUSDT', 'ETHUSDT'] as const;

/**
 * A recording that declares itself live (source-replay.ts: `{"replay": {"source": "live", …}}`), written
 * to a directory of its own, for `MARKET_FEED=replay:FILE`: one tick a second per code for `seconds`, a
 * bounded random walk (within ±3 %, pulled back towards the middle) around each instrument's reference price
 * in the catalogue, the same for the same `seed`. Each node plays it from its own start, and a new leader
 * from its own start too (its first step sends at once every tick due since then, the newest a second old);
 * once the file ends the prices go stale, so `seconds` must outlast the longest run of one node. The walk
 * prices every code the file does not name. Answers the `MARKET_FEED` value and a `dispose`.
 */
export async function liveReplay(opts: {
  seconds: number;
  codes?: readonly string[];
  seed?: number;
}): Promise<{ marketFeed: string; file: string; dispose: () => Promise<void> }> {
  const codes = opts.codes ?? liveCodes;
  const rows = catalogueRows(new Date(0));
  const random = prng(opts.seed ?? 1_021);
  const walks = codes.map((code) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`no instrument ${code} in the catalogue`);
    // Offsets from the reference in parts per million: integers, the price computed in minor units.
    return { code, reference: row.referencePriceMinor, scale: row.priceScale ?? 2, ppm: 0 };
  });
  const stepPpm = 400; // at most ±0.04 % a second: levels 0.05 % away are reached within minutes
  const boundPpm = 30_000;
  const lines = [JSON.stringify({ replay: { source: 'live', recordedFrom: 'tradewind cluster test' } })];
  for (let s = 0; s < opts.seconds; s++) {
    for (const w of walks) {
      const step = Math.round((random() * 2 - 1) * stepPpm) - Math.round(w.ppm / 500);
      w.ppm = Math.max(-boundPpm, Math.min(boundPpm, w.ppm + step));
      const priceMinor = (w.reference * BigInt(1_000_000 + w.ppm)) / 1_000_000n;
      lines.push(
        JSON.stringify({ code: w.code, price: formatMinor(priceMinor, w.scale), offsetMs: s * 1000 }),
      );
    }
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-cluster-live-'));
  const file = path.join(dir, 'live.ndjson');
  await writeFile(file, `${lines.join('\n')}\n`);
  return { marketFeed: `replay:${file}`, file, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export type LogLine = { at: number; pid: number; level?: number; msg?: string; [k: string]: unknown };

/** Fastify's two lines per request: counted, not kept (a long money stream would fill the memory). */
const routine = new Set(['incoming request', 'request completed']);

/** One server process: the log lines of all its runs (each tagged with its pid), its port. */
export class Node {
  readonly logs: LogLine[] = [];
  /** Requests logged as served (by every run), for the reports. */
  requests = 0;
  private child: ChildProcess | undefined;
  port = 0;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;

  constructor(
    readonly name: string,
    readonly dataDir: string,
    private readonly env: NodeJS.ProcessEnv,
    /** Node's own flags for the process (`--cpu-prof`, which NODE_OPTIONS refuses). */
    private readonly execArgv: string[] = [],
  ) {}

  static async create(name: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<Node> {
    return new Node(name, await mkdtemp(path.join(os.tmpdir(), `tw-cluster-${name}-`)), env, execArgv);
  }

  get pid(): number {
    const pid = this.child?.pid;
    if (pid === undefined) throw new Error(`${this.name} is not running`);
    return pid;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Starts the process and waits until it listens, on the port this run announces (a restarted node's
   * earlier lines stay for the report, tagged with the earlier pid).
   */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [...this.execArgv, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...this.env, DATA_DIR: this.dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.port = 0;
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const pid = child.pid ?? -1;
    let buffered = '';
    const take = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        let parsed: Omit<LogLine, 'at' | 'pid'>;
        try {
          parsed = JSON.parse(line) as Omit<LogLine, 'at' | 'pid'>;
        } catch {
          parsed = { msg: line };
        }
        if (typeof parsed.msg === 'string' && routine.has(parsed.msg)) {
          if (parsed.msg === 'request completed') this.requests++;
          const status = (parsed.res as { statusCode?: number } | undefined)?.statusCode ?? 0;
          if (status < 500) continue;
        }
        this.logs.push({ ...parsed, at: Date.now(), pid });
      }
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const listening = await until(`${this.name} listening`, 60_000, () => {
      if (child.exitCode !== null) throw new Error(`${this.name} exited: ${this.tail()}`);
      const line = this.logs.find(
        (l) => l.pid === pid && typeof l.msg === 'string' && l.msg.startsWith('Server listening at'),
      );
      return line?.msg;
    });
    this.port = Number(new URL(listening.replace('Server listening at ', '')).port);
  }

  signal(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  /** Log lines whose message contains `text`, since `fromMs`. */
  said(text: string, fromMs = 0): LogLine[] {
    return this.logs.filter((l) => l.at >= fromMs && typeof l.msg === 'string' && l.msg.includes(text));
  }

  tail(n = 30): string {
    return this.logs
      .slice(-n)
      .map((l) => JSON.stringify(l))
      .join('\n');
  }

  async dispose(): Promise<void> {
    if (this.running) {
      this.child?.kill('SIGCONT');
      this.child?.kill('SIGKILL');
      await this.exit;
    }
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

export type Answer<T = unknown> = { status: number; body: { code: string; message: string; result: T } };

export type CallOptions = {
  body?: unknown;
  token?: string;
  book?: 'YES' | 'NO';
  lang?: string;
  headers?: Record<string, string>;
};

/** One API call over real HTTP to `node`. */
export async function call<T = unknown>(
  node: Node,
  method: 'GET' | 'POST',
  url: string,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  if (opts.book) headers.virtually = opts.book;
  if (opts.lang) headers['accept-language'] = opts.lang;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  let body: Answer<T>['body'];
  try {
    body = JSON.parse(text) as Answer<T>['body'];
  } catch {
    body = { code: String(res.status), message: text, result: undefined as T };
  }
  return { status: res.status, body };
}

const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request over kept-alive connections with node:http, the raw answer: lighter on the test's CPU than
 * fetch, for a test that sends its calls by the hundred thousand.
 */
export function request(
  node: Node,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: node.port,
        method,
        path: url,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: keptAlive,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A live-price client: every message's arrival time, and how it was closed. */
export class PriceWatcher {
  readonly arrivals: number[] = [];
  closed: { code: number; at: number } | undefined;
  readonly ws: WebSocket;
  readonly opened: Promise<void>;

  constructor(readonly node: Node) {
    this.ws = new WebSocket(`ws://127.0.0.1:${node.port}/api/ws`);
    this.ws.on('message', () => this.arrivals.push(Date.now()));
    this.ws.on('close', (code) => (this.closed = { code, at: Date.now() }));
    this.ws.on('error', () => undefined);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  countSince(fromMs: number): number {
    return this.arrivals.filter((t) => t >= fromMs).length;
  }

  /** The longest silence within [fromMs, toMs], counting the edges of the window. */
  longestGap(fromMs: number, toMs: number): number {
    const inside = this.arrivals.filter((t) => t >= fromMs && t <= toMs);
    const points = [fromMs, ...inside, toMs];
    let gap = 0;
    for (let i = 1; i < points.length; i++) gap = Math.max(gap, (points[i] ?? 0) - (points[i - 1] ?? 0));
    return gap;
  }

  close(): void {
    this.ws.terminate();
  }
}
