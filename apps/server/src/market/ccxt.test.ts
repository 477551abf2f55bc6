// The ccxt source on recorded responses: no network, an exchange object answering from the fixture.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candle, MarketInfo } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { registeredExchanges, numberToMinor, type ExchangeLike } from './source-ccxt.ts';
import { decimal } from './testing.ts';

type Fixture = {
  markets: Record<string, { symbol: string; active?: boolean }>;
  tickers: Array<Awaited<ReturnType<ExchangeLike['fetchTickers']>>>;
  ohlcv: Record<string, Array<Array<number>>>;
};
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/ccxt-binance.json', import.meta.url), 'utf8'),
) as Fixture;

/** Answers the recorded responses in order; recorded candles are moved to the window asked for. */
function recordedExchange(): ExchangeLike & { calls: string[] } {
  let round = 0;
  const calls: string[] = [];
  return {
    calls,
    loadMarkets: async () => fixture.markets,
    fetchTickers: async (symbols) => {
      calls.push('fetchTickers');
      const recorded = fixture.tickers[Math.min(round++, fixture.tickers.length - 1)] ?? {};
      return Object.fromEntries(Object.entries(recorded).filter(([s]) => !symbols || symbols.includes(s)));
    },
    fetchOHLCV: async (symbol, _timeframe, since) => {
      calls.push(`fetchOHLCV ${symbol}`);
      const rows = fixture.ohlcv[symbol] ?? [];
      const shift = Math.floor((since ?? 0) / 60_000) * 60_000 - (rows[0]?.[0] ?? 0);
      return rows.map(([ts = 0, ...rest]) => [ts + shift, ...rest]);
    },
  };
}

let t: TestApp;
let exchange: ReturnType<typeof recordedExchange>;
beforeAll(async () => {
  exchange = recordedExchange();
  registeredExchanges.set('fixture', () => exchange);
  t = await startTestApp({ marketFeed: 'ccxt:fixture' });
});
afterAll(async () => {
  registeredExchanges.delete('fixture');
  await t.close();
});

const info = async (code: string) =>
  (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;

describe('ccxt source', () => {
  it('prices the listed pairs from the exchange and labels them live', async () => {
    const btc = await info('BTCUSDT');
    expect(btc).toMatchObject({
      source: 'live',
      nowPrice: '104231.57',
      price: '103502.01',
      open24h: '103502.01',
      high24h: '105077.30',
      low24h: '103127.55',
      volume24h: '11873.20418',
    });
    expect(btc.zdf).toBe('0.70');
  });

  it('turns exchange numbers into exact decimals, small ones included', async () => {
    const shib = await info('SHIBUSDT');
    expect(shib).toMatchObject({ source: 'live', nowPrice: '0.0000129500', priceScale: 10 });
    expect(numberToMinor(1.295e-5, 10)).toBe(129_500n);
    expect(numberToMinor(0.1 + 0.2, 2)).toBe(30n);
    expect(numberToMinor(Number.NaN, 2)).toBeUndefined();
    expect(numberToMinor(-1, 2)).toBeUndefined();
    // The decimal the exchange sent, not the binary value: 1.015 is stored as 1.01499…, toFixed(2) says 1.01.
    expect(numberToMinor(1.015, 2)).toBe(102n);
    expect(numberToMinor(1.295e-7, 10)).toBe(1_295n);
    expect(numberToMinor(67012.5, 2)).toBe(6_701_250n);
  });

  it('leaves pairs the exchange does not list (or lists as inactive) and other categories simulated', async () => {
    expect((await info('LUNAUSDT')).source).toBe('simulated');
    expect((await info('XRPUSDT')).source).toBe('simulated');
    expect((await info('EURUSD')).source).toBe('simulated');
  });

  it('polls the next round of tickers when it is due', async () => {
    t.clock.advance(5_000);
    await t.app.market.step();
    expect((await info('BTCUSDT')).nowPrice).toBe('104245.02');
    expect((await info('ETHUSDT')).nowPrice).toBe('2532.61');
  });

  it('backfills 1-minute history with fetchOHLCV and builds periods from it', async () => {
    const k = async (period: string) =>
      (
        await client(t.app).get<Candle[]>('/api/swx/customer/index/getKValueByCodeAndDate', {
          query: { code: 'BTCUSDT', period, limit: '1000' },
        })
      ).body.result;
    const ones = await k('1m');
    expect(exchange.calls).toContain('fetchOHLCV BTC/USDT');
    const recorded = ones.filter((c) => c.open === '104202.00' || c.open === '104233.10');
    expect(recorded).toHaveLength(2);
    expect(ones.at(-1)?.close).toBe('104245.02'); // the minute the live ticks built
    for (const c of ones) {
      expect(decimal(c.low).minor).toBeLessThanOrEqual(decimal(c.open).minor);
      expect(decimal(c.high).minor).toBeGreaterThanOrEqual(decimal(c.close).minor);
    }
    const hours = await k('1h');
    const lastHour = hours.at(-1);
    const inHour = ones.filter((c) => lastHour && c.time >= lastHour.time);
    expect(lastHour?.open).toBe(inHour[0]?.open);
    expect(lastHour?.close).toBe(inHour.at(-1)?.close);
    const highs = inHour.map((c) => decimal(c.high).minor);
    expect(decimal(lastHour?.high ?? '0').minor).toBe(highs.reduce((a, b) => (b > a ? b : a)));
  });

  it('keeps the tick an order would use, once, with the source that produced it', async () => {
    const first = await t.app.market.keepLatestTick('BTCUSDT');
    const again = await t.app.market.keepLatestTick('BTCUSDT');
    expect(first).toMatchObject({ code: 'BTCUSDT', priceMinor: 10_424_502n, tradable: true });
    expect(again?.tickId).toBe(first?.tickId);
  });
});
