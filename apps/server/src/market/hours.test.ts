import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketInfo } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { compileSchedule, isOpenAt, nextOpenAt, schedules } from './hours.ts';
import { nextUtc, travelTo } from './testing.ts';

describe('trading hours (pure)', () => {
  const fx = compileSchedule(schedules.forex);
  const nyse = compileSchedule(schedules.NYSE);
  const cme = compileSchedule(schedules.CME);

  it('opens FX from Sunday 22:00 to Friday 22:00 UTC', () => {
    expect(isOpenAt(fx, Date.UTC(2026, 0, 4, 21, 59))).toBe(false); // Sunday
    expect(isOpenAt(fx, Date.UTC(2026, 0, 4, 22, 0))).toBe(true);
    expect(isOpenAt(fx, Date.UTC(2026, 0, 7, 3, 0))).toBe(true); // Wednesday night
    expect(isOpenAt(fx, Date.UTC(2026, 0, 9, 21, 59))).toBe(true); // Friday
    expect(isOpenAt(fx, Date.UTC(2026, 0, 9, 22, 0))).toBe(false);
    expect(nextOpenAt(fx, Date.UTC(2026, 0, 10, 12, 0))).toBe(Date.UTC(2026, 0, 11, 22, 0));
  });

  it('follows New York time for NYSE, daylight saving included', () => {
    // January: 09:30 EST is 14:30 UTC; July: 09:30 EDT is 13:30 UTC.
    expect(isOpenAt(nyse, Date.UTC(2026, 0, 6, 14, 29))).toBe(false);
    expect(isOpenAt(nyse, Date.UTC(2026, 0, 6, 14, 30))).toBe(true);
    expect(isOpenAt(nyse, Date.UTC(2026, 0, 6, 20, 59))).toBe(true);
    expect(isOpenAt(nyse, Date.UTC(2026, 0, 6, 21, 0))).toBe(false);
    expect(isOpenAt(nyse, Date.UTC(2026, 6, 7, 13, 30))).toBe(true);
    expect(isOpenAt(nyse, Date.UTC(2026, 6, 7, 20, 0))).toBe(false);
    // Friday after the close → Monday 09:30 New York.
    expect(nextOpenAt(nyse, Date.UTC(2026, 0, 9, 22, 0))).toBe(Date.UTC(2026, 0, 12, 14, 30));
  });

  it('gives futures a daily break and a weekend', () => {
    // CME: 16:00–17:00 Chicago (22:00–23:00 UTC in winter) is closed.
    expect(isOpenAt(cme, Date.UTC(2026, 0, 6, 21, 59))).toBe(true);
    expect(isOpenAt(cme, Date.UTC(2026, 0, 6, 22, 30))).toBe(false);
    expect(isOpenAt(cme, Date.UTC(2026, 0, 6, 23, 0))).toBe(true);
    expect(isOpenAt(cme, Date.UTC(2026, 0, 10, 12, 0))).toBe(false); // Saturday
    expect(nextOpenAt(cme, Date.UTC(2026, 0, 10, 12, 0))).toBe(Date.UTC(2026, 0, 11, 23, 0));
  });

  it('never closes crypto', () => {
    const crypto = compileSchedule(schedules.crypto);
    expect(isOpenAt(crypto, Date.UTC(2026, 0, 10, 12, 0))).toBe(true);
    expect(nextOpenAt(crypto, Date.UTC(2026, 0, 10, 12, 0))).toBeUndefined();
  });
});

describe('closed markets through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const info = async (code: string) =>
    (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;

  it('reports FX on a Saturday as not tradable, reopening Sunday 22:00 UTC', async () => {
    const saturday = nextUtc(t.clock.now(), 6, 12);
    await travelTo(t, saturday);
    const eurusd = await info('EURUSD');
    expect(eurusd.tradable).toBe(false);
    expect(eurusd.nextOpenAt).toBe(saturday + 34 * 3_600_000);
    const btc = await info('BTCUSDT');
    expect(btc.tradable).toBe(true);
    expect(btc.nextOpenAt).toBeUndefined();
  });

  it('does not tick a closed market, and ticks it again once open', async () => {
    const saturday = nextUtc(t.clock.now(), 6, 12);
    await travelTo(t, saturday);
    const before = await info('EURUSD');
    await travelTo(t, saturday + 3_600_000);
    expect((await info('EURUSD')).nowPrice).toBe(before.nowPrice);
    const stock = await info('AAPL');
    expect(stock.tradable).toBe(false);
    expect(stock.nextOpenAt).toBeGreaterThan(t.clock.now());

    await travelTo(t, nextUtc(t.clock.now(), 0, 22, 5)); // Sunday 22:05 UTC
    const open = await info('EURUSD');
    expect(open.tradable).toBe(true);
    expect(open.nowPrice).not.toBe(before.nowPrice);
  });
});
