import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candle as candleSchema, type Candle, type KlinePeriod, type MarketInfo } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { decimal, nextUtc, travelTo } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // A Wednesday afternoon in New York, so stocks have a session behind them.
  await travelTo(t, nextUtc(t.clock.now(), 3, 19, 7));
});
afterAll(async () => t.close());

const minuteMs = 60_000;
const periodMs: Record<KlinePeriod, number> = {
  '1m': minuteMs,
  '5m': 5 * minuteMs,
  '15m': 15 * minuteMs,
  '30m': 30 * minuteMs,
  '1h': 60 * minuteMs,
  '4h': 240 * minuteMs,
  '1d': 1440 * minuteMs,
  '1w': 7 * 1440 * minuteMs,
};

async function klines(query: Record<string, string | number>) {
  const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return client(t.app).get<Candle[]>('/api/swx/customer/index/getKValueByCodeAndDate', { query: q });
}

/** Every 1-minute candle with start in [fromMs, toMs), fetched in pages of 1000. */
async function minutes(code: string, fromMs: number, toMs: number): Promise<Candle[]> {
  const out: Candle[] = [];
  for (let from = fromMs; from < toMs; from += 1000 * minuteMs) {
    const to = Math.min(from + 1000 * minuteMs, toMs) - minuteMs;
    const res = await klines({ code, period: '1m', from, to, limit: 1000 });
    out.push(...res.body.result);
  }
  return out;
}

function aggregate(ones: Candle[], startMs: number, lengthMs: number) {
  const inside = ones.filter((c) => c.time >= startMs && c.time < startMs + lengthMs);
  if (inside.length === 0) return undefined;
  const prices = (pick: (c: Candle) => string) => inside.map((c) => decimal(pick(c)).minor);
  const high = prices((c) => c.high).reduce((a, b) => (b > a ? b : a));
  const low = prices((c) => c.low).reduce((a, b) => (b < a ? b : a));
  const volume = inside.map((c) => decimal(c.volume));
  const scale = Math.max(...volume.map((v) => v.scale));
  const volumeSum = volume.reduce((s, v) => s + v.minor * 10n ** BigInt(scale - v.scale), 0n);
  return { open: inside[0]?.open, close: inside.at(-1)?.close, high, low, volume: volumeSum, scale };
}

function expectConsistent(c: Candle) {
  const [o, h, l, cl] = [c.open, c.high, c.low, c.close].map((v) => decimal(v).minor);
  expect(l).toBeLessThanOrEqual(o ?? 0n);
  expect(l).toBeLessThanOrEqual(cl ?? 0n);
  expect(h).toBeGreaterThanOrEqual(o ?? 0n);
  expect(h).toBeGreaterThanOrEqual(cl ?? 0n);
}

describe('getKValueByCodeAndDate', () => {
  it('answers consistent candles for every period', async () => {
    for (const period of Object.keys(periodMs) as KlinePeriod[]) {
      const res = await klines({ code: 'ETHUSDT', period, limit: 300 });
      expect(res.status, period).toBe(200);
      expect(res.body.result.length, period).toBeGreaterThan(period === '1w' ? 40 : 250);
      let previous = Number.NEGATIVE_INFINITY;
      for (const c of res.body.result) {
        expect(() => candleSchema.parse(c)).not.toThrow();
        expectConsistent(c);
        expect(c.time).toBeGreaterThan(previous);
        expect(c.time % periodMs[period]).toBe(period === '1w' ? 4 * 1440 * minuteMs : 0);
        previous = c.time;
      }
    }
  });

  it('builds 5m, 15m, 30m, 1h and 4h candles as the aggregation of 1-minute candles', async () => {
    const now = t.clock.now();
    const end = Math.floor(now / periodMs['4h']) * periodMs['4h'];
    const start = end - 2 * periodMs['4h'];
    const ones = await minutes('SOLUSDT', start, end);
    expect(ones.length).toBeGreaterThan(400);
    for (const period of ['5m', '15m', '30m', '1h', '4h'] as const) {
      const res = await klines({ code: 'SOLUSDT', period, from: start, to: end - periodMs[period] });
      expect(res.body.result.length).toBe((end - start) / periodMs[period]);
      for (const c of res.body.result) {
        const agg = aggregate(ones, c.time, periodMs[period]);
        expect(agg, `${period} ${c.time}`).toBeDefined();
        expect([c.open, c.close]).toEqual([agg?.open, agg?.close]);
        expect(decimal(c.high).minor).toBe(agg?.high);
        expect(decimal(c.low).minor).toBe(agg?.low);
        expect(decimal(c.volume).minor * 10n ** BigInt((agg?.scale ?? 0) - decimal(c.volume).scale)).toBe(
          agg?.volume,
        );
      }
    }
  });

  it('builds daily and weekly candles from 1-minute candles too, closed minutes left out', async () => {
    const now = t.clock.now();
    const dayStart = Math.floor(now / periodMs['1d']) * periodMs['1d'] - periodMs['1d'];
    const day = (await klines({ code: 'AAPL', period: '1d', from: dayStart, to: dayStart })).body.result;
    expect(day).toHaveLength(1);
    const ones = await minutes('AAPL', dayStart, dayStart + periodMs['1d']);
    // A New York session: 390 minutes, all inside the day.
    expect(ones.length).toBe(390);
    const agg = aggregate(ones, dayStart, periodMs['1d']);
    expect(day[0]).toMatchObject({ open: agg?.open, close: agg?.close });
    expect(decimal(day[0]?.high ?? '0').minor).toBe(agg?.high);

    const weekStart = nextUtc(now - 14 * periodMs['1d'], 1, 0);
    const week = (await klines({ code: 'XAUUSD', period: '1w', from: weekStart, to: weekStart })).body.result;
    const weekOnes = await minutes('XAUUSD', weekStart, weekStart + periodMs['1w']);
    const weekAgg = aggregate(weekOnes, weekStart, periodMs['1w']);
    expect(week[0]).toMatchObject({ time: weekStart, open: weekAgg?.open, close: weekAgg?.close });
    expect(decimal(week[0]?.low ?? '0').minor).toBe(weekAgg?.low);
  });

  it('ends with the minute in progress, whose close is the current price', async () => {
    await travelTo(t, t.clock.now() + 20_000);
    const [last] = (await klines({ code: 'BTCUSDT', period: '1m', limit: 1 })).body.result;
    const info = (await client(t.app).get<MarketInfo>('/api/swx/customer/index/getMarketInfo/BTCUSDT')).body
      .result;
    expect(last?.time).toBe(Math.floor(t.clock.now() / minuteMs) * minuteMs);
    expect(last?.close).toBe(info.nowPrice);
  });

  it('is a pure function of time: the same past candle every time', async () => {
    const q = { code: 'DOGEUSDT', period: '15m', limit: 20, to: t.clock.now() - 86_400_000 };
    const a = await klines(q);
    await travelTo(t, t.clock.now() + 5 * minuteMs);
    const b = await klines(q);
    expect(b.body.result).toEqual(a.body.result);
  });

  it('refuses a limit above 1000, an unknown period and an unknown code', async () => {
    expect((await klines({ code: 'BTCUSDT', period: '1m', limit: 1001 })).status).toBe(400);
    expect((await klines({ code: 'BTCUSDT', period: '2m' })).status).toBe(400);
    const unknown = await klines({ code: 'NOPEUSDT', period: '1m' });
    expect([unknown.status, unknown.body.code]).toEqual([404, '10111']);
  });

  it('answers nothing for a range in the future', async () => {
    const res = await klines({ code: 'BTCUSDT', period: '1h', from: t.clock.now() + 7_200_000 });
    expect(res.body.result).toEqual([]);
  });
});
