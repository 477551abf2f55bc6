// The back office's instrument editor (issue 13): the terms it sets are the terms a customer is quoted and an
// order takes, leverage stays within the category's cap, disabling keeps open contracts settling, edited
// hours leave the past as it was, and every change is audited with its reason. Real app, real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AdminInstrument, MarketInfo, MarketItem, OptionsContract, Page } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { buy, closeOption, marketInfo, quoteBody, stepTo } from '../orders/testing.ts';
import { optionOrders } from '../orders/tables.ts';
import { isOpenAt, minuteMs } from './hours.ts';
import { marketInstruments } from './tables.ts';

let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp();
  superadmin = await adminLogin(t, 'superadmin');
});
afterAll(async () => t.close());

const dayMs = 86_400_000;
const api = () => client(t.app, { token: superadmin });

async function instrument(code: string): Promise<AdminInstrument> {
  const res = await api().get<Page<AdminInstrument>>('/admin/api/instruments', { query: { keyword: code } });
  const found = res.body.result.list.find((i) => i.code === code);
  if (!found) throw new Error(`no ${code}: ${JSON.stringify(res.body)}`);
  return found;
}

const edit = (id: string, body: Record<string, unknown>, token = superadmin) =>
  client(t.app, { token }).post<AdminInstrument & { fields: Record<string, string> }>(
    `/admin/api/instruments/${id}`,
    { body },
  );

async function lastAudit() {
  const res =
    await api().get<
      Page<{ action: string; target: string; before: unknown; after: unknown; reason: string }>
    >('/admin/api/audit');
  return res.body.result.list[0];
}

describe('the instrument list', () => {
  it('finds instruments by keyword, with the category cap and the open positions', async () => {
    const eur = await instrument('EURUSD');
    expect(eur).toMatchObject({ type: 1, leverageCap: 30, enabled: true, openPositions: 0, updatedAt: null });
    expect(eur.leverages).toEqual([1, 2, 5, 10, 20, 30]);
    const crypto = await api().get<Page<AdminInstrument>>('/admin/api/instruments', {
      query: { type: '2', size: '5', page: '2' },
    });
    expect(crypto.body.result).toMatchObject({ page: 2, size: 5 });
    expect(crypto.body.result.total).toBeGreaterThan(300);
    expect(crypto.body.result.list.every((i) => i.type === 2 && i.leverageCap === 2)).toBe(true);
  });

  it('is the superadmin’s: finance and support get 10019', async () => {
    for (const role of ['finance', 'support'] as const) {
      const token = await adminLogin(t, role);
      const res = await client(t.app, { token }).get('/admin/api/instruments');
      expect([res.status, res.body.code]).toEqual([403, '10019']);
      const eur = await instrument('EURUSD');
      expect((await edit(eur.id, { feeBps: 4, reason: 'x' }, token)).body.code).toBe('10019');
    }
  });
});

describe('leverage within the category cap', () => {
  it('refuses a choice above the cap (400, under leverages) and keeps the terms', async () => {
    const btc = await instrument('BTCUSDT');
    const refused = await edit(btc.id, { leverages: [1, 2, 3], reason: 'more leverage' });
    expect([refused.status, refused.body.code]).toEqual([400, '10000']);
    expect(refused.body.result.fields.leverages).toBe('Leverage in this category is capped at 2×');
    expect((await marketInfo(t, 'BTCUSDT')).leverages).toEqual([1, 2]);
  });

  it('refuses a new category whose cap the current choices exceed', async () => {
    const eur = await instrument('EURUSD');
    const refused = await edit(eur.id, { type: 2, reason: 'move to crypto' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.result.fields)).toEqual(['leverages']);
  });

  it('sets choices within the cap: quoted on the market page, audited with before, after and reason', async () => {
    const eur = await instrument('EURUSD');
    const saved = await edit(eur.id, { leverages: [20, 1, 10], reason: 'ESMA retail: no 30:1' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result.leverages).toEqual([1, 10, 20]);
    expect((await marketInfo(t, 'EURUSD')).leverages).toEqual([1, 10, 20]);
    expect(await lastAudit()).toMatchObject({
      action: 'instrument.update',
      target: `instrument:${eur.id}`,
      before: { leverages: [1, 2, 5, 10, 20, 30] },
      after: { leverages: [1, 10, 20] },
      reason: 'ESMA retail: no 30:1',
    });
  });

  it('is kept by the database too: a row above its cap cannot be written', async () => {
    const write = t.ctx.db
      .update(marketInstruments)
      .set({ leverages: [1, 5] })
      .where(eq(marketInstruments.code, 'ETHUSDT'));
    await expect(write).rejects.toThrow();
  });
});

describe('the body', () => {
  it('refuses any field that is not a term (a price, a tick), a fee above the bound, and no reason', async () => {
    const btc = await instrument('BTCUSDT');
    for (const body of [
      { price: '1', reason: 'x' },
      { nowPrice: '70000', reason: 'x' },
      { referencePrice: '1', reason: 'x' },
      { feeBps: 101, reason: 'x' },
      { feeBps: 5 },
      { reason: 'nothing else' },
      {
        tradingHours: { timeZone: 'UTC', alwaysOpen: true, sessions: [], holidays: [], price: '1' },
        reason: 'x',
      },
    ]) {
      const res = await edit(btc.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await instrument('BTCUSDT')).updatedAt).toBeNull();
  });

  it('refuses lots out of order, an unknown zone, overlapping sessions and a holiday already passed', async () => {
    const aapl = await instrument('AAPL');
    const lots = await edit(aapl.id, { lotSize: '0.10', minLots: '0.15', reason: 'x' });
    expect(lots.body.result.fields).toHaveProperty('minLots');
    // Today in the exchange's own zone (near midnight UTC, New York may still be on the day before).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(t.clock.now());
    const hours = await edit(aapl.id, {
      tradingHours: {
        timeZone: 'America/Nowhere',
        alwaysOpen: false,
        sessions: [
          { openDay: 1, open: '09:30', closeDay: 1, close: '16:00' },
          { openDay: 1, open: '15:00', closeDay: 1, close: '17:00' },
        ],
        holidays: [today],
      },
      reason: 'x',
    });
    expect(Object.keys(hours.body.result.fields).sort()).toEqual([
      'tradingHours.sessions.1',
      'tradingHours.timeZone',
    ]);
    const past = await edit(aapl.id, {
      tradingHours: { ...aapl.tradingHours, holidays: [today] },
      reason: 'x',
    });
    expect(past.body.result.fields['tradingHours.holidays.0']).toMatch(/after today/);
  });
});

describe('terms shown = terms applied', () => {
  it('a new fee rate is quoted at once, refused from a confirm step that showed the old one (10112), applied after', async () => {
    const customer = await registerUser(t);
    const oldQuote = await quoteBody(t, 'ETHUSDT', { lots: '0.10' });
    const eth = await instrument('ETHUSDT');
    expect((await edit(eth.id, { feeBps: 25, reason: 'fee review Q3' })).status).toBe(200);
    expect((await marketInfo(t, 'ETHUSDT')).feeRate).toBe('0.0025');
    const stale = await buy(t, customer.token, oldQuote);
    expect([stale.status, stale.body.code]).toEqual([409, '10112']);
    const fresh = await buy(t, customer.token, await quoteBody(t, 'ETHUSDT', { lots: '0.10' }));
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.result.feeRate).toBe('0.0025');
  });

  it('an edit made on another node applies to orders at once and reaches this node’s quotes by the sync', async () => {
    const customer = await registerUser(t);
    const quote = await quoteBody(t, 'SOLUSDT', { lots: '1' });
    // Another node's edit: the row changes in the database, this node's catalogue has not seen it yet.
    await t.ctx.db
      .update(marketInstruments)
      .set({ feeRateBps: 30, updatedAt: new Date(t.clock.now()) })
      .where(eq(marketInstruments.code, 'SOLUSDT'));
    expect((await marketInfo(t, 'SOLUSDT')).feeRate).toBe(quote.quotedFeeRate);
    const refused = await buy(t, customer.token, quote);
    expect(refused.body.code).toBe('10112');
    await t.app.market.syncCatalogue();
    expect((await marketInfo(t, 'SOLUSDT')).feeRate).toBe('0.003');
  });

  it('an open contract keeps its fee, leverage, lots and contract size through an edit, and settles by them', async () => {
    const customer = await registerUser(t);
    const body = await quoteBody(t, 'BTCUSDT', { lots: '0.20', leverage: 2 });
    const opened = await buy(t, customer.token, body);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const before = opened.body.result;
    const btc = await instrument('BTCUSDT');
    const saved = await edit(btc.id, {
      feeBps: 50,
      leverages: [1],
      lotSize: '1',
      minLots: '1',
      maxLots: '10',
      contractSize: '10',
      termSeconds: [120, 600],
      reason: 'new contract spec',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const info = await marketInfo(t, 'BTCUSDT');
    expect(info).toMatchObject({ feeRate: '0.005', leverages: [1], lotSize: '1', contractSize: '10' });
    expect(info.terms).toEqual([
      { id: '120', seconds: 120 },
      { id: '600', seconds: 600 },
    ]);
    const read = await client(t.app, { token: customer.token, book: 'NO' }).get<OptionsContract>(
      `/api/swx/customer/order/getOptionsOrderById/${before.id}`,
    );
    const kept = (({ fee, feeRate, leverage, lots, contractSize, margin, expiresAt }) => ({
      fee,
      feeRate,
      leverage,
      lots,
      contractSize,
      margin,
      expiresAt,
    }))(read.body.result);
    expect(kept).toEqual({
      fee: before.fee,
      feeRate: before.feeRate,
      leverage: 2,
      lots: '0.20',
      contractSize: before.contractSize,
      margin: before.margin,
      expiresAt: before.expiresAt,
    });
    const closed = await closeOption(t, customer.token, before.id);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const c = closed.body.result;
    const pnl =
      (parseDecimal(c.closePrice ?? '0', 2) - parseDecimal(c.openPrice, 2)) *
      20n *
      BigInt(before.contractSize);
    // P&L at 6 places from prices at 2 and lots at 2: the old contract size, not the new one.
    expect(parseDecimal(c.pnl, 6)).toBe(pnl * 100n);
  });
});

describe('disabling', () => {
  it('is refused with contracts open (10148) unless confirmed; they stay closable and settle at expiry', async () => {
    const customer = await registerUser(t);
    const first = await buy(t, customer.token, await quoteBody(t, 'XRPUSDT', { lots: '1' }));
    const second = await buy(t, customer.token, await quoteBody(t, 'XRPUSDT', { lots: '1' }));
    expect([first.status, second.status]).toEqual([200, 200]);
    const xrp = await instrument('XRPUSDT');
    expect(xrp.openPositions).toBe(2);
    const refused = await edit(xrp.id, { enabled: false, reason: 'delisting' });
    expect([refused.status, refused.body.code]).toEqual([409, '10148']);
    expect(refused.body.message).toContain('(2)');
    expect((await instrument('XRPUSDT')).enabled).toBe(true);

    const saved = await edit(xrp.id, { enabled: false, confirmOpenPositions: true, reason: 'delisting' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Gone for customers: the list, the page, new contracts.
    const list = await client(t.app).get<MarketItem[]>('/api/swx/customer/index/listMarketByType', {
      query: { type: '2', keyword: 'XRP' },
    });
    expect(list.body.result.map((i) => i.code)).not.toContain('XRPUSDT');
    const page = await client(t.app).get<MarketInfo>('/api/swx/customer/index/getMarketInfo/XRPUSDT');
    expect(page.body.code).toBe('10111');
    const refusedBuy = await buy(t, customer.token, {
      code: 'XRPUSDT',
      direction: 'up',
      lots: '1',
      leverage: 1,
      termId: '60',
      quotedPrice: first.body.result.openPrice,
      quotedFeeRate: first.body.result.feeRate,
      termsSha256: '0'.repeat(64), // no page shows a delisted instrument's terms
    });
    expect(refusedBuy.body.code).toBe('10014');
    // The owner closes one; the engine settles the other at expiry on the feed's ticks.
    const closed = await closeOption(t, customer.token, first.body.result.id);
    expect(closed.body.result).toMatchObject({ status: 'closed', closeReason: 'manual' });
    await stepTo(t, second.body.result.expiresAt + 5_000);
    const [row] = await t.ctx.db
      .select()
      .from(optionOrders)
      .where(eq(optionOrders.id, Number(second.body.result.id)));
    expect(row).toMatchObject({ status: 'closed', closeReason: 'expiry' });
  });

  it('without open contracts needs no confirmation, and enabling lists it again', async () => {
    const ada = await instrument('ADAUSDT');
    expect((await edit(ada.id, { enabled: false, reason: 'paused' })).status).toBe(200);
    expect((await client(t.app).get('/api/swx/customer/index/getMarketInfo/ADAUSDT')).body.code).toBe(
      '10111',
    );
    expect((await edit(ada.id, { enabled: true, reason: 'back' })).status).toBe(200);
    expect((await marketInfo(t, 'ADAUSDT')).code).toBe('ADAUSDT');
  });
});

describe('trading hours', () => {
  it('a holiday closes the market for its day in the exchange zone; the hours before the edit keep the past', async () => {
    const token = await adminLogin(t, 'superadmin');
    const msft = await instrument('MSFT');
    const before = t.app.market.catalogue.get('MSFT');
    if (!before) throw new Error('MSFT');
    // A weekday two days ahead, in New York: the market would be open at 11:00 there.
    const nowMs = t.clock.now();
    let day = nowMs + 2 * dayMs;
    while ([0, 6].includes(new Date(day).getUTCDay())) day += dayMs;
    const date = new Date(day).toISOString().slice(0, 10);
    // 11:00 in New York (UTC−4 or −5): 15:30 UTC falls inside the session either way.
    const elevenNy = Date.parse(`${date}T15:30:00Z`);
    expect(isOpenAt(before.schedule, elevenNy)).toBe(true);
    // An edit of the sessions too: open only 10:00–12:00 from now on.
    const saved = await edit(
      msft.id,
      {
        tradingHours: {
          timeZone: 'America/New_York',
          alwaysOpen: false,
          sessions: [1, 2, 3, 4, 5].map((d) => ({ openDay: d, open: '10:00', closeDay: d, close: '12:00' })),
          holidays: [date],
        },
        reason: 'exchange holiday and short sessions',
      },
      token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = t.app.market.catalogue.get('MSFT');
    if (!after) throw new Error('MSFT');
    expect(isOpenAt(after.schedule, elevenNy)).toBe(false);
    expect(isOpenAt(after.schedule, elevenNy + dayMs)).toBe(true);
    expect(isOpenAt(after.schedule, elevenNy + dayMs + 2 * 3_600_000)).toBe(false);
    // Every minute of the past week answers as before the edit (the walk and settlement read it).
    for (let m = Math.floor((nowMs - 7 * dayMs) / minuteMs); m < Math.floor(nowMs / minuteMs); m += 7) {
      if (isOpenAt(after.schedule, m * minuteMs) !== isOpenAt(before.schedule, m * minuteMs))
        throw new Error(`minute ${m} changed`);
    }
    expect((await marketInfo(t, 'MSFT')).tradingHours.holidays).toEqual([date]);
  });
});

describe('the logo', () => {
  it('an uploaded image is re-encoded to a PNG served from this origin; null goes back to the generated one', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const dot = await instrument('DOTUSDT');
    const saved = await edit(dot.id, {
      logo: `data:image/png;base64,${png.toString('base64')}`,
      reason: 'brand',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ customLogo: true });
    const served = await t.app.inject({ url: saved.body.result.logo });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 128, height: 128 });
    expect((await marketInfo(t, 'DOTUSDT')).logo).toBe(saved.body.result.logo);
    const text = await edit(dot.id, { logo: 'data:image/png;base64,aGVsbG8=', reason: 'x' });
    expect(text.body.code).toBe('10106');
    const back = await edit(dot.id, { logo: null, reason: 'generated again' });
    expect(back.body.result).toMatchObject({
      customLogo: false,
      logo: '/api/swx/customer/index/logo/DOTUSDT.svg',
    });
  });
});
