// Market hours in the contract rules (CONTRACT.md "Orders": market closed → 10015): a stock opened minutes
// before the NYSE close cannot be opened or closed after it, forex is shut on Saturday while crypto trades,
// an expired contract whose market is shut waits for the opening, and the demo reset closes it anyway at
// its latest tick. The manual clock is moved to a known week, so the suite does not depend on today's date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionsContract } from '@tradewind/contract';
import { isOpenAt } from '../market/hours.ts';
import { nextUtc } from '../market/testing.ts';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { buy, closeOption, marketInfo, quoteBody, stepTo } from './testing.ts';
import { entriesOf, expectAuditBalanced, expectRefusedAndNothingMoved, userInfo } from './rules-testing.ts';

type Customer = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let who: Customer;
/** The first minute of Friday's NYSE close (16:00 New York), found from AAPL's own schedule. */
let closeMs: number;
/** An AAPL contract opened ten minutes before that close, on the longest term (1 h). */
let stock: OptionsContract;

const minute = 60_000;

beforeAll(async () => {
  t = await startTestApp();
  who = await registerUser(t);
  // Friday 15:00 UTC is within NYSE hours both in winter (10:00 New York) and in summer (11:00); no
  // session lies between that evening's close and Saturday, so the stock cannot expire in between.
  await stepTo(t, nextUtc(t.clock.now(), 5, 15));
  const aapl = t.app.market.catalogue.get('AAPL');
  if (!aapl) throw new Error('AAPL is in the catalogue');
  expect(isOpenAt(aapl.schedule, t.clock.now())).toBe(true);
  closeMs = t.clock.now();
  while (isOpenAt(aapl.schedule, closeMs)) closeMs += minute;
}, 120_000);
afterAll(async () => t.close());

const getContract = (id: string) =>
  client(t.app, { token: who.token, book: 'NO' }).get<OptionsContract>(
    `/api/swx/customer/order/getOptionsOrderById/${id}`,
  );

describe('a stock around the NYSE close', () => {
  it('opens while the market is open', async () => {
    await stepTo(t, closeMs - 10 * minute);
    expect((await marketInfo(t, 'AAPL')).tradable).toBe(true);
    const body = await quoteBody(t, 'AAPL', { lots: '1', leverage: 1, termId: '3600' });
    const res = await buy(t, who.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    stock = res.body.result;
    expect(stock).toMatchObject({ code: 'AAPL', status: 'open', termSeconds: 3600 });
  });

  it('after the close: opening is refused with 10015 and nothing moves', async () => {
    await stepTo(t, closeMs + minute);
    const info = await marketInfo(t, 'AAPL');
    expect(info).toMatchObject({ tradable: false });
    expect(info.nextOpenAt).toBeGreaterThan(t.clock.now());
    const body = await quoteBody(t, 'AAPL', { lots: '1', leverage: 1, termId: '3600' });
    const res = await expectRefusedAndNothingMoved(t, who, () => buy(t, who.token, body), '10015', 422);
    expect(res.body.message).toBe('Not currently in tradable hours');
  });

  it('after the close: closing is refused with 10015, the contract stays open and nothing moves', async () => {
    await expectRefusedAndNothingMoved(t, who, () => closeOption(t, who.token, stock.id), '10015', 422);
    const now = (await getContract(stock.id)).body.result;
    expect(now).toMatchObject({ status: 'open', openPrice: stock.openPrice });
    expect(now.closeReason).toBeUndefined();
    expect(await entriesOf(t, stock.id, 'contract_close')).toHaveLength(0);
  });
});

describe('Saturday', () => {
  it('forex is closed (10015) while crypto trades', async () => {
    await stepTo(t, nextUtc(t.clock.now(), 6, 12));
    const fx = await quoteBody(t, 'EURUSD', { termId: '86400' });
    await expectRefusedAndNothingMoved(t, who, () => buy(t, who.token, fx), '10015', 422);
    const crypto = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '86400' }));
    expect(crypto.status, JSON.stringify(crypto.body)).toBe(200);
    await expectAuditBalanced(t);
  });

  it('the stock contract past its expiry waits for the market to open', async () => {
    const now = (await getContract(stock.id)).body.result;
    expect(t.clock.now()).toBeGreaterThan(now.expiresAt);
    expect(now).toMatchObject({ status: 'open', awaitingMarketOpen: true });
  });

  it('resetDemo closes every open demo contract at its latest tick, the shut market’s included', async () => {
    const lastAapl = (await marketInfo(t, 'AAPL')).nowPrice;
    const res = await client(t.app, { token: who.token }).post('/api/swx/customer/user/resetDemo');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const closed = (await getContract(stock.id)).body.result;
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'manual', closePrice: lastAapl });
    expect(await entriesOf(t, stock.id, 'contract_close')).toHaveLength(1);
    const open = await client(t.app, { token: who.token, book: 'NO' }).get<{ total: number }>(
      '/api/swx/customer/order/listOptionsOrder',
      { query: { status: 'open' } },
    );
    expect(open.body.result.total).toBe(0);
    expect(await userInfo(t, who.token, 'NO')).toMatchObject({
      balance: '100000',
      frozen: '0',
      equity: '100000',
    });
    await expectAuditBalanced(t);
  });
});
