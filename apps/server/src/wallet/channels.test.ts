import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannelAdmin, MarketInfo, Page } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import {
  adminToken,
  client,
  registerUser,
  startTestApp,
  type TestApp,
  secureAdmin,
} from '../test/harness.ts';
import {
  adminChannels,
  channelsAdmin as admin,
  claimForm,
  nameOperator,
  publicChannels,
  recharge,
  validAddresses,
} from './deposit-testing.ts';
import { liveInTests } from '../test/live-stand-in.ts';
import { travelTo } from '../market/testing.ts';

let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  superadmin = await adminToken(t);
  await nameOperator(t, superadmin);
});
afterAll(async () => t.close());

const api = () => client(t.app, { token: superadmin });
const channelOf = async (name: string) => {
  const found = (await adminChannels(t, superadmin)).find((c) => c.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found;
};
const edit = async (name: string, body: Record<string, unknown>) =>
  api().post<DepositChannelAdmin>(`${admin}/${(await channelOf(name)).id}`, { body });
const depositMin = async () =>
  (await client(t.app).get<{ value: string }>('/api/swx/customer/index/getParamByKey/deposit_min')).body
    .result.value;
const feedPrice = async (code: string) =>
  (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;

describe('deposit channels as seeded', () => {
  it('are all off with placeholder addresses, so customers see none and deposit_min is empty', async () => {
    const list = await adminChannels(t, superadmin);
    expect(list.map((c) => [c.name, c.enabled, c.addressValid])).toEqual([
      ['USDT (TRC20)', false, false],
      ['USDT (ERC20)', false, false],
      ['BTC (Bitcoin)', false, false],
      ['ETH (Ethereum)', false, false],
    ]);
    expect(await publicChannels(t)).toEqual([]);
    expect(JSON.parse(await depositMin())).toEqual({});
  });

  it('cannot be enabled while the placeholder address is there', async () => {
    const res = await edit('USDT (TRC20)', { enabled: true, reason: 'open deposits' });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { address: 'This is not a valid TRC20 address' } });
    expect((await channelOf('USDT (TRC20)')).enabled).toBe(false);
  });
});

describe('deposit channels in the back office', () => {
  it('lets only a superadmin list and edit channels', async () => {
    const finance = client(t.app, {
      token: (await secureAdmin(t, 'finance', { userName: 'ch_finance' })).token,
    });
    expect((await finance.get(admin)).status).toBe(403);
    expect((await finance.post(`${admin}/1`, { body: { spreadBps: 1 } })).status).toBe(403);
    const customer = await registerUser(t);
    expect((await client(t.app, { token: customer.token }).get(admin)).status).toBe(401);
    expect((await api().get<Page<DepositChannelAdmin>>(admin)).body.result.total).toBe(4);
  });

  it('refuses an address that fails its network check, even on a channel left off', async () => {
    const cases: Array<[string, string, string]> = [
      ['USDT (TRC20)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'This is not a valid TRC20 address'],
      ['BTC (Bitcoin)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'This is not a valid Bitcoin address'],
      [
        'USDT (ERC20)',
        validAddresses.ERC20.toLowerCase(),
        'Enter the address with its EIP-55 checksum (mixed upper and lower case) so that a typo can be caught',
      ],
      [
        'ETH (Ethereum)',
        '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35A',
        'The address checksum does not match; check it for typos',
      ],
      // A TRON address is no Ethereum address, whatever it looks like.
      ['ETH (Ethereum)', validAddresses.TRC20, 'This is not a valid Ethereum address'],
    ];
    for (const [name, address, message] of cases) {
      const res = await edit(name, { address });
      expect(res.status, `${name} ${address}`).toBe(400);
      expect(res.body.result).toEqual({ fields: { address: message } });
    }
    expect((await channelOf('USDT (TRC20)')).address).toMatch(/^CONFIGURE-IN-BACK-OFFICE/);
  });

  it('has no rate to edit: a body naming one is refused', async () => {
    const update = await edit('BTC (Bitcoin)', { rate: '65000', reason: 'reference price' });
    expect(update.status).toBe(400);
    const create = await api().post(admin, {
      body: { asset: 'BTC', network: 'Bitcoin', address: validAddresses.Bitcoin, minAmount: '1', rate: '1' },
    });
    expect(create.status).toBe(400);
  });

  it('enables a channel with a valid address; customers then see it with the rate from the live feed', async () => {
    const res = await edit('BTC (Bitcoin)', {
      address: validAddresses.Bitcoin,
      enabled: true,
      reason: 'cold wallet ready',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ enabled: true, addressValid: true, spreadBps: 0 });
    const btc = (await publicChannels(t)).find((c) => c.asset === 'BTC');
    const info = await feedPrice('BTCUSDT');
    expect(btc).toMatchObject({
      network: 'Bitcoin',
      chain: 'bitcoin',
      address: validAddresses.Bitcoin,
      minAmount: '0.015',
      spreadBps: 0,
      paused: false,
      indicative: { code: 'BTCUSDT', price: info.nowPrice, source: 'live', priceStatus: 'live' },
    });
    expect(parseDecimal(btc?.rate ?? '0', 6)).toBe(parseDecimal(info.nowPrice, 6));
    expect(JSON.parse(await depositMin())).toEqual({ BTC: '0.015' });
  });

  it('takes a disclosed spread off the feed price, capped at 500 bps, audited, and none on USDT', async () => {
    expect((await edit('BTC (Bitcoin)', { spreadBps: 501 })).status).toBe(400);
    const usdt = await edit('USDT (TRC20)', { spreadBps: 10 });
    expect(usdt.body.result).toEqual({ fields: { spreadBps: 'USDT is credited 1:1 and takes no spread' } });
    const res = await edit('BTC (Bitcoin)', { spreadBps: 150, reason: 'network fees' });
    expect(res.body.result).toMatchObject({ spreadBps: 150 });
    const btc = (await publicChannels(t)).find((c) => c.asset === 'BTC');
    const price = parseDecimal((await feedPrice('BTCUSDT')).nowPrice, 6);
    // 98.5 % of the price, rounded down at USDT's 6 decimals.
    expect(parseDecimal(btc?.rate ?? '0', 6)).toBe((price * 9850n) / 10000n);
    expect(btc?.spreadBps).toBe(150);
    const audit =
      await api().get<Page<{ action: string; before: unknown; after: unknown; reason: string }>>(
        '/admin/api/audit',
      );
    expect(audit.body.result.list[0]).toMatchObject({
      action: 'deposit_channel.update',
      before: expect.objectContaining({ name: 'BTC (Bitcoin)', spreadBps: 0 }),
      after: expect.objectContaining({ spreadBps: 150 }),
      reason: 'network fees',
    });
  });

  it('cannot open a coin whose price has gone stale; one already open stays open, paused', async () => {
    await edit('ETH (Ethereum)', { address: validAddresses.Ethereum });
    t.live?.stopAnswering();
    await travelTo(t, t.clock.now() + 31_000); // past price_stale_after_s (30 s)
    try {
      const res = await edit('ETH (Ethereum)', { enabled: true, reason: 'open deposits' });
      expect(res.status).toBe(400);
      expect(res.body.result).toEqual({
        fields: {
          enabled:
            'ETH has no live price right now (its price is simulated or delayed). Deposits lock only a live price, so this channel can be enabled once a live source prices ETH',
        },
      });
      expect((await channelOf('ETH (Ethereum)')).enabled).toBe(false);
      // BTC was opened on a live price: it stays open, paused for customers, and can still be edited.
      expect(await channelOf('BTC (Bitcoin)')).toMatchObject({ enabled: true, paused: true, rate: null });
      expect((await publicChannels(t)).find((c) => c.asset === 'BTC')).toMatchObject({
        paused: true,
        rate: null,
        indicative: { priceStatus: 'stale' },
      });
      expect((await edit('BTC (Bitcoin)', { sort: 2 })).status).toBe(200);
    } finally {
      t.live?.answerAgain(t.clock.now());
      await travelTo(t, t.clock.now() + 1_000);
    }
    expect((await channelOf('BTC (Bitcoin)')).paused).toBe(false);
  });

  it('hides a disabled channel and refuses claims on it', async () => {
    await edit('USDT (ERC20)', { address: validAddresses.ERC20, enabled: true });
    const erc20 = (await publicChannels(t)).find((c) => c.network === 'ERC20');
    if (!erc20) throw new Error('ERC20 channel not open');
    await edit('USDT (ERC20)', { enabled: false, reason: 'wallet maintenance' });
    expect((await publicChannels(t)).map((c) => c.network)).not.toContain('ERC20');
    const u = await registerUser(t);
    const res = await recharge(t, u.token, await claimForm(erc20, { amount: '200' }));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('10111');
  });

  it('derives deposit_min from the open channels: the lowest minimum of each coin', async () => {
    await edit('USDT (TRC20)', { address: validAddresses.TRC20, enabled: true, minAmount: '120' });
    await edit('USDT (ERC20)', { enabled: true, minAmount: '50' });
    expect(JSON.parse(await depositMin())).toEqual({ USDT: '50', BTC: '0.015' });
    await edit('USDT (ERC20)', { enabled: false });
    await edit('BTC (Bitcoin)', { minAmount: '0.02' });
    expect(JSON.parse(await depositMin())).toEqual({ USDT: '120', BTC: '0.02' });
  });

  it('creates a channel only on a network that carries the coin, once per coin and network, at the coin precision', async () => {
    const body = { asset: 'USDT', network: 'Bitcoin', address: validAddresses.Bitcoin, minAmount: '50' };
    const wrongNetwork = await api().post(admin, { body });
    expect(wrongNetwork.body.result).toEqual({ fields: { network: 'This network does not carry USDT' } });
    expect((await api().post(admin, { body: { ...body, network: 'BEP20' } })).status).toBe(400);
    const dup = await api().post(admin, {
      body: { asset: 'USDT', network: 'TRC20', address: validAddresses.TRC20, minAmount: '50' },
    });
    expect(dup.body.result).toEqual({
      fields: { network: 'A channel for this coin and network already exists' },
    });
    const tooFine = await api().post(admin, {
      body: {
        asset: 'BTC',
        network: 'Bitcoin',
        address: validAddresses.Bitcoin,
        minAmount: '0.000000001',
      },
    });
    expect(tooFine.body.result).toEqual({ fields: { minAmount: 'This value is not valid' } });
  });

  it('refuses an update with nothing to change and an unknown id', async () => {
    expect((await api().post(`${admin}/1`, { body: {} })).status).toBe(400);
    expect((await api().post(`${admin}/99999`, { body: { sort: 3 } })).status).toBe(404);
  });
});
