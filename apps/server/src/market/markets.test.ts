import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  instrumentTypes,
  marketInfo,
  marketItem,
  marketStats,
  type MarketInfo,
  type MarketItem,
} from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { roundHalfEven } from '@tradewind/contract/money';
import { leverageCap, seedInstruments } from './catalogue.ts';
import { marketInstruments } from './tables.ts';
import { decimal } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const index = '/api/swx/customer/index';
const list = async (type: number, keyword?: string) =>
  (
    await client(t.app).get<MarketItem[]>(`${index}/listMarketByType`, {
      query: { type: String(type), ...(keyword ? { keyword } : {}) },
    })
  ).body.result;

describe('listMarketByType', () => {
  it('lists every category with every field, prices at the instrument scale, each item labelled simulated', async () => {
    for (const type of Object.values(instrumentTypes)) {
      const items = await list(type);
      expect(items.length, `type ${type}`).toBeGreaterThan(4);
      for (const item of items) {
        expect(() => marketItem.parse(item)).not.toThrow();
        expect(item.type).toBe(type);
        expect(item.hundred.length).toBeGreaterThan(0);
        expect(item.hundred.length).toBeLessThanOrEqual(100);
        expect(item.hundred.at(-1)).toBe(item.nowPrice);
        expect(item.logo).toMatch(/^\/api\/swx\/customer\/index\/logo\/[A-Z0-9]+\.svg$/);
        expect(item.source, item.code).toBe('simulated');
      }
    }
  });

  it('lists more than 350 crypto pairs against USDT', async () => {
    const crypto = await list(instrumentTypes.crypto);
    expect(crypto.length).toBeGreaterThan(350);
    expect(crypto.every((i) => i.code.endsWith('USDT') && i.appName.endsWith('/USDT'))).toBe(true);
    expect(new Set(crypto.map((i) => i.code)).size).toBe(crypto.length);
    expect(crypto.map((i) => i.code)).toEqual(
      expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'DOGEUSDT']),
    );
  });

  it('answers zdf as the 24 h change of nowPrice over price, rounded half-even to two decimals', async () => {
    for (const type of Object.values(instrumentTypes)) {
      for (const item of await list(type)) {
        const before = decimal(item.price);
        const now = decimal(item.nowPrice);
        expect(now.scale).toBe(before.scale);
        const hundredths = roundHalfEven((now.minor - before.minor) * 10_000n, before.minor);
        const sign = hundredths < 0n ? '-' : '';
        const abs = hundredths < 0n ? -hundredths : hundredths;
        expect(item.zdf, item.code).toBe(`${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`);
      }
    }
  });

  it('lists ETFs under stocks with their flag', async () => {
    const stocks = await list(instrumentTypes.stocks);
    const etfs = stocks.filter((i) => i.etf);
    expect(etfs.map((i) => i.code)).toEqual(expect.arrayContaining(['SPY', 'QQQ', 'GLD']));
    expect(stocks.find((i) => i.code === 'AAPL')?.etf).toBe(false);
  });

  it('filters by keyword on code and names, case-insensitively', async () => {
    const found = await list(instrumentTypes.crypto, 'bitcoin');
    expect(found.map((i) => i.code)).toEqual(expect.arrayContaining(['BTCUSDT', 'BCHUSDT', 'WBTCUSDT']));
    expect(found.every((i) => /bitcoin|btc/i.test(`${i.code} ${i.name}`))).toBe(true);
    expect(await list(instrumentTypes.forex, 'zzzz')).toEqual([]);
  });

  it('refuses a type outside 1–5 with 400', async () => {
    const res = await client(t.app).get(`${index}/listMarketByType`, { query: { type: '6' } });
    expect(res.status).toBe(400);
  });
});

describe('getMarketInfo', () => {
  const info = async (code: string) => client(t.app).get<MarketInfo>(`${index}/getMarketInfo/${code}`);

  it('answers the item with its terms, hours, scales and 24 h figures', async () => {
    const res = await info('btcusdt');
    expect(res.status).toBe(200);
    const i = marketInfo.parse(res.body.result);
    expect(i).toMatchObject({ code: 'BTCUSDT', type: 2, quote: 'USDT', priceScale: 2, source: 'simulated' });
    expect(i.tradingHours.alwaysOpen).toBe(true);
    expect(i.tradable).toBe(true);
    expect(i.nextOpenAt).toBeUndefined();
    expect(i.terms.map((term) => term.seconds)).toEqual(expect.arrayContaining([60, 300, 900, 3600]));
    expect(decimal(i.low24h).minor).toBeLessThanOrEqual(decimal(i.nowPrice).minor);
    expect(decimal(i.high24h).minor).toBeGreaterThanOrEqual(decimal(i.nowPrice).minor);
    expect(i.open24h).toBe(i.price);
    expect(decimal(i.volume24h).minor).toBeGreaterThan(0n);
    expect(i.feeRate).toMatch(/^0\.\d+$/);
  });

  it('names the unit of the 24 h volume: the base asset, or the code where there is no pair', async () => {
    const units: Record<string, string> = { BTCUSDT: 'BTC', EURUSD: 'EUR', XAUUSD: 'XAU', AAPL: 'AAPL' };
    for (const [code, unit] of Object.entries(units)) {
      const res = await info(code);
      expect(marketInfo.parse(res.body.result).volumeUnit, code).toBe(unit);
    }
  });

  it('caps leverage per category (FX 30, crypto 2, stocks 5, futures 10, metals 20)', async () => {
    for (const [code, type] of [
      ['EURUSD', 1],
      ['ETHUSDT', 2],
      ['AAPL', 3],
      ['US500', 4],
      ['XAUUSD', 5],
    ] as const) {
      const i = (await info(code)).body.result;
      expect(Math.max(...i.leverages), code).toBe(leverageCap[type]);
      expect(i.type).toBe(type);
    }
  });

  it('describes a stock session in its exchange time zone', async () => {
    const i = (await info('AAPL')).body.result;
    expect(i.tradingHours.timeZone).toBe('America/New_York');
    expect(i.tradingHours.sessions).toContainEqual({
      openDay: 1,
      open: '09:30',
      closeDay: 1,
      close: '16:00',
    });
    expect(i).toMatchObject({ lotSize: '0.01', minLots: '0.01', contractSize: '1' });
  });

  it('refuses an unknown code with 10111', async () => {
    const res = await info('NOPEUSDT');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('10111');
  });
});

describe('stats', () => {
  const stats = async () => marketStats.parse((await client(t.app).get(`${index}/stats`)).body.result);

  it('counts no platform volume on a fresh install, whatever the simulated feed traded', async () => {
    const s = await stats();
    expect(s.platformVolume24h).toBe('0.00');
    expect(s.userCount).toBe(0);
    expect(decimal(s.marketVolume24h).minor).toBeGreaterThan(0n);
    expect(s.source).toBe('simulated');
  });

  it('takes the market volume from the feed: the sum of every instrument’s 24 h value in USD', async () => {
    // BTC/USDT alone: its base volume times its last price, in cents, is part of the total and below it.
    const btc = (await client(t.app).get<MarketInfo>(`${index}/getMarketInfo/BTCUSDT`)).body.result;
    const volume = decimal(btc.volume24h);
    const price = decimal(btc.nowPrice);
    const btcCents = (volume.minor * price.minor) / 10n ** BigInt(volume.scale + price.scale - 2);
    const total = decimal((await stats()).marketVolume24h).minor;
    expect(btcCents).toBeGreaterThan(0n);
    expect(total).toBeGreaterThan(btcCents);
  });

  it('adds the notional that registered domains report as platform volume, and nothing else', async () => {
    const since: number[] = [];
    t.app.market.stats.addPlatformVolume('test-contracts', async (sinceMs) => {
      since.push(sinceMs);
      return 123_456n; // US cents
    });
    const s = await stats();
    expect(s.platformVolume24h).toBe('1234.56');
    expect(since).toEqual([t.clock.now() - 86_400_000]);
    expect(() => t.app.market.stats.addPlatformVolume('test-contracts', async () => 0n)).toThrow();
  });

  it('counts registered users, listed instruments and the highest fee rate from the data', async () => {
    const before = (await stats()).userCount;
    await registerUser(t);
    await registerUser(t);
    const s = await stats();
    const [instruments] = await t.ctx.db.select({ n: count() }).from(marketInstruments);
    expect(s.instrumentCount).toBe(instruments?.n);
    expect(s.cryptoCount).toBe((await list(instrumentTypes.crypto)).length);
    expect(s.userCount).toBe(before + 2);
    expect(s.feeRateMax).toBe('0.002');
  });
});

describe('catalogue', () => {
  it('is seeded only into an empty table', async () => {
    const before = await t.ctx.db.select({ n: count() }).from(marketInstruments);
    await seedInstruments(t.ctx.db, new Date(t.clock.now()));
    const after = await t.ctx.db.select({ n: count() }).from(marketInstruments);
    expect(after).toEqual(before);
  });

  it('serves an SVG logo generated from the code', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${index}/logo/ETHUSDT.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).toContain('>ETH</text>');
    const unknown = await t.app.inject({ method: 'GET', url: `${index}/logo/NOPE.svg` });
    expect(unknown.statusCode).toBe(404);
  });
});
