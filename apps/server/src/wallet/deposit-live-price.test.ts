// Deposits lock only a live price (DESIGN.md §1.10, issue 21): on an app where nothing prices BTC or ETH
// live (the walk only, as a fresh `npm start`), their channels cannot be opened and a claim on one opened
// before is refused with 10161; USDT, credited 1:1, needs no price and is unaffected.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannelAdmin } from '@tradewind/contract';
import { adminToken, client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { depositChannels } from './channels-tables.ts';
import {
  adminChannels,
  channelsAdmin,
  claimForm,
  openSeededChannels,
  publicChannels,
  recharge,
  validAddresses,
} from './deposit-testing.ts';

let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp(); // every instrument on the walk
  superadmin = await adminToken(t);
  await openSeededChannels(t, superadmin);
});
afterAll(async () => t.close());

const noLivePrice = (asset: string) =>
  `${asset} has no live price right now (its price is simulated or delayed). Deposits lock only a live price, so this channel can be enabled once a live source prices ${asset}`;

const channelOf = async (name: string) => {
  const found = (await adminChannels(t, superadmin)).find((c) => c.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found;
};

describe('a BTC or ETH channel while nothing prices its coin live', () => {
  it('cannot be opened: the back office says why at the enabled field', async () => {
    expect((await publicChannels(t)).map((c) => c.asset)).toEqual(['USDT', 'USDT']);
    for (const [name, asset] of [
      ['BTC (Bitcoin)', 'BTC'],
      ['ETH (Ethereum)', 'ETH'],
    ] as const) {
      const channel = await channelOf(name);
      expect(channel).toMatchObject({ enabled: false, addressValid: true, paused: true, rate: null });
      const res = await client(t.app, { token: superadmin }).post<DepositChannelAdmin>(
        `${channelsAdmin}/${channel.id}`,
        { body: { enabled: true, reason: 'open deposits' } },
      );
      expect(res.status).toBe(400);
      expect(res.body.result).toEqual({ fields: { enabled: noLivePrice(asset) } });
      expect((await channelOf(name)).enabled).toBe(false);
    }
    // Its other settings can still be prepared while it stays closed.
    const edit = await client(t.app, { token: superadmin }).post<DepositChannelAdmin>(
      `${channelsAdmin}/${(await channelOf('BTC (Bitcoin)')).id}`,
      { body: { spreadBps: 100, reason: 'network fees' } },
    );
    expect(edit.body.result).toMatchObject({ enabled: false, spreadBps: 100 });
  });

  it('cannot be created open either', async () => {
    await t.ctx.db.delete(depositChannels).where(eq(depositChannels.asset, 'ETH'));
    const body = { asset: 'ETH', network: 'Ethereum', address: validAddresses.Ethereum, minAmount: '0.2' };
    const open = await client(t.app, { token: superadmin }).post(channelsAdmin, {
      body: { ...body, enabled: true },
    });
    expect(open.status).toBe(400);
    expect(open.body.result).toEqual({ fields: { enabled: noLivePrice('ETH') } });
    const ja = await client(t.app, { token: superadmin, lang: 'ja' }).post<{ fields: { enabled: string } }>(
      channelsAdmin,
      { body: { ...body, enabled: true } },
    );
    expect(ja.body.result.fields.enabled).toContain('ETH のライブ価格がありません');
    const closed = await client(t.app, { token: superadmin }).post<DepositChannelAdmin>(channelsAdmin, {
      body,
    });
    expect(closed.body.result).toMatchObject({ name: 'ETH (Ethereum)', enabled: false, paused: true });
  });

  it('opened before (say while a live source priced it) is paused: no rate, and a claim is refused with 10161', async () => {
    await t.ctx.db.update(depositChannels).set({ enabled: true }).where(eq(depositChannels.asset, 'BTC'));
    const btc = (await publicChannels(t)).find((c) => c.asset === 'BTC');
    if (!btc) throw new Error('no BTC channel');
    expect(btc).toMatchObject({
      paused: true,
      rate: null,
      indicative: { code: 'BTCUSDT', source: 'simulated', priceStatus: 'simulated' },
    });
    const u = await registerUser(t);
    // The rate the walk's price would give: a claim quoting it is still refused.
    const res = await recharge(
      t,
      u.token,
      await claimForm(btc, { amount: '2000', quotedRate: btc.indicative?.price ?? '1' }),
    );
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: '10161',
      message: 'Prices for BTC are delayed; trading is paused until they are back',
    });
    const mine = await client(t.app, { token: u.token }).get<{ total: number }>(
      '/api/swx/customer/user/listRecharge',
    );
    expect(mine.body.result.total).toBe(0);
  });

  it('leaves USDT unaffected', async () => {
    const usdt = (await publicChannels(t)).find((c) => c.network === 'TRC20');
    if (!usdt) throw new Error('no TRC20 channel');
    expect(usdt).toMatchObject({ paused: false, rate: '1', indicative: null });
    const u = await registerUser(t);
    const res = await recharge(t, u.token, await claimForm(usdt));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ asset: 'USDT', rate: '1', rateTickId: null });
  });
});
