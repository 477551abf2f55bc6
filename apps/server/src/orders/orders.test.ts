// Opening, reading and closing contracts through the API on the simulated feed (BTCUSDT trades around the
// clock): the terms applied are the terms computed by the shared arithmetic from the kept tick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionsContract, Page, Tick, UserInfoWithBook } from '@tradewind/contract';
import { contractTerms, parity } from '@tradewind/contract/orders-math';
import { parseDecimal } from '@tradewind/contract/money';
import { auditLedger } from '../ledger/service.ts';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { buy, closeOption, quoteBody } from './testing.ts';
import { liveInTests } from '../test/live-stand-in.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  token = (await registerUser(t)).token;
});
afterAll(async () => t.close());

const userInfo = async (book: 'YES' | 'NO' = 'NO') =>
  (await client(t.app, { token, book }).post<UserInfoWithBook>('/api/swx/customer/user/getUserInfo')).body
    .result;

describe('buyOptions', () => {
  it('opens at the kept latest tick with margin and fee leaving cash in one entry', async () => {
    const before = await userInfo();
    const body = await quoteBody(t, 'BTCUSDT', { lots: '0.05', leverage: 2, takeProfit: undefined });
    const res = await buy(t, token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const c = res.body.result;
    expect(c).toMatchObject({
      code: 'BTCUSDT',
      direction: 'up',
      lots: '0.05',
      leverage: 2,
      status: 'open',
      book: 'demo',
    });
    const tick = (await client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${c.openTickId}`)).body
      .result;
    expect(tick.price).toBe(c.openPrice);
    const expected = contractTerms(
      { lotsMinor: 5n, contractSize: BigInt(c.contractSize), priceScale: 2, conversion: parity },
      { priceMinor: parseDecimal(c.openPrice, 2), leverage: 2, feeRateBps: 10 },
    );
    expect(parseDecimal(c.margin, 6)).toBe(expected.marginMinor);
    expect(parseDecimal(c.fee, 6)).toBe(expected.feeMinor);
    const after = await userInfo();
    expect(parseDecimal(before.balance, 6) - parseDecimal(after.balance, 6)).toBe(
      expected.marginMinor + expected.feeMinor,
    );
    expect(parseDecimal(after.frozen, 6) - parseDecimal(before.frozen, 6)).toBe(expected.marginMinor);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });

  it('lists, reads and closes it at the latest tick, once', async () => {
    const api = client(t.app, { token, book: 'NO' });
    const open = await api.get<Page<OptionsContract>>('/api/swx/customer/order/listOptionsOrder', {
      query: { status: 'open' },
    });
    expect(open.body.result.total).toBe(1);
    const c = open.body.result.list[0];
    if (!c) throw new Error('no open contract');
    const closed = await closeOption(t, token, c.id);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.result).toMatchObject({ status: 'closed', closeReason: 'manual' });
    expect(closed.body.result.closeTickId).toBeDefined();
    const again = await closeOption(t, token, c.id);
    expect(again.body.result).toEqual(closed.body.result);
    const got = await api.get<OptionsContract>(`/api/swx/customer/order/getOptionsOrderById/${c.id}`);
    expect(got.body.result).toEqual(closed.body.result);
    const other = await registerUser(t);
    const foreign = await client(t.app, { token: other.token }).get(
      `/api/swx/customer/order/getOptionsOrderById/${c.id}`,
    );
    expect(foreign.body.code).toBe('10111');
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });
});
