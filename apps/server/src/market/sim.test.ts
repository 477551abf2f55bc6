import { describe, expect, it } from 'vitest';
import { catalogueRows } from './catalogue.ts';
import { compileSchedule } from './hours.ts';
import { simLastTick, simMinute, simParams, simTicksOfMinute, type SimParams } from './sim.ts';

const rows = catalogueRows(new Date(0));
function paramsOf(code: string): SimParams {
  const r = rows.find((x) => x.code === code);
  if (!r) throw new Error(code);
  return simParams({
    code: r.code,
    referencePriceMinor: r.referencePriceMinor,
    priceScale: r.priceScale,
    volumeScale: r.volumeScale ?? 0,
    volatilityBps: r.volatilityBps,
    tickTier: r.tickTier,
    schedule: compileSchedule(r.tradingHours),
  });
}

const start = Math.floor(Date.UTC(2026, 2, 2, 0, 0) / 60_000); // a Monday

describe('the simulated walk', () => {
  it('makes every minute’s candle exactly the aggregate of its ticks', () => {
    for (const code of ['BTCUSDT', 'SHIBUSDT', 'KP3RUSDT', 'EURUSD', 'AAPL', 'XAUUSD']) {
      const p = paramsOf(code);
      for (let m = start; m < start + 3 * 1440; m += 13) {
        const candle = simMinute(p, m);
        const ticks = simTicksOfMinute(p, m).map((x) => x.priceMinor);
        if (!candle) {
          expect(ticks).toEqual([]);
          continue;
        }
        expect(ticks[0]).toBe(candle.open);
        expect(ticks.at(-1)).toBe(candle.close);
        expect(Math.max(...ticks)).toBe(candle.high);
        expect(Math.min(...ticks)).toBe(candle.low);
        expect(simLastTick(p, (m + 1) * 60_000 - 1, 1)?.priceMinor).toBe(BigInt(candle.close));
        const partial = simMinute(p, m, 29);
        expect(partial?.open).toBe(candle.open);
        expect(partial?.high).toBeLessThanOrEqual(candle.high);
        expect(partial?.low).toBeGreaterThanOrEqual(candle.low);
      }
    }
  });

  it('is the same on every node: a pure function of instrument and time', () => {
    const a = paramsOf('ETHUSDT');
    const b = paramsOf('ETHUSDT');
    for (let m = start; m < start + 500; m += 7) expect(simMinute(a, m)).toEqual(simMinute(b, m));
    expect(simMinute(paramsOf('ETHUSDT'), start)).not.toEqual(simMinute(paramsOf('ETCUSDT'), start));
  });

  it('stays in a band around the reference price over a year', () => {
    const p = paramsOf('BTCUSDT');
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    for (let m = start; m < start + 365 * 1440; m += 17) {
      const c = simMinute(p, m);
      if (!c) continue;
      low = Math.min(low, c.low);
      high = Math.max(high, c.high);
    }
    // Crypto volatility 3.5 % a day; the construction bounds the excursion below ~7 × that.
    expect(low).toBeGreaterThan(p.refMinor * 0.7);
    expect(high).toBeLessThan(p.refMinor * 1.3);
    expect(high - low).toBeGreaterThan(p.refMinor * 0.05);
  });

  it('does not tick while the market is closed', () => {
    const p = paramsOf('AAPL');
    const saturday = Math.floor(Date.UTC(2026, 2, 7, 15, 0) / 60_000);
    for (let m = saturday; m < saturday + 600; m++) expect(simMinute(p, m)).toBeUndefined();
    const last = simLastTick(p, saturday * 60_000, 3 * 1440);
    // Friday 16:00 New York (21:00 UTC in March before the clock change) is the close.
    expect(last?.atMs).toBeLessThan(Date.UTC(2026, 2, 6, 21, 0));
    expect(last?.atMs).toBeGreaterThanOrEqual(Date.UTC(2026, 2, 6, 20, 59));
  });
});

describe('simulated volume', () => {
  it('varies from day to day, so daily and weekly volume bars are not all one height', () => {
    const p = paramsOf('BTCUSDT');
    const firstDay = Math.floor(Date.UTC(2026, 0, 5) / 60_000 / 1440) * 1440;
    const days: number[] = [];
    for (let d = 0; d < 14; d++) {
      let total = 0;
      for (let m = firstDay + d * 1440; m < firstDay + (d + 1) * 1440; m++)
        total += simMinute(p, m)?.volume ?? 0;
      days.push(total);
    }
    const mean = days.reduce((a, b) => a + b, 0) / days.length;
    // Independent minutes alone would keep every day within ~1 % of the mean.
    expect(Math.max(...days) / Math.min(...days)).toBeGreaterThan(1.5);
    expect(mean).toBeGreaterThan(0);
  });
});
