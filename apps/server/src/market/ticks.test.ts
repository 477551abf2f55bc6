import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit, MarketInfo, Tick } from '@tradewind/contract';
import { adminToken, client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { claimForm, openSeededChannels, publicChannels, recharge } from '../wallet/deposit-testing.ts';
import { Tape, tickRetentionMs } from './tape.ts';
import { liveInTests } from '../test/live-stand-in.ts';

let t: TestApp;
beforeAll(async () => {
  // BTC and ETH priced live: a deposit rate is locked only from a live tick.
  t = await startTestApp({}, {}, { live: liveInTests });
});
afterAll(async () => t.close());

const getTick = (id: string) => client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${id}`);

describe('getTick', () => {
  it('answers a kept tick to anyone: the instrument, its price, time and feed', async () => {
    const kept = await t.app.market.keepLatestTick('ETHUSDT');
    if (!kept) throw new Error('no ETHUSDT price');
    const info = (await client(t.app).get<MarketInfo>('/api/swx/customer/index/getMarketInfo/ETHUSDT')).body
      .result;
    const res = await getTick(kept.tickId);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      id: kept.tickId,
      code: 'ETHUSDT',
      price: info.nowPrice,
      at: kept.atMs,
      source: 'live',
      feed: 'replay:live',
    });
  });

  it('answers 10111 for a tick that was never kept and 400 for an id that is not one', async () => {
    const missing = await getTick('987654321');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('10111');
    expect((await getTick('abc')).status).toBe(400);
  });
});

describe('tick retention', () => {
  it('prunes old ticks but keeps the one a deposit rate names', async () => {
    await openSeededChannels(t, await adminToken(t));
    const btc = (await publicChannels(t)).find((c) => c.asset === 'BTC');
    if (!btc) throw new Error('no BTC channel');
    const u = await registerUser(t);
    const claim = (await recharge(t, u.token, await claimForm(btc, { amount: '2000' }))).body
      .result as Deposit;
    const unnamed = await t.app.market.keepLatestTick('ETHUSDT');
    if (!unnamed || !claim.rateTickId) throw new Error('ticks not kept');
    await new Tape(t.ctx.db).prune(t.clock.now() + tickRetentionMs + 60_000);
    expect((await getTick(claim.rateTickId)).status).toBe(200);
    expect((await getTick(unnamed.tickId)).status).toBe(404);
  });
});
