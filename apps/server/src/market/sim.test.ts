import { describe, expect, it } from 'vitest';
import { catalogueRows } from './catalogue.ts';
import { pegs } from './catalogue-data.ts';
import { compileSchedule } from './hours.ts';
import { simLastTick, simMinute, simParams, simTicksOfMinute, type SimInput, type SimParams } from './sim.ts';

const rows = catalogueRows(new Date(0));
function inputOf(code: string): SimInput {
  const r = rows.find((x) => x.code === code);
  if (!r) throw new Error(code);
  return {
    code: r.code,
    referencePriceMinor: r.referencePriceMinor,
    priceScale: r.priceScale,
    volumeScale: r.volumeScale ?? 0,
    volatilityBps: r.volatilityBps,
    tickTier: r.tickTier,
    schedule: compileSchedule(r.tradingHours),
  };
}
/** The walk of `code` as the feed makes it: a pegged instrument follows its catalogue reference. */
function paramsOf(code: string): SimParams {
  const peg = pegs[code];
  if (!peg) return simParams(inputOf(code));
  const reference = peg.reference === 'par' ? 'par' : inputOf(peg.reference);
  return simParams({ ...inputOf(code), peg: { reference, bandBps: peg.bandBps } });
}
const priceOf = (minor: number, scale: number) => minor / 10 ** scale;

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

describe('pegged instruments', () => {
  const scaleOf = (code: string) => inputOf(code).priceScale;

  for (const [code, peg] of Object.entries(pegs)) {
    if (peg.reference === 'par') continue;
    const reference = peg.reference;
    it(`${code} stays within ${peg.bandBps} bps of ${reference} over 120 days, every tick of its minutes`, () => {
      const p = paramsOf(code);
      const r = paramsOf(reference);
      const band = peg.bandBps / 10_000;
      let compared = 0;
      let widest = 0;
      for (let m = start; m < start + 120 * 1440; m += 11) {
        const mine = simMinute(p, m);
        const theirs = simMinute(r, m);
        if (!mine || !theirs) continue; // gold's market closes; the token trades on
        compared++;
        const price = (minor: number, c: string) => priceOf(minor, scaleOf(c));
        // Every tick of the token's minute against every tick of the reference's: high over low and back.
        const above = price(mine.high, code) / price(theirs.low, reference) - 1;
        const below = 1 - price(mine.low, code) / price(theirs.high, reference);
        widest = Math.max(widest, above, below);
      }
      expect(compared).toBeGreaterThan(5_000);
      expect(widest).toBeLessThanOrEqual(band);
      // It is not the reference's walk copied: a basis moves inside the band.
      expect(widest).toBeGreaterThan(band / 10);
    });
  }

  it('a stablecoin pegged to par stays within its band around one dollar', () => {
    const usdc = { ...inputOf('BTCUSDT'), code: 'USDCUSDT', referencePriceMinor: 100_000n, priceScale: 5 };
    const p = simParams({ ...usdc, peg: { reference: 'par', bandBps: 30 } });
    for (let m = start; m < start + 60 * 1440; m += 13) {
      const c = simMinute(p, m);
      if (!c) continue;
      expect(c.high / 100_000 - 1).toBeLessThanOrEqual(0.003);
      expect(1 - c.low / 100_000).toBeLessThanOrEqual(0.003);
    }
  });

  it('refuses a peg to an instrument that is pegged itself', () => {
    const wbtc = { ...inputOf('WBTCUSDT'), peg: { reference: inputOf('BTCUSDT'), bandBps: 50 } };
    expect(() => simParams({ ...inputOf('ETHUSDT'), peg: { reference: wbtc, bandBps: 50 } })).toThrow(
      /pegged itself/,
    );
  });
});

describe('simulated volume across midnight', () => {
  /** Volume of the 15-minute bar starting at `minute`. */
  function bar(p: SimParams, minute: number): number {
    let total = 0;
    for (let m = minute; m < minute + 15; m++) total += simMinute(p, m)?.volume ?? 0;
    return total;
  }

  it('has no step at 00:00 UTC: bars across midnight change no more than across any other hour', () => {
    const firstDay = Math.floor(Date.UTC(2026, 0, 5) / 60_000 / 1440) * 1440;
    /** Mean and largest |ln(after / before)| of the bars either side of `offset` minutes into each day. */
    function steps(p: SimParams, offset: number) {
      const logs: number[] = [];
      for (let d = 1; d <= 60; d++) {
        const at = firstDay + d * 1440 + offset;
        logs.push(Math.abs(Math.log(bar(p, at) / bar(p, at - 15))));
      }
      return { mean: logs.reduce((a, b) => a + b, 0) / logs.length, max: Math.max(...logs) };
    }
    for (const code of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'KP3RUSDT', 'DOGEUSDT']) {
      const p = paramsOf(code);
      const midnight = steps(p, 0);
      const otherHours = [6 * 60, 12 * 60, 18 * 60].map((offset) => steps(p, offset).mean);
      const usual = otherHours.reduce((a, b) => a + b, 0) / otherHours.length;
      // A day's activity held constant then replaced at midnight made jumps of up to 5.7× (issue 23).
      expect(midnight.mean, code).toBeLessThan(1.5 * usual);
      expect(Math.exp(midnight.max), code).toBeLessThan(2.5);
    }
  });
});
