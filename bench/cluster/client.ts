// The load generator of the cluster bench, in a process of its own so that its JSON and sockets share no
// event loop with the nodes or with the runner that measures them. `concurrency` closed loops, each a
// customer of the app: 70 % of its calls the reads the app makes, 30 % money calls (a contract opened on
// the demo book with the terms it was quoted, then closed), spread round-robin over the nodes. Every call
// is timed from send to answer; an answer whose envelope code is not 200 is a refusal, not throughput.
import { randomUUID } from 'node:crypto';
import type { BuyOptionsBody, MarketInfo } from '@tradewind/contract';
import { prng } from '../../apps/server/src/test/cluster/seeded.ts';
import { confirmBody } from '../confirm-body.ts';

export type Load = {
  /** Base URLs of the nodes; each call goes to the next one. */
  targets: string[];
  /** Session tokens: loop i is the customer tokens[i % n]. */
  tokens: string[];
  concurrency: number;
  /** Share of calls that are reads (0.7 in the mix, 0 in the hot-account runs). */
  readShare: number;
  /** When set, every money call of every loop is this one customer's (the hot-account run). */
  hotToken?: string | undefined;
  seed: number;
};

export type Command = { op: 'start'; load: Load } | { op: 'measure' } | { op: 'stop' };

/** What one generator saw between `measure` and `stop`. */
export type Report = {
  seconds: number;
  /** Latencies (ms) of the calls answered 200, by route. */
  latencies: Record<string, number[]>;
  /** Calls answered with another code, by `route status/code`. */
  refused: Record<string, number>;
  /** Calls that got no answer (connection refused or reset, timeout), by `route error`. */
  failed: Record<string, number>;
  /** getMarketInfo calls made to keep the quotes fresh when the loops' own reads did not (not counted). */
  quoteRefreshes: number;
  /** Closes with a P&L: only those post to the platform's trading P&L account (a zero line is left out). */
  closesWithPnl: number;
};

export const moneyRoutes: ReadonlySet<string> = new Set(['buyOptions', 'closeOptions']);

/** Contracts are opened on these (crypto trades around the clock, so no run meets a closed market). */
const codes = ['BTCUSDT', 'ETHUSDT'] as const;
const api = '/api/swx/customer';
const callTimeoutMs = 30_000;
const quoteMaxAgeMs = 1_000;

type Answer = { status: number; code: string; result: unknown };
type Quote = { body: BuyOptionsBody; atMs: number };

const now = () => performance.now();
let load: Load;
let nextTarget = 0;
let measuring = false;
let running = false;
let measureStartedMs = 0;
let report: Report = emptyReport();
const quotes = new Map<string, Quote>();

function emptyReport(): Report {
  return { seconds: 0, latencies: {}, refused: {}, failed: {}, quoteRefreshes: 0, closesWithPnl: 0 };
}

async function send(
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; money?: boolean } = {},
): Promise<Answer> {
  const target = load.targets[nextTarget++ % load.targets.length] ?? '';
  const headers: Record<string, string> = { virtually: 'NO' };
  if (opts.token) headers.authorization = opts.token;
  if (opts.money) headers['idempotency-key'] = randomUUID();
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${target}${path}`, {
    method,
    headers,
    signal: AbortSignal.timeout(callTimeoutMs),
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { code: string; result: unknown };
    return { status: res.status, code: body.code, result: body.result };
  } catch {
    return { status: res.status, code: 'not json', result: undefined };
  }
}

/** The confirm step's body for the instrument, and when it was read. */
function remember(info: MarketInfo): void {
  quotes.set(info.code, { atMs: now(), body: confirmBody(info) });
}

async function refreshQuote(code: string): Promise<void> {
  const answer = await send('GET', `${api}/index/getMarketInfo/${code}`);
  if (answer.code !== '200') throw new Error(`getMarketInfo ${code}: ${answer.status}/${answer.code}`);
  remember(answer.result as MarketInfo);
}

/** A customer's loop: what it holds between calls. */
type Loop = { token: string; random: () => number; openId: string | undefined; opens: number };

type Call = { route: string; run: (loop: Loop) => Promise<Answer> };

/** The reads, weighted as a customer's app makes them (home list, detail and chart, account, orders). */
const reads: Array<[weight: number, Call]> = [
  [12, { route: 'listMarketByType', run: () => send('GET', `${api}/index/listMarketByType?type=2&limit=8`) }],
  [
    14,
    {
      route: 'getMarketInfo',
      run: async (l) => {
        const answer = await send('GET', `${api}/index/getMarketInfo/${codes[l.opens % codes.length]}`);
        if (answer.code === '200') remember(answer.result as MarketInfo);
        return answer;
      },
    },
  ],
  [
    12,
    {
      route: 'getKValueByCodeAndDate',
      run: (l) =>
        send(
          'GET',
          `${api}/index/getKValueByCodeAndDate?code=${codes[l.opens % codes.length]}&period=${['1m', '15m', '1h'][Math.floor(l.random() * 3)]}&limit=300`,
        ),
    },
  ],
  [4, { route: 'stats', run: () => send('GET', `${api}/index/stats`) }],
  [12, { route: 'getUserInfo', run: (l) => send('POST', `${api}/user/getUserInfo`, { token: l.token }) }],
  [
    10,
    {
      route: 'listOptionsOrder',
      run: (l) => send('GET', `${api}/order/listOptionsOrder?page=1&size=20`, { token: l.token }),
    },
  ],
  [
    6,
    {
      route: 'listFundRecord',
      run: (l) => send('GET', `${api}/user/listFundRecord?page=1&size=20`, { token: l.token }),
    },
  ],
];
const readWeight = reads.reduce((s, [w]) => s + w, 0);

/** The loop's next money call: close its open contract, or open one with the latest quote. */
function moneyCall(loop: Loop): Call {
  const token = load.hotToken ?? loop.token;
  const openId = loop.openId;
  if (openId !== undefined) {
    return {
      route: 'closeOptions',
      run: async () => {
        loop.openId = undefined; // closed, or refused (settled meanwhile): either way not ours to close again
        const answer = await send('POST', `${api}/order/closeOptions/${openId}`, { token, money: true });
        const pnl = answer.code === '200' ? (answer.result as { pnl: string }).pnl : '0';
        if (measuring && !/^-?0(\.0*)?$/.test(pnl)) report.closesWithPnl++;
        return answer;
      },
    };
  }
  return {
    route: 'buyOptions',
    run: async () => {
      const quote = quotes.get(codes[loop.opens++ % codes.length] ?? '');
      if (!quote) throw new Error('no quote');
      const answer = await send('POST', `${api}/order/buyOptions`, { token, money: true, body: quote.body });
      if (answer.code === '200') loop.openId = (answer.result as { id: string }).id;
      return answer;
    },
  };
}

function pick(loop: Loop): Call {
  if (loop.random() >= load.readShare) return moneyCall(loop);
  let r = loop.random() * readWeight;
  for (const [weight, call] of reads) {
    r -= weight;
    if (r < 0) return call;
  }
  return reads[0]?.[1] ?? moneyCall(loop);
}

const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

async function runLoop(loop: Loop): Promise<void> {
  while (running) {
    const call = pick(loop);
    const t0 = now();
    try {
      const answer = await call.run(loop);
      if (!measuring) continue;
      if (answer.code === '200') (report.latencies[call.route] ??= []).push(now() - t0);
      else bump(report.refused, `${call.route} ${answer.status}/${answer.code}`);
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
      if (measuring) bump(report.failed, `${call.route} ${cause}`);
    }
  }
}

/** Keeps each quote under a second old when the loops' own getMarketInfo reads do not (money-only runs). */
function keepQuotesFresh(): void {
  const timer = setInterval(() => {
    for (const code of codes) {
      const q = quotes.get(code);
      if (q && now() - q.atMs < quoteMaxAgeMs) continue;
      if (measuring) report.quoteRefreshes++;
      refreshQuote(code).catch(() => undefined);
    }
  }, quoteMaxAgeMs / 4);
  timer.unref();
}

async function start(l: Load): Promise<void> {
  load = l;
  for (const code of codes) await refreshQuote(code);
  running = true;
  keepQuotesFresh();
  for (let i = 0; i < load.concurrency; i++) {
    const token = load.tokens[i % load.tokens.length];
    if (!token) throw new Error('no customer token');
    // Seeded (mulberry32): each loop's choices repeat from run to run.
    void runLoop({ token, random: prng(load.seed + i), openId: undefined, opens: i });
  }
}

// The runner gone (killed, crashed): stop loading nodes nobody measures.
process.on('disconnect', () => process.exit(1));

process.on('message', (cmd: Command) => {
  if (cmd.op === 'start') {
    start(cmd.load).then(
      () => process.send?.({ op: 'ready' }),
      (err: unknown) => process.send?.({ op: 'error', message: String(err) }),
    );
  } else if (cmd.op === 'measure') {
    report = emptyReport();
    measureStartedMs = now();
    measuring = true;
  } else {
    measuring = false;
    running = false;
    report.seconds = (now() - measureStartedMs) / 1000;
    process.send?.({ op: 'report', report }, () => process.exit(0));
  }
});
