// Bank test (issue 15, after Jepsen's): two server nodes on one PostgreSQL database and a private Redis,
// both serving at once; 100 verified customers funded through real deposit claims an admin approves; then
// BANK_OPS (default 10⁵) seeded random money calls (BANK_SEED replays the choices) from concurrent workers,
// each sent to either node with an Idempotency-Key: deposit claims and their approvals or rejections,
// withdrawals and theirs, contract opens and closes on both books, smart-plan buys and early exits, NFT bids
// (an outbid releases the hold), replays of acknowledged calls under their key, and calls that must be
// refused (funds short, stale terms, bids below the minimum, a decided item decided again). Meanwhile the
// leader settles on its own: contracts at their term or at a take-profit / stop-loss, auctions ending.
// The instruments traded are priced by a live recording the test writes (nodes.ts `liveReplay`): the real
// book opens, closes and settles only on live, fresh prices (DESIGN.md §1.10), the demo book on any.
//
// Every ~1.5 s, in ONE read-only REPEATABLE READ snapshot of the ledger (every account and its postings):
//   for each book and asset, Σ customer (cash + margin + plan_principal + withdrawal_hold + bid_hold)
//   + Σ platform accounts = 0 — the constant of the double-entry ledger, where a customer's money is a
//   positive balance and the platform's accounts (deposits/withdrawals clearing, fee income, trading P&L,
//   yield expense, charity payable, demo mint, …) hold the other side of every flow;
//   no customer account is negative; every balance equals the sum of its postings; every entry balances.
// At the end, in one more snapshot: a model (bank-model.ts: bigint minor units, the business rules written
// out again) driven only by the acknowledged answers, and by what the leader settled as the final rows
// record it, must hold exactly what the ledger holds, account by account (every customer account of both
// books, and every platform account); every business row is one the test was told of, and no more.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type {
  Deposit,
  DepositChannel,
  MarketInfo,
  NftBid,
  NftDetail,
  OptionsContract,
  SmartOrder,
  SmartProduct,
  Withdrawal,
} from '@tradewind/contract';
import { formatMinor, parseDecimal } from '@tradewind/contract/money';
import { openDatabase, type Database } from '../../platform/db.ts';
import * as schema from '../../schema.ts';
import { getParam } from '../../settings/service.ts';
import { encodeMultipart, makeImage, type Form } from '../multipart.ts';
import { balancesOf, inSnapshot, invariantProblems, totals, type Snapshot } from './bank-ledger.ts';
import {
  BankModel,
  contractOpening,
  contractPnl,
  diffBalances,
  interestOfDay,
  redeemPenalty,
  usdt,
  withdrawalFee,
  type AckedBid,
  type Book,
  type ContractSpec,
} from './bank-model.ts';
import { openDepositChannels, secureBootstrapAdmin, setParams, signUp, type Customer } from './customers.ts';
import {
  clusterEnv,
  cpuMsOf,
  freshDatabase,
  liveCodes,
  liveReplay,
  Node,
  RedisServer,
  request,
  sleep,
  type Answer,
} from './nodes.ts';
import { pickWith, prng } from './seeded.ts';

const seed = Number(process.env.BANK_SEED ?? 15_100_000);
const totalOps = Number(process.env.BANK_OPS ?? 100_000);
const workerCount = Number(process.env.BANK_WORKERS ?? 16);
/** A directory for a CPU profile of each node (written when the node exits at the end). */
const cpuProfileDir = process.env.BANK_CPU_PROF;
const customerCount = 100;
const sampleEveryMs = 1_500;
const codes = liveCodes;
/** Claims per customer in the stream, after the funding one: the recharge window is 5 per 10 minutes. */
const claimsPerCustomer = 4;
const usdtScale = 6;
const minor = (text: string) => parseDecimal(text, usdtScale);

type Kind =
  | 'claim'
  | 'deposit.approve'
  | 'deposit.reject'
  | 'withdraw'
  | 'withdrawal.approve'
  | 'withdrawal.reject'
  | 'open.demo'
  | 'open.real'
  | 'close'
  | 'plan.buy'
  | 'plan.redeem'
  | 'bid'
  | 'replay';

/** One money call: where it goes, as whom, under which key. */
type Call = {
  kind: Kind;
  node: Node;
  url: string;
  token: string;
  book: 'YES' | 'NO';
  key: string;
  body?: unknown;
  form?: Form;
  /** The customer's own address, as the reverse proxy forwards it. */
  ip?: string;
};

type Client = Customer & { ip: string; claims: number };
type Pending = { id: number; userId: number; amount: bigint; fee: bigint };
type Contract = {
  userId: number;
  book: Book;
  spec: ContractSpec;
  direction: 'up' | 'down';
  open: bigint;
  margin: bigint;
  close?: { price: bigint; reason: string };
};
type Plan = { userId: number; amount: bigint; penaltyBps: bigint; rateE8: bigint };

let db: Database;
let dropDb: () => Promise<void>;
let dropReplay: (() => Promise<void>) | undefined;
let redis: RedisServer;
let snapshots: pg.Client;
const nodes: Node[] = [];
let adminToken = '';
let channel: DepositChannel;
let model: BankModel;
const clients: Client[] = [];
const products: Array<{
  id: string;
  days: number;
  dailyRate: string;
  termsSha256: string;
  min: bigint;
  max: bigint;
}> = [];
const market = new Map<string, MarketInfo>();
let withdrawalRule = { ratePpm: 0n, minFee: 0n };
const proofs: Buffer[] = [];

// What the stream was told, for the model and the final checks.
const pendingDeposits: Pending[] = [];
const pendingWithdrawals: Pending[] = [];
const claimed = new Map<number, 'pending' | 'approved' | 'rejected'>();
const withdrawn = new Map<number, 'pending' | 'approved' | 'rejected'>();
const decided: Array<{ kind: 'deposits' | 'withdrawals'; id: number }> = [];
const contracts = new Map<number, Contract>();
const closable: number[] = [];
const plans = new Map<number, Plan>();
const earning: number[] = [];
const bids = new Map<number, AckedBid[]>();
const minNextBid = new Map<number, bigint>();
const longPieces: number[] = [];
const shortPieces: number[] = [];
let shortBidsUntil = 0;
const replayable: Array<{ call: Call; answer: Answer }> = [];
/** Real-book opens and closes refused as delayed (10161), for the check against the changes of leader. */
const delayed: Array<{ at: number; kind: Kind; node: string }> = [];
/** How long the live recording lasts, and when the nodes began playing it. */
let recordingSeconds = 0;
let nodesStartedAt = 0;

/**
 * Each 10161 must fall within a minute of a change of leader (a node's "this node leads" after the first,
 * or "no longer leads"): otherwise the price went stale with a leader in place, which is a fault (or the
 * recording ended: it must outlast the run).
 */
function delayedProblems(): string[] {
  const leads = nodes
    .flatMap((n) => n.said('cluster: this node leads'))
    .map((l) => l.at)
    .sort((x, y) => x - y);
  const changes = [
    ...leads.slice(1),
    ...nodes.flatMap((n) => n.said('cluster: this node no longer leads').map((l) => l.at)),
  ];
  const ended = nodesStartedAt + recordingSeconds * 1000;
  return delayed
    .filter((d) => !changes.some((c) => Math.abs(d.at - c) <= 60_000))
    .map(
      (d) =>
        `${d.kind} on ${d.node} refused 10161 at ${new Date(d.at).toISOString()} with no change of leader near` +
        (d.at >= ended ? ' (after the live recording ended: make it longer)' : ''),
    );
}

// The tally. The stream's calls are counted against `limit` (none during the setup's funding).
let limit = Number.POSITIVE_INFINITY;
let reserved = 0;
const sent = new Map<Kind, number>();
const acked = new Map<Kind, number>();
const refusals = new Map<string, number>();
const problems: string[] = [];
const samples: Array<{ at: number; readMs: number; totals: string }> = [];
let reads = 0;
let streamMs = 0;
/** Milliseconds each counted call took, by kind. */
const latencies = new Map<Kind, number[]>();

const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
const problem = (text: string) => {
  if (problems.length < 200) problems.push(text);
};

/** Sends `call` (a money POST) and tallies it; undefined once the stream's count is reached. */
async function send<T>(call: Call, counted = true): Promise<Answer<T> | undefined> {
  if (counted) {
    if (reserved >= limit) return undefined;
    reserved++;
  }
  const headers: Record<string, string> = {
    'idempotency-key': call.key,
    authorization: call.token,
    virtually: call.book,
  };
  if (call.ip) headers['x-forwarded-for'] = call.ip;
  let body: Buffer | string = JSON.stringify(call.body ?? {});
  headers['content-type'] = 'application/json';
  if (call.form) {
    const encoded = encodeMultipart(call.form);
    body = encoded.body;
    headers['content-type'] = encoded.contentType;
  }
  const began = performance.now();
  const res = await request(call.node, 'POST', call.url, headers, body);
  const text = res.text;
  let parsed: Answer<T>['body'];
  try {
    parsed = JSON.parse(text) as Answer<T>['body'];
  } catch {
    parsed = { code: String(res.status), message: text, result: undefined as T };
  }
  const answer = { status: res.status, body: parsed };
  if (counted) {
    const took = latencies.get(call.kind) ?? [];
    took.push(performance.now() - began);
    latencies.set(call.kind, took);
    bump(sent, call.kind);
    if (answer.status === 200) bump(acked, call.kind);
    else bump(refusals, `${call.kind}:${parsed.code}`);
  }
  // A real-book open or close finding its price delayed (10161, HTTP 503) is a refusal, not a failure, in
  // the seconds after a change of leader: a new leader plays its own recording from its own start and the
  // price may age meanwhile. Kept and checked at the end against the changes of leader the nodes logged.
  if (parsed.code === '10161' && call.book === 'YES' && (call.kind === 'open.real' || call.kind === 'close'))
    delayed.push({ at: Date.now(), kind: call.kind, node: call.node.name });
  else if (answer.status >= 500)
    problem(`${call.kind} ${call.url} on ${call.node.name}: ${res.status} ${text}`);
  return answer;
}

async function get<T>(node: Node, url: string, token?: string): Promise<T> {
  reads++;
  const res = await request(node, 'GET', url, token ? { authorization: token } : {});
  const body = JSON.parse(res.text) as Answer<T>['body'];
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.result;
}

/** A stream actor's choices: its own seeded generator, so each worker's sequence replays. */
class Actor {
  readonly random: () => number;
  constructor(seedOf: number) {
    this.random = prng(seedOf);
  }
  pick<T>(xs: readonly T[]): T {
    return pickWith(this.random, xs);
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }
  key(): string {
    return `bank-${Math.floor(this.random() * 2 ** 52).toString(36)}-${randomBytes(4).toString('hex')}`;
  }
  node(): Node {
    return this.pick(nodes);
  }
  /** Takes a random element out of `xs`. */
  take<T>(xs: T[]): T | undefined {
    if (xs.length === 0) return undefined;
    const i = Math.floor(this.random() * xs.length);
    const [x] = xs.splice(i, 1);
    return x;
  }
}

const asCustomer = (a: Actor, kind: Kind, who: Client, url: string, book: 'YES' | 'NO'): Call => ({
  kind,
  node: a.node(),
  url,
  token: who.token,
  book,
  key: a.key(),
  ip: who.ip,
});

/** Keeps an acknowledged customer call for a later replay (a bounded, random sample). */
function keepForReplay(a: Actor, call: Call, answer: Answer): void {
  if (replayable.length < 2_000) replayable.push({ call, answer });
  else replayable[a.int(0, replayable.length - 1)] = { call, answer };
}

// ---- The operations -------------------------------------------------------------------------------------

async function claim(a: Actor, who: Client, amount: string): Promise<void> {
  who.claims++;
  const call: Call = {
    ...asCustomer(a, 'claim', who, '/api/swx/customer/user/recharge', 'YES'),
    form: {
      channelId: channel.id,
      amount,
      quotedRate: channel.rate ?? '1',
      txHash: randomBytes(32).toString('hex'),
      proof: { data: a.pick(proofs), filename: 'proof.png', contentType: 'image/png' },
    },
  };
  const answer = await send<Deposit>(call);
  if (answer?.status !== 200) return;
  const id = Number(answer.body.result.id);
  if (minor(answer.body.result.amount) !== minor(amount)) problem(`deposit ${id}: claimed ${amount}`);
  claimed.set(id, 'pending');
  pendingDeposits.push({ id, userId: who.id, amount: minor(amount), fee: 0n });
}

/**
 * An admin decides a pending claim or withdrawal. Now and then two admins decide the same item at once, one
 * on each node (approve and approve, or approve and reject): exactly one decision may stand, the other is
 * refused (10020) with nothing posted. And now and then an item decided already is decided again: 10020.
 */
async function decide(
  a: Actor,
  kind: 'deposits' | 'withdrawals',
  approve: boolean,
  mayRepeat = true,
): Promise<boolean> {
  const queue = kind === 'deposits' ? pendingDeposits : pendingWithdrawals;
  const done = decided.filter((d) => d.kind === kind);
  const again = mayRepeat && done.length > 0 && a.chance(0.03);
  const item = again ? undefined : a.take(queue);
  const id = again ? a.pick(done).id : item?.id;
  if (id === undefined) return false;
  const race = mayRepeat && item !== undefined && a.chance(0.05);
  const verdicts = race ? [approve, a.chance(0.5)] : [approve];
  const answers = await Promise.all(
    verdicts.map((yes, i) => {
      const verb = yes ? 'approve' : 'reject';
      return send({
        kind: kind === 'deposits' ? `deposit.${verb}` : `withdrawal.${verb}`,
        node: race ? (nodes[i] as Node) : a.node(),
        url: `/admin/api/reviews/${kind}/${id}/${verb}`,
        token: adminToken,
        book: 'YES',
        key: a.key(),
        // A withdrawal (to a TRC20 address) is approved with the transaction that paid it out.
        body: yes
          ? kind === 'withdrawals'
            ? { payoutTxHash: randomBytes(32).toString('hex') }
            : {}
          : { reason: 'bank test: not received' },
      });
    }),
  );
  const stood = verdicts.filter((_, i) => answers[i]?.status === 200);
  const refused = answers.flatMap((x) => (x !== undefined && x.status !== 200 ? [x] : []));
  if (!item) {
    if (stood.length > 0) problem(`${kind} ${id} decided a second time`);
    return true;
  }
  if (stood.length > 1) problem(`${kind} ${id}: two decisions stood`);
  for (const r of refused)
    if (stood.length === 0 || r.body.code !== '10020')
      problem(`${kind} ${id}: decision refused ${r.body.code} ${r.body.message}`);
  const yes = stood[0];
  if (yes === undefined) {
    if (refused.length === 0) queue.push(item); // the stream's count was reached first
    return true;
  }
  decided.push({ kind, id });
  const outcome = yes ? 'approved' : 'rejected';
  if (kind === 'deposits') {
    claimed.set(id, outcome);
    if (yes) model.depositApproved(item.userId, item.amount);
  } else {
    withdrawn.set(id, outcome);
    model.withdrawalDecided(item.userId, item.amount, item.fee, yes);
  }
  return true;
}

async function withdraw(a: Actor, who: Client): Promise<void> {
  // Now and then more than anyone holds: refused (20006), nothing held.
  const amount = a.chance(0.08) ? 5_000_000n * 1_000_000n : BigInt(a.int(10, 60)) * 1_000_000n;
  const fee = withdrawalFee(amount, withdrawalRule.ratePpm, withdrawalRule.minFee);
  const call: Call = {
    ...asCustomer(a, 'withdraw', who, '/api/swx/customer/user/withdrawal', 'YES'),
    body: {
      methodId: who.methodId,
      amount: formatMinor(amount, usdtScale),
      password: who.password,
      quotedFee: formatMinor(fee, usdtScale),
    },
  };
  const answer = await send<Withdrawal>(call);
  if (answer?.status !== 200) return;
  const w = answer.body.result;
  const id = Number(w.id);
  if (minor(w.fee) !== fee || minor(w.amount) !== amount)
    problem(`withdrawal ${id}: answered ${w.amount} fee ${w.fee}, model ${usdt(amount)} fee ${usdt(fee)}`);
  model.withdrawalPlaced(who.id, amount);
  withdrawn.set(id, 'pending');
  pendingWithdrawals.push({ id, userId: who.id, amount, fee });
  keepForReplay(a, call, answer);
}

function level(price: bigint, scale: number, up: boolean): string {
  const step = price / 2_000n > 0n ? price / 2_000n : 1n;
  return formatMinor(up ? price + step : price - step, scale, scale);
}

async function open(a: Actor, who: Client, book: Book): Promise<void> {
  const code = a.pick(codes);
  const info = market.get(code);
  if (!info) return;
  const direction = a.pick(['up', 'down'] as const);
  const term = a.chance(0.7)
    ? (info.terms.find((t) => t.seconds === 60) ?? info.terms[0])
    : a.pick(info.terms);
  if (!term) return;
  const lotStep = parseDecimal(info.lotSize, 2);
  let lots = parseDecimal(info.minLots, 2) + lotStep * BigInt(a.int(0, 4));
  let feeRate = info.feeRate;
  let termsSha256 = info.termsSha256;
  // Refusals by design: the largest position (funds short on the real book), a fee rate not in force, or
  // terms other than those in force (the hash of another set of terms: 10112).
  if (a.chance(0.04)) lots = parseDecimal(info.maxLots, 2);
  if (a.chance(0.03)) feeRate = formatMinor(parseDecimal(info.feeRate, 4) + 1n, 4);
  const staleTerms = a.chance(0.02);
  if (staleTerms) termsSha256 = `${termsSha256.startsWith('0') ? 'f' : '0'}${termsSha256.slice(1)}`;
  const price = parseDecimal(info.nowPrice, info.priceScale);
  const levels: Record<string, string> = {};
  if (a.chance(0.25)) {
    levels.takeProfit = level(price, info.priceScale, direction === 'up');
    levels.stopLoss = level(price, info.priceScale, direction !== 'up');
  }
  const call: Call = {
    ...asCustomer(
      a,
      book === 'demo' ? 'open.demo' : 'open.real',
      who,
      '/api/swx/customer/order/buyOptions',
      book === 'demo' ? 'NO' : 'YES',
    ),
    body: {
      code,
      direction,
      lots: formatMinor(lots, 2, 2),
      leverage: a.pick(info.leverages),
      termId: term.id,
      quotedPrice: info.nowPrice,
      quotedFeeRate: feeRate,
      termsSha256,
      ...levels,
    },
  };
  const answer = await send<OptionsContract>(call);
  if (answer?.status !== 200) return;
  const c = answer.body.result;
  const id = Number(c.id);
  if (staleTerms) problem(`contract ${id} opened on terms whose hash is not the one in force`);
  const spec = {
    lots: parseDecimal(c.lots, 2),
    contractSize: BigInt(c.contractSize),
    priceScale: info.priceScale,
  };
  const openPrice = parseDecimal(c.openPrice, info.priceScale);
  const terms = contractOpening(spec, openPrice, c.leverage, Number(parseDecimal(feeRate, 4)));
  if (c.quote !== 'USDT' || c.book !== book || terms.margin !== minor(c.margin) || terms.fee !== minor(c.fee))
    problem(
      `contract ${id}: answered ${JSON.stringify(c)}, model margin ${usdt(terms.margin)} fee ${usdt(terms.fee)}`,
    );
  model.contractOpened(who.id, book, terms.margin, terms.fee);
  contracts.set(id, {
    userId: who.id,
    book,
    spec,
    direction: c.direction,
    open: openPrice,
    margin: terms.margin,
  });
  closable.push(id);
  keepForReplay(a, call, answer);
}

/**
 * Closes one of the stream's contracts. Now and then the owner closes it twice at once, on both nodes,
 * under two keys: both answers are the one close (the second finds it closed), at one price. And now and
 * then someone else tries: refused as unknown (10111), nothing closed.
 */
async function close(a: Actor): Promise<boolean> {
  const id = a.take(closable);
  if (id === undefined) return false;
  const c = contracts.get(id);
  const who = clients.find((x) => x.id === c?.userId);
  if (!c || !who) return false;
  const book = c.book === 'demo' ? 'NO' : 'YES';
  const url = `/api/swx/customer/order/closeOptions/${id}`;
  if (a.chance(0.02)) {
    closable.push(id);
    const other = a.pick(clients.filter((x) => x !== who));
    const answer = await send(asCustomer(a, 'close', other, url, book));
    if (answer?.status === 200) problem(`contract ${id} of ${who.id} closed by ${other.id}`);
    return true;
  }
  const calls = a.chance(0.05)
    ? nodes.map((node) => ({ ...asCustomer(a, 'close', who, url, book), node }))
    : [asCustomer(a, 'close', who, url, book)];
  const answers = await Promise.all(calls.map((call) => send<OptionsContract>(call)));
  const closes = answers.flatMap((answer, i) => {
    if (answer?.status !== 200) return [];
    const r = answer.body.result;
    if (r.status !== 'closed' || r.closePrice === undefined || r.closeReason === undefined) {
      problem(`contract ${id}: close answered ${JSON.stringify(r)}`);
      return [];
    }
    keepForReplay(a, calls[i] as Call, answer);
    // Closed by this call (manual) or by the leader before it (tp, sl, expiry): the answer says which.
    return [
      { price: parseDecimal(r.closePrice, market.get(r.code)?.priceScale ?? 2), reason: r.closeReason },
    ];
  });
  const [first] = closes;
  if (!first) {
    closable.push(id);
    return true;
  }
  if (closes.some((x) => x.price !== first.price || x.reason !== first.reason))
    problem(
      `contract ${id}: two closes answered ${JSON.stringify(closes, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
    );
  c.close = first;
  return true;
}

async function buyPlan(a: Actor, who: Client): Promise<void> {
  const product = a.pick(products);
  if (!product) return;
  // Mostly within the product's range; now and then above it (10013).
  const amount = a.chance(0.04) ? product.max + 1_000_000n : product.min + BigInt(a.int(0, 20)) * 10_000_000n;
  const call: Call = {
    ...asCustomer(a, 'plan.buy', who, '/api/swx/customer/order/buySmart', 'YES'),
    body: {
      productId: product.id,
      days: product.days,
      amount: formatMinor(amount, usdtScale),
      quotedDailyRate: product.dailyRate,
      termsSha256: product.termsSha256,
    },
  };
  const answer = await send<SmartOrder>(call);
  if (answer?.status !== 200) return;
  const o = answer.body.result;
  const id = Number(o.id);
  if (minor(o.amount) !== amount) problem(`plan ${id}: bought ${usdt(amount)}, answered ${o.amount}`);
  model.planBought(who.id, amount);
  plans.set(id, {
    userId: who.id,
    amount,
    penaltyBps: parseDecimal(o.earlyExitPenaltyPct, 2),
    rateE8: parseDecimal(o.dailyRate, 8),
  });
  earning.push(id);
  keepForReplay(a, call, answer);
}

/**
 * An early exit at the penalty the model computes. Now and then twice at once, on both nodes, under two
 * keys: one exit, the other refused (10112: no longer earning), the principal back once.
 */
async function redeemPlan(a: Actor): Promise<boolean> {
  const id = a.take(earning);
  if (id === undefined) return false;
  const plan = plans.get(id);
  const who = clients.find((x) => x.id === plan?.userId);
  if (!plan || !who) return false;
  // No day of interest falls due within a run: the penalty is on the principal alone.
  const penalty = redeemPenalty(plan.amount, 0n, plan.penaltyBps);
  const url = `/api/swx/customer/order/redeemSmart/${id}`;
  const call = (): Call => ({
    ...asCustomer(a, 'plan.redeem', who, url, 'YES'),
    body: { quotedPenalty: formatMinor(penalty, usdtScale) },
  });
  const calls = a.chance(0.05) ? nodes.map((node) => ({ ...call(), node })) : [call()];
  const answers = await Promise.all(calls.map((c) => send<SmartOrder>(c)));
  const exits = answers.filter((x) => x?.status === 200);
  for (const x of answers)
    if (x && x.status !== 200 && (exits.length === 0 || x.body.code !== '10112'))
      problem(`plan ${id}: redeem refused ${x.body.code} ${x.body.message}`);
  if (exits.length > 1) problem(`plan ${id} redeemed ${exits.length} times`);
  const [exit] = exits;
  if (!exit) {
    if (answers.every((x) => x === undefined)) earning.push(id);
    return true;
  }
  if (minor(exit.body.result.penalty ?? '-1') !== penalty)
    problem(`plan ${id}: penalty answered ${exit.body.result.penalty}, model ${usdt(penalty)}`);
  model.planRedeemed(who.id, plan.amount, penalty);
  keepForReplay(a, calls[answers.indexOf(exit)] as Call, exit);
  return true;
}

async function bid(a: Actor, who: Client): Promise<void> {
  const short = Date.now() < shortBidsUntil && a.chance(0.4);
  const piece = a.pick(short ? shortPieces.slice(1) : longPieces);
  if (piece === undefined) return;
  const min = minNextBid.get(piece) ?? 0n;
  // Mostly the minimum or a little above; now and then below it (10016).
  const amount = a.chance(0.05) ? min - 1n : min + BigInt(a.int(0, 2)) * 1_000_000n;
  const call: Call = {
    ...asCustomer(a, 'bid', who, '/api/swx/customer/user/buyNft', 'YES'),
    body: { nftId: String(piece), amount: formatMinor(amount, usdtScale) },
  };
  const answer = await send<NftBid>(call);
  if (!answer) return;
  if (answer.status !== 200) {
    if (answer.body.code === '10016') {
      const detail = await get<NftDetail>(a.node(), `/api/swx/customer/index/getNftById/${piece}`);
      const next = minor(detail.minNextBid);
      if (next > (minNextBid.get(piece) ?? 0n)) minNextBid.set(piece, next);
    }
    return;
  }
  const b = answer.body.result;
  if (minor(b.amount) !== amount) problem(`bid ${b.id}: sent ${usdt(amount)}, answered ${b.amount}`);
  const list = bids.get(piece) ?? [];
  list.push({ userId: who.id, amount, bidCount: b.nft.bidCount });
  bids.set(piece, list);
  const next = minor(b.nft.minNextBid);
  if (next > (minNextBid.get(piece) ?? 0n)) minNextBid.set(piece, next);
  keepForReplay(a, call, answer);
}

/** An acknowledged call again, under its key, to either node: the first answer, nothing moved. */
async function replay(a: Actor): Promise<boolean> {
  if (replayable.length === 0) return false;
  const { call, answer } = a.pick(replayable);
  const again = await send({ ...call, kind: 'replay', node: a.node() });
  if (again && (again.status !== answer.status || JSON.stringify(again.body) !== JSON.stringify(answer.body)))
    problem(`replay of ${call.kind} ${call.key}: ${again.status} ${JSON.stringify(again.body)}`);
  return true;
}

const mix: Array<[string, number]> = [
  ['open', 30],
  ['close', 20],
  ['bid', 12],
  ['plan.buy', 7],
  ['plan.redeem', 6],
  ['withdraw', 3],
  ['withdrawal.decide', 3],
  ['claim', 1.5],
  ['deposit.decide', 1.5],
  ['replay', 3],
];
const mixTotal = mix.reduce((s, [, w]) => s + w, 0);

/** A fifth of the customer calls go to five customers, so that calls on one account meet often. */
const hotShare = 0.2;

async function step(a: Actor): Promise<void> {
  let r = a.random() * mixTotal;
  const [choice] = mix.find(([, w]) => (r -= w) < 0) ?? mix[0] ?? ['open'];
  const who = a.chance(hotShare) ? a.pick(clients.slice(0, 5)) : a.pick(clients);
  switch (choice) {
    case 'close':
      if (await close(a)) return;
      break;
    case 'bid':
      return bid(a, who);
    case 'plan.buy':
      return buyPlan(a, who);
    case 'plan.redeem':
      if (await redeemPlan(a)) return;
      break;
    case 'withdraw':
      return withdraw(a, who);
    case 'withdrawal.decide':
      if (await decide(a, 'withdrawals', a.chance(0.7))) return;
      break;
    case 'claim':
      if (who.claims <= claimsPerCustomer) return claim(a, who, String(a.int(100, 2_000)));
      break;
    case 'deposit.decide':
      if (await decide(a, 'deposits', a.chance(0.85))) return;
      break;
    case 'replay':
      if (await replay(a)) return;
      break;
  }
  return open(a, who, a.chance(0.6) ? 'demo' : 'real');
}

async function worker(index: number): Promise<void> {
  const a = new Actor(seed * 1_000 + index);
  while (reserved < limit) {
    try {
      await step(a);
    } catch (err) {
      problem(`worker ${index}: ${String(err)}`);
      await sleep(100);
    }
  }
}

/** The market the opens quote: refreshed from either node every 500 ms while the stream runs. */
async function watchMarket(running: () => boolean, a: Actor): Promise<void> {
  while (running()) {
    for (const code of codes) {
      try {
        market.set(code, await get<MarketInfo>(a.node(), `/api/swx/customer/index/getMarketInfo/${code}`));
      } catch {
        // The next round tries again.
      }
    }
    await sleep(500);
  }
}

/**
 * Samples the ledger while the stream runs: every ~1.5 s, or less often once a snapshot takes longer to
 * read (it sums every posting, so its cost grows with the run): the sampler's share of the database stays
 * at about a third of one backend.
 */
async function sampleLedger(running: () => boolean, cpu: CpuMeter): Promise<void> {
  while (running()) {
    await cpu.look();
    const { snapshot } = await inSnapshot(snapshots, async () => undefined);
    for (const p of invariantProblems(snapshot)) problem(`sample ${samples.length + 1}: ${p}`);
    samples.push({ at: snapshot.at, readMs: snapshot.readMs, totals: totalsText(snapshot) });
    await sleep(Math.max(sampleEveryMs, 2 * snapshot.readMs));
  }
}

/**
 * CPU time used by the parts while the stream runs: each node process, the test process, and the
 * PostgreSQL backends serving this database (their pids sampled as the stream goes; a backend that ends
 * between two looks loses its last interval).
 */
class CpuMeter {
  private readonly nodeStart = new Map<Node, number>();
  private readonly backendStart = new Map<number, number>();
  private readonly backendLast = new Map<number, number>();
  private testStart = process.cpuUsage();
  private nodeEnd = new Map<Node, number>();
  private testMs = 0;

  async start(): Promise<void> {
    const [me] = (await snapshots.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
    this.samplerPid = me?.pid ?? 0;
    this.samplerStart = (await cpuMsOf(this.samplerPid)) ?? 0;
    for (const n of nodes) this.nodeStart.set(n, (await cpuMsOf(n.pid)) ?? 0);
    this.testStart = process.cpuUsage();
    await this.look(true);
  }

  /** Reads the CPU of every backend of the database now. */
  async look(baseline = false): Promise<void> {
    const rows = await snapshots.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database()',
    );
    for (const { pid } of rows.rows) {
      const ms = await cpuMsOf(pid);
      if (ms === undefined) continue;
      if (!this.backendStart.has(pid)) this.backendStart.set(pid, baseline ? ms : 0);
      this.backendLast.set(pid, ms);
    }
  }

  /** The sampler's own backend: the cost of watching, apart from the cost of serving. */
  private samplerPid = 0;
  private samplerStart = 0;
  private samplerMs = 0;

  async stop(): Promise<void> {
    await this.look();
    this.samplerMs = ((await cpuMsOf(this.samplerPid)) ?? 0) - this.samplerStart;
    for (const n of nodes) this.nodeEnd.set(n, (await cpuMsOf(n.pid)) ?? 0);
    const used = process.cpuUsage(this.testStart);
    this.testMs = (used.user + used.system) / 1000;
  }

  report(ops: number): string {
    const nodeMs = nodes.map((n) => (this.nodeEnd.get(n) ?? 0) - (this.nodeStart.get(n) ?? 0));
    let pgMs = 0;
    for (const [pid, last] of this.backendLast) pgMs += last - (this.backendStart.get(pid) ?? 0);
    const per = (ms: number) => `${((ms / Math.max(1, ops)) * 1000).toFixed(0)} µs/op`;
    const nodesMs = nodeMs.reduce((x, y) => x + y, 0);
    return (
      `CPU nodes ${nodeMs.map((ms) => (ms / 1000).toFixed(1)).join(' + ')} s (${per(nodesMs)}), ` +
      `PostgreSQL ${(pgMs / 1000).toFixed(1)} s (${per(pgMs)}; the sampler's ${(this.samplerMs / 1000).toFixed(1)} s), test process ${(this.testMs / 1000).toFixed(1)} s (${per(this.testMs)})`
    );
  }
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

function totalsText(snapshot: Snapshot): string {
  return [...totals(snapshot)]
    .map(([k, t]) => `${k} customers ${usdt(t.customers)} platform ${usdt(t.platform)}`)
    .join('; ');
}

// ---- Setup ----------------------------------------------------------------------------------------------

async function createShortAuctions(admin: Node): Promise<void> {
  await setParams(admin, adminToken, { charity_name: 'Bank Test Children’s Fund' });
  const image = `data:image/png;base64,${(await makeImage('png', 7)).toString('base64')}`;
  for (let i = 0; i < 4; i++) {
    const res = await send<{ id: string }>(
      {
        kind: 'bid',
        node: admin,
        url: '/admin/api/nfts',
        token: adminToken,
        book: 'YES',
        key: randomUUID(),
        body: {
          name: `Bank test piece ${i + 1}`,
          description: 'Ends while the bank test runs.',
          creator: 'bank test',
          image,
          startPrice: '10',
          minIncrement: '1',
          endAt: Date.now() + 60_000,
        },
      },
      false,
    );
    if (res?.status !== 200) throw new Error(`auction not created: ${JSON.stringify(res?.body)}`);
    const id = Number(res.body.result.id);
    shortPieces.push(id);
    minNextBid.set(id, 10_000_000n);
  }
}

beforeAll(async () => {
  process.stdout.write(`\nbank test: seed ${seed} (BANK_SEED=${seed} replays it), ${totalOps} operations\n`);
  const fresh = await freshDatabase();
  dropDb = fresh.drop;
  redis = await RedisServer.started();
  // Live prices for the traded instruments, for longer than the run takes at 12 ops/s (README: 100 to 200 on
  // the 2-core box alone; 27 measured while it was shared with other work), with the setup's minutes too.
  recordingSeconds = 1_200 + Math.ceil(totalOps / 12);
  const recording = await liveReplay({ seconds: recordingSeconds, codes, seed });
  dropReplay = recording.dispose;
  // Behind the reverse proxy of deploy/, each customer arrives from an address of their own.
  const env = {
    ...clusterEnv({
      databaseUrl: fresh.url,
      redisUrl: redis.url,
      secretKey: randomBytes(32).toString('base64'),
      name: 'bank',
      marketFeed: recording.marketFeed,
    }),
    TRUST_PROXY: 'true',
  };
  const execArgv = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  for (const name of ['a', 'b']) nodes.push(await Node.create(name, env, execArgv));
  const [a, b] = nodes as [Node, Node];
  nodesStartedAt = Date.now();
  await a.start();
  await b.start();
  db = await openDatabase({ databaseUrl: fresh.url, pgliteDir: '' }, schema);
  snapshots = new pg.Client({ connectionString: fresh.url });
  await snapshots.connect();
  // The model starts from the ledger as the nodes left it before any customer existed.
  const { snapshot: start } = await inSnapshot(snapshots, async () => undefined);
  model = new BankModel(balancesOf(start));

  adminToken = await secureBootstrapAdmin(a);
  channel = await openDepositChannels(b, adminToken);
  for (const p of await get<SmartProduct[]>(a, '/api/swx/customer/index/listSmartProduct'))
    for (const plan of p.plans)
      products.push({
        id: p.id,
        days: plan.days,
        dailyRate: plan.dailyRate,
        termsSha256: plan.termsSha256,
        min: minor(p.minAmount),
        max: minor(p.maxAmount),
      });
  for (const code of codes)
    market.set(code, await get<MarketInfo>(b, `/api/swx/customer/index/getMarketInfo/${code}`));
  const param = async (key: string) => (await getParam(db.db, key)).value.trim();
  withdrawalRule = {
    ratePpm: parseDecimal(await param('withdraw_fee_rate'), 6),
    minFee: minor(await param('withdraw_fee_min')),
  };
  for (let i = 0; i < 8; i++) proofs.push(await makeImage('png', i));
  const listed = await get<{ list: Array<{ id: string; minNextBid: string; endAt: number }> }>(
    a,
    '/api/swx/customer/index/listNft?status=open&page=1&size=50',
  );
  for (const piece of listed.list) {
    longPieces.push(Number(piece.id));
    minNextBid.set(Number(piece.id), minor(piece.minNextBid));
  }

  // 100 customers, signed up and funded on either node, a few at a time.
  const started = Date.now();
  const funding = Array.from({ length: customerCount }, (_, i) => i);
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = funding.shift(); i !== undefined; i = funding.shift()) {
        const node = nodes[i % 2] as Node;
        const ip = `10.15.${Math.floor(i / 200)}.${(i % 200) + 1}`;
        const customer = await signUp(node, db, {
          kyc: true,
          withdrawalMethod: true,
          headers: { 'x-forwarded-for': ip },
        });
        const who: Client = { ...customer, ip, claims: 0 };
        clients.push(who);
        model.signedUp(who.id);
        const actor = new Actor(seed + 7 * i + lane);
        await claim(actor, who, '20000');
        const ok = await decide(actor, 'deposits', true, false);
        if (!ok) throw new Error(`funding customer ${who.id}: ${problems.join('; ')}`);
      }
    }),
  );
  clients.sort((x, y) => x.id - y.id);
  process.stdout.write(
    `bank test: ${clients.length} customers signed up and funded in ${Date.now() - started} ms\n`,
  );
  if (problems.length > 0) throw new Error(`setup: ${problems.join('\n')}`);
}, 600_000);

afterAll(async () => {
  const logDir = path.join(os.tmpdir(), 'tw-cluster-logs');
  await mkdir(logDir, { recursive: true });
  for (const n of nodes)
    await writeFile(path.join(logDir, `bank-${n.name}.log`), n.logs.map((l) => JSON.stringify(l)).join('\n'));
  if (cpuProfileDir) {
    // A profile is written on a clean exit only.
    for (const n of nodes) n.signal('SIGTERM');
    await Promise.all(nodes.map((n) => n.exit));
  }
  await Promise.all(nodes.map((n) => n.dispose()));
  await snapshots?.end().catch(() => undefined);
  await db?.close();
  await redis?.stop();
  await dropDb?.();
  await dropReplay?.();
}, 60_000);

describe('the bank: two nodes under a seeded random money stream', () => {
  it('keeps the ledger constant, nobody negative, at every sampled moment; ends where the model does', async () => {
    // Reset the counters the funding used, so the report and BANK_OPS count the stream alone.
    for (const m of [sent, acked]) m.clear();
    refusals.clear();
    reserved = 0;
    limit = totalOps;
    await createShortAuctions(nodes[0] as Node);
    // Bids on three of the four short auctions for 45 s, then none: each ends two minutes after its last
    // bid (anti-sniping), and the fourth ends unsold; the leader settles them while the stream runs.
    shortBidsUntil = Date.now() + 45_000;
    const cpu = new CpuMeter();
    await cpu.start();
    const startedAt = Date.now();
    let running = true;
    const side = [watchMarket(() => running, new Actor(seed + 1)), sampleLedger(() => running, cpu)];
    await Promise.all(Array.from({ length: workerCount }, (_, i) => worker(i)));
    streamMs = Date.now() - startedAt;
    running = false;
    await Promise.all(side);
    await cpu.stop();

    // The final state, read in one snapshot with the rows the leader settled.
    const { snapshot, extra } = await inSnapshot(
      snapshots,
      async (query) => ({
        contracts: await query<{
          id: string;
          status: string;
          close_price: string | null;
          close_reason: string | null;
          pnl: string | null;
        }>(
          `select id::text, status, close_price_minor::text as close_price, close_reason, pnl_minor::text as pnl
           from option_orders`,
        ),
        nfts: await query<{
          id: string;
          status: string;
          leader: string | null;
          winner: string | null;
          bid: string;
          count: number;
        }>(
          `select id::text, status, leader_user_id::text as leader, winner_user_id::text as winner,
                current_bid_minor::text as bid, bid_count as count from nfts`,
        ),
        plans: await query<{ id: string; status: string }>(`select id::text, status from smart_orders`),
        interest: await query<{ order_id: string; day: number; amount: string }>(
          `select order_id::text, day, amount_minor::text as amount from smart_interest_payments`,
        ),
        deposits: await query<{ id: string; status: string }>(`select id::text, status from deposits`),
        withdrawals: await query<{ id: string; status: string }>(`select id::text, status from withdrawals`),
      }),
      { entries: true },
    );
    for (const p of invariantProblems(snapshot)) problem(`final: ${p}`);
    for (const p of delayedProblems()) problem(p);

    // Every business row is one an acknowledged call created, in the state the answers left it.
    const rowsAre = (
      what: string,
      rows: Array<{ id: string; status: string }>,
      told: Map<number, string>,
    ) => {
      const found = new Map(rows.map((r) => [Number(r.id), r.status]));
      for (const [id, status] of found)
        if (told.get(id) !== status)
          problem(`${what} ${id} is ${status}; the answers said ${told.get(id) ?? 'nothing'}`);
      for (const id of told.keys()) if (!found.has(id)) problem(`${what} ${id} acknowledged, not stored`);
    };
    rowsAre('deposit', extra.deposits, claimed);
    rowsAre('withdrawal', extra.withdrawals, withdrawn);

    // What the leader settled: contracts closed at their term or a level, from the final rows.
    const settledBy = new Map<string, number>();
    const contractRows = new Map(extra.contracts.map((r) => [Number(r.id), r]));
    for (const id of contractRows.keys())
      if (!contracts.has(id)) problem(`contract ${id} stored, never acknowledged`);
    for (const [id, c] of contracts) {
      const row = contractRows.get(id);
      if (!row) {
        problem(`contract ${id} acknowledged, not stored`);
        continue;
      }
      if (row.status !== 'closed') {
        if (c.close) problem(`contract ${id} answered closed, stored ${row.status}`);
        continue;
      }
      const price = BigInt(row.close_price ?? '0');
      if (c.close && (c.close.price !== price || c.close.reason !== row.close_reason))
        problem(
          `contract ${id}: close answered ${c.close.price} (${c.close.reason}), stored ${price} (${row.close_reason})`,
        );
      if (!c.close && row.close_reason === 'manual')
        problem(`contract ${id} closed by its owner, never acknowledged`);
      if (!c.close) bump(settledBy, row.close_reason ?? '?');
      const pnl = contractPnl(c.spec, c.direction, c.open, price, c.margin);
      if (BigInt(row.pnl ?? '0') !== pnl) problem(`contract ${id}: stored P&L ${row.pnl}, model ${pnl}`);
      model.contractClosed(c.userId, c.book, c.margin, pnl);
    }

    // Plans: interest paid by the leader (none is due within a run), and no plan the stream did not buy.
    for (const r of extra.plans)
      if (!plans.has(Number(r.id))) problem(`plan ${r.id} stored, never acknowledged`);
    for (const pay of extra.interest) {
      const plan = plans.get(Number(pay.order_id));
      if (!plan) continue;
      const amount = interestOfDay(plan.amount, plan.rateE8, pay.day);
      if (BigInt(pay.amount) !== amount)
        problem(`plan ${pay.order_id} day ${pay.day}: paid ${pay.amount}, model ${amount}`);
      model.interestPaid(plan.userId, amount);
    }

    // Bids: each piece's chain of acknowledged bids, and what the leader did at its end.
    let sold = 0;
    let unsold = 0;
    for (const row of extra.nfts) {
      const id = Number(row.id);
      const chain = model.bidsTaken(bids.get(id) ?? []);
      for (const p of chain.problems) problem(`nft ${id}: ${p}`);
      if (row.count !== (bids.get(id)?.length ?? 0))
        problem(`nft ${id}: ${row.count} bids stored, ${bids.get(id)?.length ?? 0} acknowledged`);
      const leader = chain.leader;
      if (
        (row.leader ?? undefined) !== (leader ? String(leader.userId) : undefined) ||
        (leader && BigInt(row.bid) !== leader.amount)
      )
        problem(
          `nft ${id}: leader ${row.leader} at ${row.bid}, the answers said ${leader?.userId} at ${leader?.amount}`,
        );
      if (row.status === 'sold' && leader) {
        sold++;
        model.auctionSold(leader.userId, leader.amount);
      }
      if (row.status === 'unsold') unsold++;
    }
    settledBy.set('auctions sold', sold);
    settledBy.set('auctions unsold', unsold);

    // Where the database's reads went: tables read whole, most rows first (a growing one is a cost per call).
    const scans = (
      await snapshots.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string }>(
        `select relname, seq_scan::text, seq_tup_read::text, coalesce(idx_scan, 0)::text as idx_scan
           from pg_stat_user_tables s order by s.seq_tup_read desc limit 6`,
      )
    ).rows.map((r) => `${r.relname} ${r.seq_scan} scans/${r.seq_tup_read} rows (index ${r.idx_scan})`);

    const ledger = balancesOf(snapshot);
    const customerDiff = diffBalances(
      new Map([...model.balances].filter(([k]) => k.startsWith('u:'))),
      new Map([...ledger].filter(([k]) => k.startsWith('u:'))),
    );
    const platformDiff = diffBalances(
      new Map([...model.balances].filter(([k]) => !k.startsWith('u:'))),
      new Map([...ledger].filter(([k]) => !k.startsWith('u:'))),
    );
    const tally = (m: Map<Kind, number>, k: Kind) => m.get(k) ?? 0;
    const kinds = [...sent.keys()].sort();
    process.stdout.write(
      [
        '',
        `bank test: seed ${seed}, ${reserved} operations in ${(streamMs / 1000).toFixed(1)} s ` +
          `(${((reserved * 1000) / streamMs).toFixed(0)} ops/s, ${workerCount} workers, ${reads} reads beside)`,
        `bank test: acked/sent by kind ${JSON.stringify(Object.fromEntries(kinds.map((k) => [k, `${tally(acked, k)}/${tally(sent, k)}`])))}`,
        `bank test: refusals by code ${JSON.stringify(Object.fromEntries([...refusals].sort()))} ` +
          `(10161 near a change of leader: ${delayed.length}; live recording ${recordingSeconds} s, ` +
          `${((Date.now() - nodesStartedAt) / 1000).toFixed(0)} s played)`,
        `bank test: settled by the leader ${JSON.stringify(Object.fromEntries(settledBy))}`,
        `bank test: ${samples.length} samples, read in ${samples
          .filter((_, i) => i % Math.max(1, Math.floor(samples.length / 6)) === 0)
          .map((s) => s.readMs)
          .join(', ')} ms across the run; last: ${samples.at(-1)?.totals ?? '-'}`,
        `bank test: model moves ${JSON.stringify(Object.fromEntries(model.moves))}`,
        `bank test: requests served a ${nodes[0]?.requests} b ${nodes[1]?.requests}; ${cpu.report(reserved)}`,
        `bank test: tables read whole ${scans.join(', ')}`,
        `bank test: latency p50/p99 ms ${JSON.stringify(Object.fromEntries([...latencies].sort().map(([k, xs]) => [k, `${quantile(xs, 0.5).toFixed(0)}/${quantile(xs, 0.99).toFixed(0)}`])))}`,
        '',
      ].join('\n'),
    );
    expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
    expect(customerDiff, customerDiff.slice(0, 40).join('\n')).toEqual([]);
    expect(platformDiff, platformDiff.join('\n')).toEqual([]);
    expect(samples.length).toBeGreaterThanOrEqual(Math.min(10, Math.floor(streamMs / sampleEveryMs / 2)));
    // The stream reached every kind of call.
    for (const k of [
      'claim',
      'deposit.approve',
      'withdraw',
      'withdrawal.approve',
      'open.demo',
      'open.real',
      'close',
      'plan.buy',
      'plan.redeem',
      'bid',
    ] as const)
      expect(tally(acked, k), k).toBeGreaterThan(0);
  }, 3_600_000);
});
