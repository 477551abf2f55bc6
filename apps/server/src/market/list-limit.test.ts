// listMarketByType's `limit`: the home page asks for the few rows it shows instead of the whole category
// (400+ crypto pairs with 100-point histories), so the head must be exactly the whole list's first items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentTypes, listMarketLimitMax, type MarketItem } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const path = '/api/swx/customer/index/listMarketByType';
const get = (query: Record<string, string>) => client(t.app).get<MarketItem[]>(path, { query });

describe('listMarketByType limit', () => {
  it('answers only the first `limit` items, in the same order as the whole list', async () => {
    const whole = (await get({ type: String(instrumentTypes.crypto) })).body.result;
    expect(whole.length).toBeGreaterThan(350);
    for (const limit of [1, 8, 50]) {
      const res = await get({ type: String(instrumentTypes.crypto), limit: String(limit) });
      expect(res.status).toBe(200);
      expect(res.body.result.map((i) => i.code)).toEqual(whole.slice(0, limit).map((i) => i.code));
    }
  });

  it('answers the whole list when the limit is larger than the category', async () => {
    const whole = (await get({ type: String(instrumentTypes.metals) })).body.result;
    const res = await get({ type: String(instrumentTypes.metals), limit: String(listMarketLimitMax) });
    expect(res.body.result.map((i) => i.code)).toEqual(whole.map((i) => i.code));
  });

  it('applies the limit after the keyword filter', async () => {
    const found = (await get({ type: String(instrumentTypes.crypto), keyword: 'usd' })).body.result;
    expect(found.length).toBeGreaterThan(3);
    const head = (await get({ type: String(instrumentTypes.crypto), keyword: 'usd', limit: '3' })).body
      .result;
    expect(head.map((i) => i.code)).toEqual(found.slice(0, 3).map((i) => i.code));
  });

  it('refuses a limit outside 1–1000 or not an integer with 400', async () => {
    for (const limit of ['0', '-1', String(listMarketLimitMax + 1), '2.5', 'abc', '']) {
      const res = await get({ type: String(instrumentTypes.crypto), limit });
      expect(res.status, `limit=${limit}`).toBe(400);
    }
  });
});
