// Real money only on real, fresh prices (DESIGN.md §1.10, issue 21): the real book refuses a simulated
// instrument (10160) and a live one whose feed went quiet (10161), opening and closing alike; the engine
// fills a real contract at the first live tick after a gap; demo keeps the walk. Every disclosed contract
// term is bound by getMarketInfo's termsSha256 (10112 on any change between quote and confirm).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MarketInfo, OptionsContract, Tick } from '@tradewind/contract';
import { client, registerUser, type TestApp } from '../test/harness.ts';
import { fundReal } from '../wallet/withdraw-testing.ts';
import { marketInstruments } from '../market/tables.ts';
import { buy, closeOption, marketInfo, quoteBody, startMidweekApp, stepTo } from './testing.ts';
import { expectAuditBalanced, expectRefusedAndNothingMoved } from './rules-testing.ts';
import { optionOrders } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  // BTCUSDT, ETHUSDT, EURUSD and XAUUSD are priced live by the stand-in exchange; the rest by the walk.
  t = await startMidweekApp();
}, 120_000);
afterAll(async () => t.close());

const staleAfterMs = 30_000;
const day = '86400';

async function realCustomer(amount = '10000') {
  const who = await registerUser(t);
  await fundReal(t, who.id, amount);
  return who;
}

const getTick = async (id: string) =>
  (await client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${id}`)).body.result;

const getContract = async (token: string, id: string) =>
  (
    await client(t.app, { token, book: 'YES' }).get<OptionsContract>(
      `/api/swx/customer/order/getOptionsOrderById/${id}`,
    )
  ).body.result;

/** The stand-in exchange stops answering and the clock passes `price_stale_after_s`. */
async function feedGoesQuiet(): Promise<void> {
  t.live?.stopAnswering();
  await stepTo(t, t.clock.now() + staleAfterMs + 1_000);
}

async function feedAnswersAgain(afterMs = 1_000): Promise<number> {
  const backAt = t.clock.now();
  t.live?.answerAgain(backAt);
  await stepTo(t, backAt + afterMs);
  return backAt;
}

describe('price status', () => {
  it('says live, simulated or stale on every price answer', async () => {
    expect((await marketInfo(t, 'BTCUSDT')).priceStatus).toBe('live');
    expect((await marketInfo(t, 'GBPUSD')).priceStatus).toBe('simulated');
    const list = await client(t.app).get<MarketInfo[]>('/api/swx/customer/index/listMarketByType', {
      query: { type: '2' },
    });
    const byCode = new Map(list.body.result.map((i) => [i.code, i]));
    expect(byCode.get('BTCUSDT')?.priceStatus).toBe('live');
    expect(byCode.get('SOLUSDT')?.priceStatus).toBe('simulated');
    expect(byCode.get('BTCUSDT')?.priceAt).toBeTypeOf('number');

    await feedGoesQuiet();
    try {
      const info = await marketInfo(t, 'BTCUSDT');
      expect(info.priceStatus).toBe('stale');
      expect(t.clock.now() - (info.priceAt ?? 0)).toBeGreaterThan(staleAfterMs);
    } finally {
      await feedAnswersAgain();
    }
    expect((await marketInfo(t, 'BTCUSDT')).priceStatus).toBe('live');
  });
});

describe('the real book on a simulated price', () => {
  it('refuses to open with 10160 naming the instrument, and nothing is held; demo opens', async () => {
    const who = await realCustomer();
    const body = await quoteBody(t, 'GBPUSD', { termId: day });
    const res = await expectRefusedAndNothingMoved(
      t,
      who,
      () => buy(t, who.token, body, { book: 'YES' }),
      '10160',
      422,
    );
    expect(res.body.message).toContain('GBP/USD');
    const de = await buy(t, who.token, body, { book: 'YES', lang: 'de' });
    expect(de.body.message).toContain('Live-Kurs');
    expect((await buy(t, who.token, body, { book: 'NO' })).status).toBe(200);
  });

  it('refuses a quote in a currency whose conversion pair is simulated (USDJPY prices JPY)', async () => {
    const who = await realCustomer();
    const info = await marketInfo(t, 'USDJPY');
    expect(info.priceStatus).toBe('simulated');
    const res = await buy(t, who.token, await quoteBody(t, 'USDJPY', { termId: day }), { book: 'YES' });
    expect(res.body.code).toBe('10160');
  });
});

describe('the real book on a live price', () => {
  it('opens on a live tick it names, and the tick says live', async () => {
    const who = await realCustomer();
    const res = await buy(t, who.token, await quoteBody(t, 'EURUSD', { termId: day }), { book: 'YES' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tick = await getTick(res.body.result.openTickId);
    expect({ source: tick.source, code: tick.code }).toEqual({ source: 'live', code: 'EURUSD' });
  });

  it('while the feed is quiet: open and close refused with 10161, the contract stays open; then it closes', async () => {
    const who = await realCustomer();
    const open = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: day }), { book: 'YES' });
    expect(open.status).toBe(200);
    const id = open.body.result.id;
    const body = await quoteBody(t, 'BTCUSDT', { termId: day });
    await feedGoesQuiet();
    try {
      await expectRefusedAndNothingMoved(
        t,
        who,
        () => buy(t, who.token, body, { book: 'YES' }),
        '10161',
        503,
      );
      const close = await expectRefusedAndNothingMoved(
        t,
        who,
        () => closeOption(t, who.token, id, { book: 'YES' }),
        '10161',
        503,
      );
      expect(close.body.message).toContain('BTC/USDT');
      expect((await getContract(who.token, id)).status).toBe('open');
      // Demo practises on the same instrument's last price meanwhile.
      expect((await buy(t, who.token, body, { book: 'NO' })).status).toBe(200);
    } finally {
      await feedAnswersAgain();
    }
    const closed = await closeOption(t, who.token, id, { book: 'YES' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.result.status).toBe('closed');
    expect((await getTick(closed.body.result.closeTickId ?? '')).source).toBe('live');
    await expectAuditBalanced(t);
  });

  it('a term that expires during an outage settles at the first live tick after the feed returns', async () => {
    const who = await realCustomer();
    const res = await buy(t, who.token, await quoteBody(t, 'ETHUSDT', { termId: '60' }), { book: 'YES' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.result.id;
    await feedGoesQuiet();
    await stepTo(t, t.clock.now() + 120_000);
    expect((await getContract(who.token, id)).status).toBe('open');
    const backAt = await feedAnswersAgain(5_000);
    const c = await getContract(who.token, id);
    expect(c.status).toBe('closed');
    expect(c.closeReason).toBe('expiry');
    const tick = await getTick(c.closeTickId ?? '');
    expect(tick.source).toBe('live');
    expect(tick.at).toBeGreaterThan(backAt);
    await expectAuditBalanced(t);
  });
});

describe('terms shown = terms applied', () => {
  it('a contract size changed between quote and confirm: 10112, nothing held', async () => {
    const who = await realCustomer();
    const body = await quoteBody(t, 'XAUUSD', { termId: day });
    const [row] = await t.ctx.db
      .select({ size: marketInstruments.contractSize })
      .from(marketInstruments)
      .where(eq(marketInstruments.code, 'XAUUSD'));
    const size = row?.size ?? 1n;
    await t.ctx.db
      .update(marketInstruments)
      .set({ contractSize: size * 10n })
      .where(eq(marketInstruments.code, 'XAUUSD'));
    try {
      await expectRefusedAndNothingMoved(
        t,
        who,
        () => buy(t, who.token, body, { book: 'YES' }),
        '10112',
        409,
      );
    } finally {
      await t.ctx.db
        .update(marketInstruments)
        .set({ contractSize: size })
        .where(eq(marketInstruments.code, 'XAUUSD'));
    }
    expect((await buy(t, who.token, body, { book: 'YES' })).status).toBe(200);
  });

  it('a hash that is not the one getMarketInfo gave: 10112', async () => {
    const who = await realCustomer();
    const body = await quoteBody(t, 'BTCUSDT', { termId: day, termsSha256: '0'.repeat(64) });
    await expectRefusedAndNothingMoved(t, who, () => buy(t, who.token, body, { book: 'NO' }), '10112', 409);
  });

  it('max_slippage_pct is one of the hashed terms', async () => {
    const before = await marketInfo(t, 'BTCUSDT');
    await t.ctx.db.execute(sql`update params set value = '0.75' where key = 'max_slippage_pct'`);
    try {
      await t.app.market.feed.refreshParams();
      const after = await marketInfo(t, 'BTCUSDT');
      expect(after.maxSlippagePct).toBe('0.75');
      expect(after.termsSha256).not.toBe(before.termsSha256);
    } finally {
      await t.ctx.db.execute(sql`update params set value = '0.5' where key = 'max_slippage_pct'`);
      await t.app.market.feed.refreshParams();
    }
  });
});

describe('the settlement engine', () => {
  it('a contract watched while another of its instrument is being settled is judged on every tick after its opening', async () => {
    const who = await realCustomer();
    const a = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '60' }), { book: 'NO' });
    expect(a.status).toBe(200);
    const info = await marketInfo(t, 'BTCUSDT');
    const scale = info.priceScale;
    const open = BigInt(info.nowPrice.replace('.', ''));
    const openedAt = t.clock.now();
    // B's take-profit is the highest tick of the 50 s before A expires (or, falling, the lowest): the
    // first tick reaching it lies inside the batch that settles A.
    const window = t.live?.ticksBetween('BTCUSDT', openedAt, openedAt + 50_000) ?? [];
    const high = window.reduce((m, x) => (x.priceMinor > m ? x.priceMinor : m), open);
    const low = window.reduce((m, x) => (x.priceMinor < m ? x.priceMinor : m), open);
    const up = high > open;
    const tp = up ? high : low;
    expect(tp, 'the walk moves within 50 s').not.toBe(open);
    const first = window.find((x) => (up ? x.priceMinor >= tp : x.priceMinor <= tp));
    const unit = 10n ** BigInt(scale);
    const text = `${tp / unit}.${(tp % unit).toString().padStart(scale, '0')}`;
    const b = await buy(
      t,
      who.token,
      await quoteBody(t, 'BTCUSDT', { termId: day, direction: up ? 'up' : 'down', takeProfit: text }),
      { book: 'NO' },
    );
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const id = Number(b.body.result.id);
    const [row] = await t.ctx.db.select().from(optionOrders).where(eq(optionOrders.id, id));
    if (!row) throw new Error('B is stored');
    // B reaches the engine while A's settlement is under way (its order came in mid-batch).
    const engine = t.app.orders.engine;
    engine.forget('BTCUSDT', id);
    engine.onSettled((s) => {
      if (s.id === Number(a.body.result.id)) engine.watch(row);
    });
    await stepTo(t, openedAt + 61_000);
    await stepTo(t, openedAt + 62_000);
    const settled = await client(t.app, { token: who.token, book: 'NO' }).get<OptionsContract>(
      `/api/swx/customer/order/getOptionsOrderById/${id}`,
    );
    expect(settled.body.result.status).toBe('closed');
    expect(settled.body.result.closeReason).toBe('tp');
    expect((await getTick(settled.body.result.closeTickId ?? '')).at).toBe(first?.atMs);
  });
});
