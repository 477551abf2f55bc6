// The market list's server side of the trading screen: a search across every category, the 24 h high, low,
// volume and open/closed state on every list item, and FX logos that name both currencies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentTypes, marketItem, searchMarketLimitMax, type MarketItem } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { decimal, nextUtc, travelTo } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const index = '/api/swx/customer/index';
const search = async (query: Record<string, string>) =>
  client(t.app).get<MarketItem[]>(`${index}/searchMarket`, { query });
const list = async (type: number) =>
  (await client(t.app).get<MarketItem[]>(`${index}/listMarketByType`, { query: { type: String(type) } })).body
    .result;
const below = (a: string, b: string) => {
  const x = decimal(a);
  const y = decimal(b);
  expect(x.scale).toBe(y.scale);
  return x.minor <= y.minor;
};

describe('searchMarket', () => {
  it('finds gold (XAU/USD, a metal) by its long name, first', async () => {
    const res = await search({ keyword: 'gold' });
    expect(res.status).toBe(200);
    expect(res.body.result[0]?.appName).toBe('XAU/USD');
    expect(res.body.result[0]?.type).toBe(instrumentTypes.metals);
  });

  it('answers every category a keyword matches, exact code before partial matches', async () => {
    const items = (await search({ keyword: 'usd' })).body.result;
    expect(new Set(items.map((i) => i.type)).size).toBeGreaterThan(1);
    const exact = (await search({ keyword: 'btc' })).body.result;
    expect(exact[0]?.code).toBe('BTCUSDT');
    for (const item of exact) expect(() => marketItem.parse(item)).not.toThrow();
  });

  it('is bounded: at most the limit, and never more than the maximum', async () => {
    expect((await search({ keyword: 'a', limit: '5' })).body.result).toHaveLength(5);
    const all = (await search({ keyword: 'a' })).body.result;
    expect(all.length).toBeLessThanOrEqual(searchMarketLimitMax);
    expect((await search({ keyword: 'a', limit: String(searchMarketLimitMax + 1) })).status).toBe(400);
  });

  it('refuses an empty or missing keyword with 400, and answers no match with an empty list', async () => {
    expect((await search({ keyword: '  ' })).status).toBe(400);
    expect((await search({})).status).toBe(400);
    expect((await search({ keyword: 'zzzqqq' })).body.result).toEqual([]);
  });
});

describe('list items', () => {
  it('carry the 24 h high, low and volume, the price inside the range', async () => {
    for (const item of await list(instrumentTypes.crypto)) {
      expect(() => marketItem.parse(item)).not.toThrow();
      expect(below(item.low24h, item.nowPrice) && below(item.nowPrice, item.high24h)).toBe(true);
      expect(decimal(item.volume24h).minor).toBeGreaterThanOrEqual(0n);
      expect(item.tradable).toBe(true);
      expect(item.nextOpenAt).toBeUndefined();
    }
  });

  it('say a closed market is closed and when it opens (stocks on a Saturday)', async () => {
    const saturday = nextUtc(t.clock.now(), 6, 12);
    await travelTo(t, saturday);
    const stocks = await list(instrumentTypes.stocks);
    const apple = stocks.find((i) => i.code === 'AAPL');
    expect(apple?.tradable).toBe(false);
    // NYSE opens on Monday at 09:30 New York time: 13:30 or 14:30 UTC.
    const opens = apple?.nextOpenAt ?? 0;
    expect(new Date(opens).getUTCDay()).toBe(1);
    expect(opens - saturday).toBeLessThan(3 * 86_400_000);
    const crypto = await list(instrumentTypes.crypto);
    expect(crypto.every((i) => i.tradable)).toBe(true);
  });
});

describe('logos', () => {
  it('name both currencies of an FX pair, and one code elsewhere', async () => {
    const eurusd = await t.app.inject({ method: 'GET', url: `${index}/logo/EURUSD.svg` });
    expect(eurusd.statusCode).toBe(200);
    expect(eurusd.body).toContain('>EUR<');
    expect(eurusd.body).toContain('>USD<');
    const eurgbp = await t.app.inject({ method: 'GET', url: `${index}/logo/EURGBP.svg` });
    expect(eurgbp.body).not.toBe(eurusd.body);
    const btc = await t.app.inject({ method: 'GET', url: `${index}/logo/BTCUSDT.svg` });
    expect(btc.body).toContain('>BTC<');
    expect(btc.body).not.toContain('>USDT<');
  });
});
