// The contract rules of CONTRACT.md "Orders" through the API, on the simulated feed (BTCUSDT and ETHUSDT
// trade around the clock): every refusal code and that it moves nothing, terms shown = terms applied
// (10112, and its key left unspent), the two books kept apart, equity, the demo reset, platform volume,
// closing twice and replays, another customer's ids, and the database's own rules on option_orders.
// Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL. Market hours (10015) are in rules-hours.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MarketStats, OptionsContract, Page, Tick } from '@tradewind/contract';
import { formatMinor, parseDecimal, rescale, roundDown } from '@tradewind/contract/money';
import { lotScale, parity, settledPnlMinor, slippageToleranceMinor } from '@tradewind/contract/orders-math';
import { client, registerUser, type TestApp } from '../test/harness.ts';
import { fundReal } from '../wallet/withdraw-testing.ts';
import { buy, closeOption, marketInfo, quoteBody, startMidweekApp, stepTo, type Book } from './testing.ts';
import {
  describeError,
  entriesOf,
  expectAuditBalanced,
  expectRefusedAndNothingMoved,
  holdings,
  usdt,
  userInfo,
} from './rules-testing.ts';
import { optionOrders } from './tables.ts';

type Customer = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
/** Refused over and over; never opens anything. */
let refused: Customer;
const day = '86400';

beforeAll(async () => {
  t = await startMidweekApp();
  refused = await registerUser(t);
}, 120_000);
afterAll(async () => t.close());

const order = '/api/swx/customer/order';

/** Opens a contract that must open (a long term, so that moving the clock a little never expires it). */
async function opened(
  who: Customer,
  code: string,
  over: Parameters<typeof quoteBody>[2] = {},
  book: Book = 'NO',
) {
  const res = await buy(t, who.token, await quoteBody(t, code, { termId: day, ...over }), { book });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

const getContract = (who: Customer, id: string, book: Book = 'NO') =>
  client(t.app, { token: who.token, book }).get<OptionsContract>(`${order}/getOptionsOrderById/${id}`);

const listContracts = (who: Customer, book: Book, query: Record<string, string> = {}) =>
  client(t.app, { token: who.token, book }).get<Page<OptionsContract>>(`${order}/listOptionsOrder`, {
    query,
  });

/** `price` moved by `hundredths` of a percent (negative: down), written at the instrument's scale. */
function movedPrice(price: string, scale: number, hundredths: bigint): string {
  const minor = parseDecimal(price, scale);
  return formatMinor(minor + (minor * hundredths) / 10_000n, scale, scale);
}

describe('refusals: each code, and nothing moves', () => {
  const refuse = async (body: unknown, code: string, status: number, book: Book = 'NO') =>
    expectRefusedAndNothingMoved(t, refused, () => buy(t, refused.token, body, { book }), code, status);

  it('an unknown instrument code: 10014', async () => {
    await refuse({ ...(await quoteBody(t, 'BTCUSDT')), code: 'NOSUCHCOIN' }, '10014', 404);
  });

  it('lots with more decimals than the lot size, below the minimum or above the maximum: 10016', async () => {
    const info = await marketInfo(t, 'BTCUSDT');
    expect(info.minLots).toBe('0.01');
    await refuse(await quoteBody(t, 'BTCUSDT', { lots: '0.001' }), '10016', 422);
    await refuse(await quoteBody(t, 'BTCUSDT', { lots: '0.015' }), '10016', 422);
    const aboveMax = formatMinor(parseDecimal(info.maxLots, lotScale) + 1n, lotScale, lotScale);
    await refuse(await quoteBody(t, 'BTCUSDT', { lots: aboveMax }), '10016', 422);
    // Zero is not a quantity at all: the schema refuses it before any rule (400).
    await refuse(await quoteBody(t, 'BTCUSDT', { lots: '0' }), '10000', 400);
  });

  it('a term the instrument does not offer: 10017', async () => {
    await refuse(await quoteBody(t, 'BTCUSDT', { termId: '61' }), '10017', 404);
  });

  it('margin + fee above the available cash of the real book (empty): 10011', async () => {
    expect((await userInfo(t, refused.token, 'YES')).balance).toBe('0');
    const res = await refuse(await quoteBody(t, 'BTCUSDT', { termId: day }), '10011', 422, 'YES');
    expect(res.body.result).toBeNull();
  });

  it('margin + fee above the demo cash too: 10011 (the maximum lots of BTC at leverage 1)', async () => {
    const info = await marketInfo(t, 'BTCUSDT');
    await refuse(
      await quoteBody(t, 'BTCUSDT', { lots: info.maxLots, leverage: 1, termId: day }),
      '10011',
      422,
    );
  });

  it('take-profit or stop-loss on the wrong side of the open price, up and down: 10105', async () => {
    const info = await marketInfo(t, 'BTCUSDT');
    const below = movedPrice(info.nowPrice, info.priceScale, -1000n);
    const above = movedPrice(info.nowPrice, info.priceScale, 1000n);
    const wrong = [
      { direction: 'up', takeProfit: below },
      { direction: 'up', stopLoss: above },
      { direction: 'up', takeProfit: info.nowPrice },
      { direction: 'down', takeProfit: above },
      { direction: 'down', stopLoss: below },
      { direction: 'down', stopLoss: info.nowPrice },
    ] as const;
    for (const levels of wrong) {
      await refuse(await quoteBody(t, 'BTCUSDT', { termId: day, ...levels }), '10105', 400);
    }
  });

  it('leverage above the cap: 400 with the field message in the request language', async () => {
    const info = await marketInfo(t, 'BTCUSDT');
    expect(Math.max(...info.leverages)).toBe(2);
    const body = await quoteBody(t, 'BTCUSDT', { leverage: 3, termId: day });
    const inLang = (lang: string) => () => buy(t, refused.token, body, { lang });
    const en = await expectRefusedAndNothingMoved(t, refused, inLang('en'), '10000', 400);
    const de = await expectRefusedAndNothingMoved(t, refused, inLang('de'), '10000', 400);
    const ja = await expectRefusedAndNothingMoved(t, refused, inLang('ja'), '10000', 400);
    const field = (r: typeof en) => (r.body.result as { fields: Record<string, string> }).fields.leverage;
    expect(field(en)).toBe('Leverage on this instrument is at most 2×');
    expect(field(de)).toBe('Der Hebel für dieses Instrument beträgt höchstens 2×');
    expect(field(ja)).toContain('2');
    expect(new Set([field(en), field(de), field(ja)]).size).toBe(3);
    expect(en.body.message).not.toBe(de.body.message);
  });

  it('a leverage under the cap that is not one of the choices: 400 naming the choices', async () => {
    const info = await marketInfo(t, 'EURUSD');
    expect(info.leverages).toEqual([1, 2, 5, 10, 20, 30]);
    const body = await quoteBody(t, 'EURUSD', { leverage: 3, termId: day });
    const res = await expectRefusedAndNothingMoved(
      t,
      refused,
      () => buy(t, refused.token, body, { lang: 'en' }),
      '10000',
      400,
    );
    expect((res.body.result as { fields: Record<string, string> }).fields.leverage).toBe(
      'Choose one of the offered leverages: 1, 2, 5, 10, 20, 30',
    );
  });

  it('a fee rate other than the one in force: 10112 (409)', async () => {
    const body = await quoteBody(t, 'BTCUSDT', { termId: day });
    expect(body.quotedFeeRate).not.toBe('0.002');
    await refuse({ ...body, quotedFeeRate: '0.002' }, '10112', 409);
  });

  it('a quoted price beyond max_slippage_pct of the open price, either way: 10112', async () => {
    const info = await marketInfo(t, 'BTCUSDT');
    const body = await quoteBody(t, 'BTCUSDT', { termId: day });
    await refuse({ ...body, quotedPrice: movedPrice(info.nowPrice, info.priceScale, 60n) }, '10112', 409);
    await refuse({ ...body, quotedPrice: movedPrice(info.nowPrice, info.priceScale, -60n) }, '10112', 409);
  });

  it('no refusal above opened a contract or posted a contract entry', async () => {
    const [rows] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(optionOrders)
      .where(eq(optionOrders.userId, Number(refused.id)));
    expect(rows?.n).toBe(0);
  });
});

describe('terms shown = terms applied', () => {
  it('a quote within the tolerance opens at the tick price, not the quoted one; one unit past it is refused', async () => {
    const who = await registerUser(t);
    const info = await marketInfo(t, 'BTCUSDT');
    const open = parseDecimal(info.nowPrice, info.priceScale);
    // The highest quote the 0.5 % tolerance (of the quoted price, rounded down) still accepts.
    let highest = open;
    while (highest + 1n - open <= slippageToleranceMinor(highest + 1n, 50n)) highest += 1n;
    expect(highest - open).toBeGreaterThan(0n);
    const price = (minor: bigint) => formatMinor(minor, info.priceScale, info.priceScale);
    const body = await quoteBody(t, 'BTCUSDT', { termId: day });
    await expectRefusedAndNothingMoved(
      t,
      who,
      () => buy(t, who.token, { ...body, quotedPrice: price(highest + 1n) }),
      '10112',
      409,
    );
    const res = await buy(t, who.token, { ...body, quotedPrice: price(highest) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.openPrice).toBe(info.nowPrice);
    expect(res.body.result.openPrice).not.toBe(price(highest));
    const tick = await client(t.app).get<Tick>(
      `/api/swx/customer/index/getTick/${res.body.result.openTickId}`,
    );
    expect(tick.body.result).toMatchObject({ code: 'BTCUSDT', price: res.body.result.openPrice });
    await expectAuditBalanced(t);
  });

  it('after 10112 the same Idempotency-Key opens with the new quote (10112 is not stored as the answer)', async () => {
    const who = await registerUser(t);
    const key = `k-${randomUUID()}`;
    const body = await quoteBody(t, 'BTCUSDT', { termId: day });
    const stale = { ...body, quotedFeeRate: '0.002' };
    const first = await buy(t, who.token, stale, { key });
    expect(first.body.code).toBe('10112');
    // The same stale request again is judged again (not replayed), and refused again.
    const again = await buy(t, who.token, stale, { key });
    expect(again.body.code).toBe('10112');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const confirmed = await buy(t, who.token, body, { key });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.headers['idempotent-replayed']).toBeUndefined();
    const replay = await buy(t, who.token, body, { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(confirmed.body);
    // Now the key is spent: another body under it is 10110.
    const other = await buy(t, who.token, { ...body, direction: 'down' }, { key });
    expect(other.body.code).toBe('10110');
    expect((await holdings(t, who)).contracts).toBe(1);
    await expectAuditBalanced(t);
  });
});

describe('two books', () => {
  it('a demo contract moves demo cash only and is listed in the demo book only', async () => {
    const who = await registerUser(t);
    await fundReal(t, who.id, '100');
    const before = await holdings(t, who);
    const c = await opened(who, 'ETHUSDT');
    expect(c.book).toBe('demo');
    const after = await holdings(t, who);
    expect(after.real).toEqual(before.real);
    expect(usdt(before.demo.balance) - usdt(after.demo.balance)).toBe(usdt(c.margin) + usdt(c.fee));
    expect(usdt(after.demo.frozen) - usdt(before.demo.frozen)).toBe(usdt(c.margin));
    const demoList = await listContracts(who, 'NO');
    expect(demoList.body.result.list.map((x) => x.id)).toEqual([c.id]);
    const realList = await listContracts(who, 'YES');
    expect(realList.body.result).toMatchObject({ list: [], total: 0 });
    const realOpen = await listContracts(who, 'YES', { status: 'open' });
    expect(realOpen.body.result.total).toBe(0);
    await expectAuditBalanced(t);
  });

  it('a real contract opens on a live tick only, moves real cash only and is listed in the real book only', async () => {
    const who = await registerUser(t);
    await fundReal(t, who.id, '1000');
    // The walk prices GBPUSD: the real book refuses it (DESIGN.md §1.10); ETHUSDT is priced live.
    const simulated = await buy(t, who.token, await quoteBody(t, 'GBPUSD', { termId: day }), { book: 'YES' });
    expect(simulated.body.code).toBe('10160');
    const before = await holdings(t, who);
    const c = await opened(who, 'ETHUSDT', {}, 'YES');
    expect(c.book).toBe('real');
    const openTick = await client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${c.openTickId}`);
    expect(openTick.body.result.source).toBe('live');
    const after = await holdings(t, who);
    expect(after.demo).toEqual(before.demo);
    expect(usdt(before.real.balance) - usdt(after.real.balance)).toBe(usdt(c.margin) + usdt(c.fee));
    expect((await listContracts(who, 'NO')).body.result.total).toBe(0);
    expect((await listContracts(who, 'YES')).body.result.list.map((x) => x.id)).toEqual([c.id]);
    await expectAuditBalanced(t);
  });
});

describe('equity', () => {
  it('is balance + frozen + the unrealized P&L of open contracts at their mark price', async () => {
    const who = await registerUser(t);
    const up = await opened(who, 'BTCUSDT', { direction: 'up', lots: '0.03' });
    const down = await opened(who, 'ETHUSDT', { direction: 'down', leverage: 1 });
    // The price moves: the contracts now carry unrealized P&L.
    await stepTo(t, t.clock.now() + 45_000);
    const info = await userInfo(t, who.token, 'NO');
    let unrealized = 0n;
    for (const c of [up, down]) {
      const now = (await getContract(who, c.id)).body.result;
      expect(now.status).toBe('open');
      const scale = now.openPrice.split('.')[1]?.length ?? 0;
      const mark = now.markPrice;
      if (mark === undefined) throw new Error('an open contract has a mark price');
      const expected = settledPnlMinor(
        {
          lotsMinor: parseDecimal(now.lots, lotScale),
          contractSize: BigInt(now.contractSize),
          priceScale: scale,
          conversion: parity,
        },
        now.direction,
        parseDecimal(now.openPrice, scale),
        parseDecimal(mark, scale),
        usdt(now.margin),
      );
      expect(usdt(now.pnl)).toBe(expected);
      unrealized += expected;
    }
    expect(unrealized).not.toBe(0n);
    expect(usdt(info.equity)).toBe(usdt(info.balance) + usdt(info.frozen) + unrealized);
    expect(usdt(info.frozen)).toBe(usdt(up.margin) + usdt(down.margin));
    // The real book of the same customer has no contracts: its equity is its balance.
    const real = await userInfo(t, who.token, 'YES');
    expect(real.equity).toBe(real.balance);
  });
});

describe('resetDemo', () => {
  it('closes open demo positions at the latest tick (manual), then demo cash is exactly 100,000', async () => {
    const who = await registerUser(t);
    await fundReal(t, who.id, '1000');
    const a = await opened(who, 'BTCUSDT', { direction: 'up' });
    const b = await opened(who, 'ETHUSDT', { direction: 'down', lots: '0.05' });
    const real = await opened(who, 'ETHUSDT', {}, 'YES');
    await stepTo(t, t.clock.now() + 20_000);
    const realBefore = await userInfo(t, who.token, 'YES');
    const latest = {
      BTCUSDT: (await marketInfo(t, 'BTCUSDT')).nowPrice,
      ETHUSDT: (await marketInfo(t, 'ETHUSDT')).nowPrice,
    };
    const reset = await client(t.app, { token: who.token }).post('/api/swx/customer/user/resetDemo');
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    for (const c of [a, b]) {
      const closed = (await getContract(who, c.id)).body.result;
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'manual' });
      expect(closed.closePrice).toBe(latest[c.code as keyof typeof latest]);
      const tick = await client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${closed.closeTickId}`);
      expect(tick.body.result).toMatchObject({ code: c.code, price: closed.closePrice });
      expect(await entriesOf(t, c.id, 'contract_close')).toHaveLength(1);
    }
    const demo = await userInfo(t, who.token, 'NO');
    expect(demo).toMatchObject({ balance: '100000', frozen: '0', equity: '100000' });
    // The real book and its contract are not touched by a demo reset.
    expect((await getContract(who, real.id, 'YES')).body.result.status).toBe('open');
    expect(await userInfo(t, who.token, 'YES')).toEqual(realBefore);
    await expectAuditBalanced(t);
  });
});

describe('platform volume', () => {
  const stats = async () =>
    (await client(t.app).get<MarketStats>('/api/swx/customer/index/stats')).body.result.platformVolume24h;
  const cents = (text: string) => parseDecimal(text, 2);

  it('counts the notional of real-book contracts, not demo ones', async () => {
    const rows = await t.ctx.db
      .select({ notional: optionOrders.notionalMinor })
      .from(optionOrders)
      .where(eq(optionOrders.book, 'real'));
    const realBefore = rows.reduce((s, r) => s + r.notional, 0n);
    expect(cents(await stats())).toBe(rescale(realBefore, 6, 2, roundDown));

    const who = await registerUser(t);
    await fundReal(t, who.id, '2000');
    const demo = await opened(who, 'BTCUSDT');
    expect(cents(await stats())).toBe(rescale(realBefore, 6, 2, roundDown));
    const real = await opened(who, 'BTCUSDT', { lots: '0.02' }, 'YES');
    expect(usdt(real.notional)).toBeGreaterThan(0n);
    expect(cents(await stats())).toBe(rescale(realBefore + usdt(real.notional), 6, 2, roundDown));
    // Closing does not take the traded notional back out of the day's volume.
    expect((await closeOption(t, who.token, real.id, { book: 'YES' })).body.code).toBe('200');
    expect(cents(await stats())).toBe(rescale(realBefore + usdt(real.notional), 6, 2, roundDown));
    expect(demo.book).toBe('demo');
  });
});

describe('closing', () => {
  it('a second close answers the closed contract unchanged; a replay of the first returns the first answer', async () => {
    const who = await registerUser(t);
    const c = await opened(who, 'BTCUSDT');
    await stepTo(t, t.clock.now() + 5_000);
    const key = `close-${randomUUID()}`;
    const first = await closeOption(t, who.token, c.id, { key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toMatchObject({ status: 'closed', closeReason: 'manual' });
    const afterFirst = await holdings(t, who);
    await stepTo(t, t.clock.now() + 5_000);
    const replay = await closeOption(t, who.token, c.id, { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const second = await closeOption(t, who.token, c.id);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.result).toEqual(first.body.result);
    expect(await holdings(t, who)).toEqual(afterFirst);
    expect(await entriesOf(t, c.id, 'contract_close')).toHaveLength(1);
    expect(await entriesOf(t, c.id, 'contract_open')).toHaveLength(1);
    await expectAuditBalanced(t);
  });

  it('another customer’s contract id, or one that does not exist: 10111 on get and close', async () => {
    const owner = await registerUser(t);
    const c = await opened(owner, 'BTCUSDT');
    const stranger = await registerUser(t);
    for (const book of ['NO', 'YES'] as const) {
      const got = await getContract(stranger, c.id, book);
      expect({ status: got.status, code: got.body.code, result: got.body.result }).toEqual({
        status: 404,
        code: '10111',
        result: null,
      });
    }
    await expectRefusedAndNothingMoved(t, owner, () => closeOption(t, stranger.token, c.id), '10111', 404);
    expect((await getContract(owner, c.id)).body.result.status).toBe('open');
    const nobody = await closeOption(t, owner.token, '987654321');
    expect(nobody.body.code).toBe('10111');
    expect((await getContract(owner, '987654321')).body.code).toBe('10111');
  });
});

describe('the database keeps the contract rules (migration 0011)', () => {
  let open: OptionsContract;
  let closed: OptionsContract;
  beforeAll(async () => {
    const who = await registerUser(t);
    open = await opened(who, 'BTCUSDT');
    closed = await opened(who, 'ETHUSDT');
    const res = await closeOption(t, who.token, closed.id);
    expect(res.body.code).toBe('200');
    closed = res.body.result;
  });

  const rowOf = async (id: string) =>
    (
      await t.ctx.db
        .select()
        .from(optionOrders)
        .where(eq(optionOrders.id, Number(id)))
    )[0];

  /** Runs `statement` in a transaction: '' when the database accepted it (then rolled back), else why not. */
  async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
    const accepted = new Error('accepted; rolled back');
    try {
      await t.ctx.db.transaction(async (tx) => {
        await tx.execute(statement);
        throw accepted;
      });
      return '';
    } catch (err) {
      return err === accepted ? '' : describeError(err);
    }
  }

  it('refuses changing an open contract’s open price, alone or while closing it', async () => {
    const before = await rowOf(open.id);
    expect(
      await refusal(
        sql`update option_orders set open_price_minor = open_price_minor + 1 where id = ${open.id}`,
      ),
    ).toMatch(/a contract changes once, from open to closed/);
    const closingWithNewTerms = sql`update option_orders set status = 'closed', close_price_minor = open_price_minor,
      close_tick_id = open_tick_id, close_at = open_at, close_reason = 'manual', pnl_minor = 0,
      close_entry_id = open_entry_id, closed_at = now(), open_price_minor = open_price_minor + 1
      where id = ${open.id}`;
    expect(await refusal(closingWithNewTerms)).toMatch(/opening terms never change/);
    expect(await rowOf(open.id)).toEqual(before);
  });

  it('refuses re-closing or reopening a closed contract', async () => {
    const before = await rowOf(closed.id);
    expect(before?.status).toBe('closed');
    expect(
      await refusal(sql`update option_orders set close_price_minor = close_price_minor + 1, pnl_minor = pnl_minor + 1
        where id = ${closed.id}`),
    ).toMatch(/a contract changes once, from open to closed/);
    expect(
      await refusal(sql`update option_orders set status = 'open', close_price_minor = null, close_tick_id = null,
        close_at = null, close_reason = null, pnl_minor = null, close_entry_id = null, closed_at = null
        where id = ${closed.id}`),
    ).toMatch(/a contract changes once, from open to closed/);
    expect(await rowOf(closed.id)).toEqual(before);
  });

  it('refuses deleting a contract, open or closed', async () => {
    for (const id of [open.id, closed.id]) {
      expect(await refusal(sql`delete from option_orders where id = ${id}`)).toMatch(
        /a contract is never deleted/,
      );
      expect(await rowOf(id)).toBeDefined();
    }
  });

  it('refuses a closed row whose loss exceeds the margin (CHECK), and accepts one exactly at −margin', async () => {
    const closeWithPnl = (pnl: ReturnType<typeof sql>) => sql`update option_orders set status = 'closed',
      close_price_minor = open_price_minor, close_tick_id = open_tick_id, close_at = open_at,
      close_reason = 'margin', pnl_minor = ${pnl}, close_entry_id = open_entry_id, closed_at = now()
      where id = ${open.id}`;
    expect(await refusal(closeWithPnl(sql`-margin_minor - 1`))).toMatch(/option_orders_loss_capped/);
    // The same statement at exactly −margin passes the rules (and is rolled back by the helper).
    expect(await refusal(closeWithPnl(sql`-margin_minor`))).toBe('');
    expect((await rowOf(open.id))?.status).toBe('open');
    await expectAuditBalanced(t);
  });
});
