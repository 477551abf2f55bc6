// The back office's read-only view of contracts: positions of every customer with their P&L, and the
// platform's exposure per instrument, on real positions opened and closed through the customer API.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPosition,
  BuyOptionsBody,
  Exposure,
  MarketInfo,
  OptionsContract,
  Page,
} from '@tradewind/contract';
import { parseDecimal, usdtScale } from '@tradewind/contract/money';
import { lotScale, settledPnlMinor } from '@tradewind/contract/orders-math';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { registeredRoutes } from '../test/routes.ts';
import { adminLogin, fundReal } from '../wallet/withdraw-testing.ts';
import { liveInTests } from '../test/live-stand-in.ts';

type Customer = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let support: string;
let demoTrader: Customer;
let realTrader: Customer;
/** The contracts opened in beforeAll, as their owners' API answered. */
const opened: OptionsContract[] = [];
let closed: OptionsContract;

async function marketInfo(code: string): Promise<MarketInfo> {
  return (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;
}

/** Opens a contract as the confirm step would: at the live price and fee rate it showed. */
async function buy(who: Customer, book: 'YES' | 'NO', over: Partial<BuyOptionsBody> & { code: string }) {
  const info = await marketInfo(over.code);
  const body: BuyOptionsBody = {
    direction: 'up',
    lots: info.minLots,
    leverage: info.leverages[0] ?? 1,
    termId: info.terms.at(-1)?.id ?? '60',
    quotedPrice: info.nowPrice,
    quotedFeeRate: info.feeRate,
    termsSha256: info.termsSha256,
    ...over,
  };
  const res = await client(t.app, { token: who.token, book }).post<OptionsContract>(
    '/api/swx/customer/order/buyOptions',
    { body, headers: { 'idempotency-key': randomUUID() } },
  );
  if (res.body.code !== '200') throw new Error(`buyOptions refused: ${JSON.stringify(res.body)}`);
  return res.body.result;
}

const asStaff = (token: string) => client(t.app, { token });
const positions = (query: Record<string, string>, token = support) =>
  asStaff(token).get<Page<AdminPosition>>('/admin/api/positions', { query });
const exposureOf = (query: Record<string, string> = {}, token = support) =>
  asStaff(token).get<Exposure>('/admin/api/exposure', { query });

beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  support = await adminLogin(t, 'support');
  demoTrader = await registerUser(t);
  realTrader = await registerUser(t);
  await fundReal(t, realTrader.id, '5000');
  opened.push(
    await buy(demoTrader, 'NO', { code: 'BTCUSDT', direction: 'up' }),
    await buy(demoTrader, 'NO', { code: 'BTCUSDT', direction: 'down', lots: '0.02' }),
    await buy(demoTrader, 'NO', { code: 'ETHUSDT', direction: 'down' }),
    await buy(realTrader, 'YES', { code: 'BTCUSDT', direction: 'up' }),
    await buy(realTrader, 'YES', { code: 'ETHUSDT', direction: 'up' }),
  );
  const toClose = opened[0];
  if (!toClose) throw new Error('nothing opened');
  const res = await client(t.app, { token: demoTrader.token, book: 'NO' }).post<OptionsContract>(
    `/api/swx/customer/order/closeOptions/${toClose.id}`,
    { headers: { 'idempotency-key': randomUUID() } },
  );
  if (res.body.code !== '200') throw new Error(`closeOptions refused: ${JSON.stringify(res.body)}`);
  closed = res.body.result;
}, 120_000);
afterAll(async () => t.close());

const usdt = (v: string) => parseDecimal(v, usdtScale);
const lots = (v: string) => parseDecimal(v, lotScale);
const sumOf = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe('who may read positions', () => {
  it('every staff role reads positions and exposure', async () => {
    for (const role of ['support', 'finance', 'compliance', 'superadmin'] as const) {
      const token = await adminLogin(t, role);
      expect((await positions({}, token)).status).toBe(200);
      expect((await exposureOf({}, token)).status).toBe(200);
    }
  });

  it('a customer token and no token are refused with 401', async () => {
    const asCustomer = client(t.app, { token: demoTrader.token });
    expect((await asCustomer.get('/admin/api/positions')).status).toBe(401);
    expect((await asCustomer.get('/admin/api/exposure')).status).toBe(401);
    expect((await client(t.app).get('/admin/api/positions')).status).toBe(401);
  });
});

describe('the positions list', () => {
  it('lists open positions newest first, with the owner, book and the terms the customer got', async () => {
    const res = await positions({ status: 'open' });
    expect(res.status).toBe(200);
    const list = res.body.result.list;
    expect(list.map((p) => p.id)).toEqual(
      opened
        .slice(1)
        .map((c) => c.id)
        .reverse(),
    );
    const first = list.find((p) => p.id === opened[1]?.id);
    expect(first).toMatchObject({
      orderNo: opened[1]?.orderNo,
      user: { id: demoTrader.id, userName: demoTrader.userName },
      book: 'demo',
      code: 'BTCUSDT',
      direction: 'down',
      lots: '0.02',
      openPrice: opened[1]?.openPrice,
      openTickId: opened[1]?.openTickId,
      margin: opened[1]?.margin,
      fee: opened[1]?.fee,
      expiresAt: opened[1]?.expiresAt,
      status: 'open',
    });
    expect(first?.closePrice).toBeUndefined();
  });

  it("an open position's P&L is the shared arithmetic at the feed's latest price, capped at the margin", async () => {
    const list = (await positions({ status: 'open' })).body.result.list;
    for (const p of list) {
      const info = await marketInfo(p.code);
      if (p.markPrice === undefined || p.pnl === null) throw new Error(`no mark for ${p.code}`);
      const scale = info.priceScale;
      const expected = settledPnlMinor(
        {
          lotsMinor: lots(p.lots),
          contractSize: parseDecimal(info.contractSize, 0),
          priceScale: scale,
          conversion: { num: 1n, den: 1n },
        },
        p.direction,
        parseDecimal(p.openPrice, scale),
        parseDecimal(p.markPrice, scale),
        usdt(p.margin),
      );
      expect(usdt(p.pnl)).toBe(expected);
    }
  });

  it('a closed position shows its close, its closing tick and the P&L the customer was paid', async () => {
    const list = (await positions({ status: 'closed' })).body.result.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: closed.id,
      status: 'closed',
      closePrice: closed.closePrice,
      closeTickId: closed.closeTickId,
      closeAt: closed.closeAt,
      closeReason: 'manual',
      pnl: closed.pnl,
    });
    expect(list[0]?.markPrice).toBeUndefined();
  });

  it('filters by instrument, customer and book, and pages', async () => {
    const ids = async (query: Record<string, string>) =>
      (await positions({ status: 'open', ...query })).body.result.list.map((p) => p.id);
    const [, demoBtc, demoEth, realBtc, realEth] = opened.map((c) => c.id);
    expect(await ids({ code: 'ethusdt' })).toEqual([realEth, demoEth]);
    expect(await ids({ userId: realTrader.id })).toEqual([realEth, realBtc]);
    expect(await ids({ book: 'demo' })).toEqual([demoEth, demoBtc]);
    expect(await ids({ book: 'real', code: 'BTCUSDT' })).toEqual([realBtc]);
    expect(await ids({ userId: '999999' })).toEqual([]);
    const second = (await positions({ status: 'open', page: '2', size: '3' })).body.result;
    expect(second).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(second.list.map((p) => p.id)).toEqual([demoBtc]);
  });

  it('refuses a query outside its words and bounds with 400', async () => {
    const refused: Record<string, string>[] = [
      { status: 'pending' },
      { book: 'paper' },
      { userId: 'abc' },
      { code: 'BTC-USDT' },
      { size: '101' },
      { page: '0' },
      { price: '1' },
    ];
    for (const query of refused) {
      const res = await positions(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('the exposure per instrument', () => {
  it('adds up the open positions of the real book by default, per instrument and in total', async () => {
    const res = await exposureOf();
    expect(res.status).toBe(200);
    const ex = res.body.result;
    expect(ex.book).toBe('real');
    expect(ex.list.map((r) => r.code)).toEqual(['BTCUSDT', 'ETHUSDT']);
    const open = (await positions({ status: 'open', book: 'real' })).body.result.list;
    for (const row of ex.list) {
      const mine = open.filter((p) => p.code === row.code);
      const side = (d: string) => mine.filter((p) => p.direction === d);
      expect(row.openCount).toBe(mine.length);
      expect(lots(row.longLots)).toBe(sumOf(side('up').map((p) => lots(p.lots))));
      expect(lots(row.shortLots)).toBe(sumOf(side('down').map((p) => lots(p.lots))));
      expect(usdt(row.longNotional)).toBe(sumOf(side('up').map((p) => usdt(p.notional))));
      expect(usdt(row.marginTotal)).toBe(sumOf(mine.map((p) => usdt(p.margin))));
      expect(row.markPrice).toBeDefined();
    }
    expect(ex.totals.openCount).toBe(2);
    expect(usdt(ex.totals.marginTotal)).toBe(sumOf(ex.list.map((r) => usdt(r.marginTotal))));
    expect(usdt(ex.totals.unrealizedPnl)).toBe(sumOf(ex.list.map((r) => usdt(r.unrealizedPnl))));
  });

  it("nets long against short and sums the customers' unrealized P&L the list shows", async () => {
    const ex = (await exposureOf({ book: 'demo' })).body.result;
    const btc = ex.list.find((r) => r.code === 'BTCUSDT');
    // The demo book's BTC long was closed; 0.02 short is left.
    expect(btc).toMatchObject({ openCount: 1, longLots: '0.00', shortLots: '0.02', netLots: '-0.02' });
    expect(usdt(btc?.netNotional ?? '0')).toBe(-usdt(opened[1]?.notional ?? '0'));
    const demoOpen = (await positions({ status: 'open', book: 'demo' })).body.result.list;
    // Prices do not move between the two reads: the feed steps only when the test says so.
    expect(usdt(ex.totals.unrealizedPnl)).toBe(sumOf(demoOpen.map((p) => usdt(p.pnl ?? '0'))));
  });

  it('refuses a book it does not know', async () => {
    expect((await exposureOf({ book: 'paper' })).status).toBe(400);
  });
});

describe('staff cannot change a contract', () => {
  it('the positions and exposure routes are reads only', () => {
    const routes = registeredRoutes(t.app).filter((r) =>
      /^\w+ \/admin\/api\/(positions|exposure)(\/|$)/.test(r),
    );
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => !/^(GET|HEAD) /.test(r))).toEqual([]);
  });

  it('a POST to a position answers 404 and leaves it open', async () => {
    const id = opened[1]?.id ?? '';
    for (const path of [
      `/admin/api/positions/${id}/close`,
      '/admin/api/positions',
      `/admin/api/positions/${id}`,
    ]) {
      expect((await asStaff(support).post(path, { body: {} })).status).toBe(404);
    }
    const still = (await positions({ status: 'open' })).body.result.list.find((p) => p.id === id);
    expect(still?.status).toBe('open');
  });
});
