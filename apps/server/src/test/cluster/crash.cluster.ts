// Crash test (issue 15): one server process on PostgreSQL takes a mixed money stream (deposit claims and
// their approvals, withdrawals, contract opens and closes on both books, earning-plan buys and NFT bids
// on the real book, each with an Idempotency-Key) and is SIGKILLed at a seeded random moment of each of 20
// rounds, then restarted on the same database. The contracts' instruments are priced by a live recording
// (nodes.ts `liveReplay`; the real book trades only on live, fresh prices, DESIGN.md §1.10), which each
// restart plays again from its own start. After each restart: every acknowledged (HTTP 200) operation
// is in the database exactly once, nothing is half-done (no business row without its ledger entry, no entry
// without its row), a replay of each acknowledged call under its key answers the same and moves nothing, and
// the ledger audit is balanced with no negative customer account. CRASH_SEED replays a run.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DepositChannel, MarketInfo, SmartProduct } from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import { openDatabase, queryRows, type Database } from '../../platform/db.ts';
import * as schema from '../../schema.ts';
import { auditLedger } from '../../ledger/service.ts';
import { encodeMultipart, pngPart, type Form } from '../multipart.ts';
import { openDepositChannels, secureBootstrapAdmin, signUp, type Customer } from './customers.ts';
import {
  call,
  freshDatabase,
  liveCodes,
  liveReplay,
  Node,
  RedisServer,
  sleep,
  type Answer,
} from './nodes.ts';
import { pickWith, prng } from './seeded.ts';

const seed = Number(process.env.CRASH_SEED ?? 20261123);
const rounds = Number(process.env.CRASH_ROUNDS ?? 20);

/** Fresh rate-limit windows, in the test's own Redis. */
function freshWindows(): void {
  redis.flushAll();
}

// The same seed gives the same choices and kill moments.
const random = prng(seed);
const pick = <T>(xs: readonly T[]): T => pickWith(random, xs);

type Kind = 'claim' | 'approve' | 'withdraw' | 'open' | 'close' | 'smart' | 'bid';
/** One call of the stream: what was sent (to replay it) and what came back, if anything. */
type Op = {
  kind: Kind;
  round: number;
  key: string;
  userId: number | null;
  url: string;
  token: string;
  book: 'YES' | 'NO';
  body?: unknown;
  form?: Form;
  answer?: Answer<{ id: string; [k: string]: unknown }>;
  /** The business row's id: from the answer, or (for an approval) the deposit it decided. */
  id?: number;
};
const acked = (op: Op) => op.answer?.status === 200;

let db: Database;
let dropDb: () => Promise<void>;
let dropReplay: (() => Promise<void>) | undefined;
let redis: RedisServer;
let node: Node;
let adminToken = '';
let channel: DepositChannel;
const customers: Customer[] = [];
const ops: Op[] = [];
const openContracts = new Map<number, { who: Customer; book: 'YES' | 'NO' }>();
const pendingDeposits: number[] = [];
let kills = 0;
let replayed = 0;

async function send(op: Op): Promise<Answer<{ id: string }>> {
  const headers: Record<string, string> = { 'idempotency-key': op.key, authorization: op.token };
  if (op.form) {
    const { body, contentType } = encodeMultipart(op.form);
    const res = await fetch(`${node.url}${op.url}`, {
      method: 'POST',
      headers: { ...headers, virtually: op.book, 'content-type': contentType },
      body,
    });
    return { status: res.status, body: (await res.json()) as Answer<{ id: string }>['body'] };
  }
  return call<{ id: string }>(node, 'POST', op.url, { book: op.book, headers, body: op.body ?? {} });
}

/** Sends `op`, records it whatever happens (a dead node is an unacknowledged call). */
async function run(op: Op): Promise<Op> {
  ops.push(op);
  try {
    op.answer = await send(op);
    if (acked(op) && op.kind !== 'approve') op.id = Number(op.answer.body.result.id);
  } catch {
    // Connection refused or reset: the node died under the call.
  }
  return op;
}

// ---- The operations of the stream ----------------------------------------------------------------------

const customerOp = (kind: Kind, round: number, who: Customer, url: string, book: 'YES' | 'NO') => ({
  kind,
  round,
  key: `crash-${randomBytes(8).toString('hex')}`,
  userId: who.id,
  url,
  token: who.token,
  book,
});

async function claim(round: number, who: Customer, amount: string): Promise<Op> {
  const form: Form = {
    channelId: channel.id,
    amount,
    quotedRate: channel.rate ?? '1',
    txHash: randomBytes(32).toString('hex'),
    proof: await pngPart(Math.floor(random() * 1000)),
  };
  const op = await run({
    ...customerOp('claim', round, who, '/api/swx/customer/user/recharge', 'YES'),
    form,
  });
  if (acked(op) && op.id !== undefined) pendingDeposits.push(op.id);
  return op;
}

async function approve(round: number): Promise<Op | undefined> {
  const id = pendingDeposits.shift();
  if (id === undefined) return undefined;
  const op = await run({
    kind: 'approve',
    round,
    key: `crash-${randomBytes(8).toString('hex')}`,
    userId: null,
    url: `/admin/api/reviews/deposits/${id}/approve`,
    token: adminToken,
    book: 'YES',
    body: {},
    id,
  });
  if (!op.answer) pendingDeposits.push(id); // the node died under it: decided or not, the checks tell
  return op;
}

async function withdraw(round: number, who: Customer): Promise<Op | undefined> {
  const amount = '20';
  const quote = await call<{ fee: string }>(
    node,
    'GET',
    `/api/swx/customer/user/withdrawalQuote?amount=${amount}`,
    { token: who.token, book: 'YES' },
  ).catch(() => undefined);
  if (quote?.status !== 200) return undefined;
  return run({
    ...customerOp('withdraw', round, who, '/api/swx/customer/user/withdrawal', 'YES'),
    body: { methodId: who.methodId, amount, password: who.password, quotedFee: quote.body.result.fee },
  });
}

const infos = new Map<string, MarketInfo>();
async function open(round: number, who: Customer): Promise<Op | undefined> {
  const code = pick(liveCodes);
  // A third on the real book, at the highest leverage (the smallest margin; funds short is a refusal).
  const book = pick(['NO', 'NO', 'YES'] as const);
  const info = await call<MarketInfo>(node, 'GET', `/api/swx/customer/index/getMarketInfo/${code}`).catch(
    () => undefined,
  );
  if (info?.status !== 200) return undefined;
  infos.set(code, info.body.result);
  const m = info.body.result;
  const term = m.terms.find((t) => t.id === '60') ?? m.terms[0];
  if (!term) return undefined;
  const op = await run({
    ...customerOp('open', round, who, '/api/swx/customer/order/buyOptions', book),
    body: {
      code,
      direction: pick(['up', 'down']),
      lots: m.minLots,
      leverage: book === 'YES' ? Math.max(...m.leverages) : (m.leverages[0] ?? 1),
      termId: term.id,
      quotedPrice: m.nowPrice,
      quotedFeeRate: m.feeRate,
      termsSha256: m.termsSha256,
    },
  });
  if (acked(op) && op.id !== undefined) openContracts.set(op.id, { who, book });
  return op;
}

async function close(round: number): Promise<Op | undefined> {
  const [id, open] = [...openContracts.entries()][0] ?? [];
  if (id === undefined || !open) return undefined;
  openContracts.delete(id);
  return run({
    ...customerOp('close', round, open.who, `/api/swx/customer/order/closeOptions/${id}`, open.book),
    body: {},
  });
}

/** The plans on sale (a customer holds one plan per product: a second buy is refused with 10024). */
const products: Array<{
  id: string;
  days: number;
  dailyRate: string;
  termsSha256: string;
  minAmount: string;
}> = [];
async function smart(round: number, who: Customer): Promise<Op | undefined> {
  if (products.length === 0) return undefined;
  const product = pick(products);
  return run({
    ...customerOp('smart', round, who, '/api/swx/customer/order/buySmart', 'YES'),
    body: {
      productId: product.id,
      days: product.days,
      amount: product.minAmount,
      quotedDailyRate: product.dailyRate,
      termsSha256: product.termsSha256,
    },
  });
}

async function bid(round: number, who: Customer): Promise<Op | undefined> {
  const [piece] = await queryRows<{ id: number; bid: string }>(
    db.db,
    sql`select id::int as id, (greatest(start_price_minor, current_bid_minor + min_increment_minor))::text as bid
        from nfts where status = 'open' and end_at > now() + interval '30 seconds'
          and greatest(start_price_minor, current_bid_minor + min_increment_minor) <= 300000000
        order by id limit 1`,
  );
  if (!piece) return undefined;
  return run({
    ...customerOp('bid', round, who, '/api/swx/customer/user/buyNft', 'YES'),
    body: { nftId: String(piece.id), amount: formatMinor(BigInt(piece.bid), 6) },
  });
}

/** One worker of a round: random operations until the node is gone. */
async function worker(round: number, alive: () => boolean): Promise<void> {
  while (alive()) {
    const who = pick(customers);
    const kind = pick(['claim', 'approve', 'withdraw', 'open', 'open', 'close', 'smart', 'bid'] as const);
    try {
      if (kind === 'claim') await claim(round, who, '150');
      else if (kind === 'approve') await approve(round);
      else if (kind === 'withdraw') await withdraw(round, who);
      else if (kind === 'open') await open(round, who);
      else if (kind === 'close') await close(round);
      else if (kind === 'smart') await smart(round, who);
      else await bid(round, who);
    } catch {
      // A read before the call failed (the node died): the next loop sees it.
    }
  }
}

// ---- What the database must hold ----------------------------------------------------------------------

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db.db, query);
  return Number(row?.n ?? 0);
}

const entriesOf = (ref: string, kind: string) =>
  count(sql`select count(*)::int as n from journal_entries where ref = ${ref} and kind = ${kind}`);

/** Business rows and their ledger entries, both ways: any count above 0 is something half-done. */
const halfDone: Record<string, ReturnType<typeof sql>> = {
  'approved deposit without its entry': sql`select count(*)::int as n from deposits d
    where d.status = 'approved' and not exists (select 1 from journal_entries e where e.id = d.entry_id
      and e.kind = 'deposit' and e.ref = 'deposit:' || d.id)`,
  'undecided deposit with an entry': sql`select count(*)::int as n from deposits d
    where d.status <> 'approved' and (d.entry_id is not null
      or exists (select 1 from journal_entries e where e.ref = 'deposit:' || d.id))`,
  'deposit entry without its deposit': sql`select count(*)::int as n from journal_entries e
    where e.kind = 'deposit' and not exists (select 1 from deposits d where d.entry_id = e.id)`,
  'withdrawal without its hold': sql`select count(*)::int as n from withdrawals w
    where not exists (select 1 from journal_entries e where e.id = w.hold_entry_id
      and e.kind = 'withdrawal_hold' and e.ref = 'withdrawal:' || w.id)`,
  'hold without its withdrawal': sql`select count(*)::int as n from journal_entries e
    where e.kind = 'withdrawal_hold' and not exists (select 1 from withdrawals w where w.hold_entry_id = e.id)`,
  'contract without its opening entry': sql`select count(*)::int as n from option_orders o
    where not exists (select 1 from journal_entries e where e.id = o.open_entry_id
      and e.kind = 'contract_open' and e.ref = 'contract:' || o.id)`,
  'opening entry without its contract': sql`select count(*)::int as n from journal_entries e
    where e.kind = 'contract_open' and not exists (select 1 from option_orders o where o.open_entry_id = e.id)`,
  'closed contract without its closing entry': sql`select count(*)::int as n from option_orders o
    where o.status = 'closed' and not exists (select 1 from journal_entries e where e.id = o.close_entry_id
      and e.kind = 'contract_close')`,
  'closing entry without its closed contract': sql`select count(*)::int as n from journal_entries e
    where e.kind = 'contract_close' and not exists (select 1 from option_orders o
      where o.close_entry_id = e.id and o.status = 'closed')`,
  'plan without its entry': sql`select count(*)::int as n from smart_orders s
    where not exists (select 1 from journal_entries e where e.id = s.open_entry_id and e.kind = 'smart_open')`,
  'plan entry without its plan': sql`select count(*)::int as n from journal_entries e
    where e.kind = 'smart_open' and not exists (select 1 from smart_orders s where s.open_entry_id = e.id)`,
  'bid without its entry': sql`select count(*)::int as n from nft_bids b
    where not exists (select 1 from journal_entries e where e.id = b.entry_id and e.kind = 'nft_bid')`,
  'bid entry without its bid': sql`select count(*)::int as n from journal_entries e
    where e.kind = 'nft_bid' and not exists (select 1 from nft_bids b where b.entry_id = e.id)`,
  'entry without postings': sql`select count(*)::int as n from journal_entries e
    where not exists (select 1 from postings p where p.entry_id = e.id)`,
};

const tableOf: Record<Exclude<Kind, 'approve' | 'close'>, string> = {
  claim: 'deposits',
  withdraw: 'withdrawals',
  open: 'option_orders',
  smart: 'smart_orders',
  bid: 'nft_bids',
};

/** `op`'s effect, present exactly once: its row, its ledger entry, and its stored answer. */
async function expectPresentOnce(op: Op): Promise<void> {
  const what = `${op.kind} ${op.key} (round ${op.round}, id ${op.id})`;
  const id = Number(op.id);
  if (op.kind === 'approve') {
    expect(
      await count(sql`select count(*)::int as n from deposits where id = ${id} and status = 'approved'`),
      what,
    ).toBe(1);
    expect(await entriesOf(`deposit:${id}`, 'deposit'), what).toBe(1);
    return;
  }
  if (op.kind === 'close') {
    expect(
      await count(sql`select count(*)::int as n from option_orders where id = ${id} and status = 'closed'`),
      what,
    ).toBe(1);
    expect(await entriesOf(`contract:${id}`, 'contract_close'), what).toBe(1);
  } else {
    expect(
      await count(sql`select count(*)::int as n from ${sql.raw(tableOf[op.kind])} where id = ${id}`),
      what,
    ).toBe(1);
    if (op.kind === 'withdraw') expect(await entriesOf(`withdrawal:${id}`, 'withdrawal_hold'), what).toBe(1);
    if (op.kind === 'open') expect(await entriesOf(`contract:${id}`, 'contract_open'), what).toBe(1);
    if (op.kind === 'smart') expect(await entriesOf(`smart:${id}`, 'smart_open'), what).toBe(1);
  }
  // The stored answer under the key names this very row (one key row per customer and key).
  const [stored] = await queryRows<{ status: number; id: string | null }>(
    db.db,
    sql`select status, body->'result'->>'id' as id from idempotency_keys
        where user_id = ${op.userId} and key = ${op.key}`,
  );
  expect([stored?.status, Number(stored?.id)], what).toEqual([200, id]);
}

/** The rows and entries a customer's call can create (settlement by the leader is left out). */
async function footprint(): Promise<string> {
  const [row] = await queryRows<Record<string, number>>(
    db.db,
    sql`select (select count(*)::int from deposits) as deposits,
          (select count(*)::int from deposits where status = 'approved') as approved,
          (select count(*)::int from withdrawals) as withdrawals,
          (select count(*)::int from option_orders) as contracts,
          (select count(*)::int from smart_orders) as plans,
          (select count(*)::int from nft_bids) as bids,
          (select count(*)::int from journal_entries where kind in
            ('deposit', 'withdrawal_hold', 'contract_open', 'smart_open', 'nft_bid')) as entries`,
  );
  return JSON.stringify(row);
}

async function closeEntries(ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return count(
    sql`select count(*)::int as n from journal_entries where kind = 'contract_close'
        and ref in (${sql.join(
          ids.map((id) => sql`${`contract:${id}`}`),
          sql`, `,
        )})`,
  );
}

beforeAll(async () => {
  process.stdout.write(`\ncrash test: seed ${seed} (CRASH_SEED=${seed} replays it), ${rounds} rounds\n`);
  const fresh = await freshDatabase();
  dropDb = fresh.drop;
  redis = await RedisServer.started();
  // Each run of the node lasts seconds to a minute (the first, with the setup, a little longer).
  const recording = await liveReplay({ seconds: 600, seed });
  dropReplay = recording.dispose;
  node = await Node.create('crash', {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: fresh.url,
    REDIS_URL: redis.url,
    SECRET_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: `http://crash-${randomUUID().slice(0, 8)}.test`,
    MARKET_FEED: recording.marketFeed,
  });
  await node.start();
  db = await openDatabase({ databaseUrl: fresh.url, pgliteDir: '' }, schema);
  adminToken = await secureBootstrapAdmin(node);
  channel = await openDepositChannels(node, adminToken);
  const onSale = await call<SmartProduct[]>(node, 'GET', '/api/swx/customer/index/listSmartProduct');
  for (const p of onSale.body.result) {
    const plan = p.plans[0];
    if (plan)
      products.push({
        id: p.id,
        days: plan.days,
        dailyRate: plan.dailyRate,
        termsSha256: plan.termsSha256,
        minAmount: p.minAmount,
      });
  }
  // Real money for the real book's calls, through approved deposits as a customer gets it.
  for (let i = 0; i < 4; i++) customers.push(await signUp(node, db, { kyc: true, withdrawalMethod: true }));
  for (const who of customers) {
    const op = await claim(0, who, '900');
    expect(op.answer?.body.code, JSON.stringify(op.answer?.body)).toBe('200');
    expect((await approve(0))?.answer?.status).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await node?.dispose();
  await db?.close();
  await redis?.stop();
  await dropDb?.();
  await dropReplay?.();
  const byKind: Record<string, string> = {};
  for (const kind of ['claim', 'approve', 'withdraw', 'open', 'close', 'smart', 'bid'])
    byKind[kind] =
      `${ops.filter((o) => o.kind === kind && acked(o)).length}/${ops.filter((o) => o.kind === kind).length}`;
  const realOpens = ops.filter((o) => o.kind === 'open' && o.book === 'YES');
  byKind['open (real book)'] = `${realOpens.filter(acked).length}/${realOpens.length}`;
  const refusals: Record<string, number> = {};
  for (const o of ops.filter((x) => x.answer && !acked(x))) {
    const code = `${o.kind}:${o.answer?.body.code}`;
    refusals[code] = (refusals[code] ?? 0) + 1;
  }
  process.stdout.write(
    `\ncrash test: refusals ${JSON.stringify(refusals)}\ncrash test: seed ${seed}, ${kills} kills, ${ops.filter(acked).length} acknowledged of ${ops.length} calls ` +
      `(acked/sent by kind ${JSON.stringify(byKind)}), ${replayed} replays\n`,
  );
}, 60_000);

describe('a node SIGKILLed under a money stream, 20 times', () => {
  it('keeps every acknowledged operation exactly once, nothing half-done, replays inert, the ledger balanced', async () => {
    for (let round = 1; round <= rounds; round++) {
      // The recharge windows (5 claims per account per 10 min) would end the stream of claims: fresh
      // windows each round.
      freshWindows();
      const killAfter = 300 + Math.floor(random() * 1200);
      let alive = true;
      const workers = [0, 1, 2].map(() => worker(round, () => alive));
      await sleep(killAfter);
      node.signal('SIGKILL');
      alive = false;
      expect((await node.exit)?.signal).toBe('SIGKILL');
      kills++;
      await Promise.all(workers);
      await node.start();

      // 1. Every acknowledged operation so far is present exactly once.
      for (const op of ops.filter(acked)) await expectPresentOnce(op);
      // 2. Nothing half-done, acknowledged or not.
      const found: Record<string, number> = {};
      for (const [what, query] of Object.entries(halfDone)) found[what] = await count(query);
      expect(found, `round ${round}`).toEqual(Object.fromEntries(Object.keys(halfDone).map((k) => [k, 0])));
      // Unacknowledged calls that committed anyway are whole too (their stored answer names a real row).
      for (const op of ops.filter((o) => o.round === round && !acked(o) && o.userId !== null)) {
        const [stored] = await queryRows<{ status: number; id: string | null }>(
          db.db,
          sql`select status, body->'result'->>'id' as id from idempotency_keys
              where user_id = ${op.userId} and key = ${op.key}`,
        );
        if (stored?.status === 200) await expectPresentOnce({ ...op, id: Number(stored.id) });
      }
      // 3. Replays of this round's acknowledged calls: the same answer, nothing moved.
      const mine = ops.filter((o) => o.round === round && acked(o));
      // The recharge limit runs before the key is looked at, so a replayed claim counts against the window
      // its first try used (found here: a retry past the window gets 10104, not its answer).
      freshWindows();
      const before = await footprint();
      const closed = mine.filter((o) => o.kind === 'close').map((o) => Number(o.id));
      const closesBefore = await closeEntries(closed);
      for (const op of mine) {
        const again = await send(op);
        replayed++;
        if (op.kind === 'approve') {
          // Decided once: a second approval is refused (approvals carry no key), and posts nothing.
          expect(again.status, `approve replay ${op.id}`).not.toBe(200);
        } else {
          expect([again.status, again.body], `replay ${op.kind} ${op.key}`).toEqual([
            op.answer?.status,
            op.answer?.body,
          ]);
        }
      }
      expect(await footprint(), `round ${round}: replays moved something`).toBe(before);
      expect(await closeEntries(closed)).toBe(closesBefore);
      // 4. The ledger balances; nobody is below zero.
      expect(await auditLedger(db.db), `round ${round}`).toMatchObject({
        balanced: true,
        negativeCustomerAccounts: 0,
        accountsMatchingPostings: true,
      });
      // Ops of a round that were sent to a dying node stay in the ledger of calls; rows it committed are
      // whole (above). Contracts of an unacknowledged open are never closed by the stream.
    }
    // The stream did reach every kind of call (a run that acknowledges nothing would prove nothing).
    for (const kind of ['claim', 'approve', 'withdraw', 'open', 'close', 'smart'] as const)
      expect(ops.filter((o) => o.kind === kind && acked(o)).length, kind).toBeGreaterThan(0);
  }, 300_000);
});
