import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit, DepositChannel, DepositChannelAdmin, Page } from '@tradewind/contract';
import { adminToken, client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { pngPart, postForm } from '../test/multipart.ts';
import { createAdmin } from '../admin/service.ts';

let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp();
  superadmin = await adminToken(t);
});
afterAll(async () => t.close());

const admin = '/admin/api/deposit-channels';
const publicList = async () =>
  (await client(t.app).get<DepositChannel[]>('/api/swx/customer/index/listDepositChannel')).body.result;
const find = async (asset: string) => {
  const found = (await publicList()).find((c) => c.asset === asset);
  if (!found) throw new Error(`no ${asset} channel`);
  return found;
};

async function claim(token: string, channelId: string, amount: string) {
  return postForm<Deposit>(
    t.app,
    '/api/swx/customer/user/recharge',
    { channelId, amount, txHash: randomBytes(32).toString('hex'), proof: await pngPart() },
    { token, book: 'YES', idempotencyKey: `key-${randomBytes(8).toString('hex')}` },
  );
}

describe('deposit channels in the back office', () => {
  it('lets only a superadmin list and edit channels', async () => {
    await createAdmin(t.ctx, 'ch_finance', 'admin password 1', 'finance');
    const login = await client(t.app).post<{ token: string }>('/admin/api/login', {
      body: { userName: 'ch_finance', password: 'admin password 1' },
    });
    const finance = client(t.app, { token: login.body.result.token });
    expect((await finance.get(admin)).status).toBe(403);
    expect((await finance.post(`${admin}/1`, { body: { rate: '1' } })).status).toBe(403);
    const customer = await registerUser(t);
    expect((await client(t.app, { token: customer.token }).get(admin)).status).toBe(401);
    const list = await client(t.app, { token: superadmin }).get<Page<DepositChannelAdmin>>(admin);
    expect(list.body.result.list.map((c) => c.name)).toEqual([
      'USDT (TRC20)',
      'USDT (ERC20)',
      'BTC (Bitcoin)',
      'ETH (Ethereum)',
    ]);
  });

  it('locks the rate into each claim: a later rate change leaves earlier claims alone', async () => {
    const u = await registerUser(t);
    const btc = await find('BTC');
    const before = await claim(u.token, btc.id, '1300');
    expect(before.body.result).toMatchObject({ rate: '65000', payAmount: '0.02' });
    const edit = await client(t.app, { token: superadmin }).post<DepositChannelAdmin>(`${admin}/${btc.id}`, {
      body: { rate: '65000.5', reason: 'reference price moved' },
    });
    expect(edit.body.result).toMatchObject({ rate: '65000.5' });
    const after = await claim(u.token, btc.id, '1300');
    // 1300 / 65000.5 = 0.0199998461…, rounded up at 8 decimals.
    expect(after.body.result).toMatchObject({ rate: '65000.5', payAmount: '0.01999985' });
    const list = await client(t.app, { token: u.token }).get<Page<Deposit>>(
      '/api/swx/customer/user/listRecharge',
    );
    expect(list.body.result.list.map((d) => d.rate)).toEqual(['65000.5', '65000']);
    const audit = await client(t.app, { token: superadmin }).get<
      Page<{ action: string; before: unknown; after: unknown }>
    >('/admin/api/audit');
    expect(audit.body.result.list[0]).toMatchObject({
      action: 'deposit_channel.update',
      before: expect.objectContaining({ rate: '65000' }),
      after: expect.objectContaining({ rate: '65000.5' }),
      reason: 'reference price moved',
    });
  });

  it('applies a new minimum and address to the next claim and the public list', async () => {
    const u = await registerUser(t);
    const eth = await find('ETH');
    await client(t.app, { token: superadmin }).post(`${admin}/${eth.id}`, {
      body: { minAmount: '0.5', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    expect(await find('ETH')).toMatchObject({
      minAmount: '0.5',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    const below = await claim(u.token, eth.id, '1000'); // 1000 / 3000 = 0.333… ETH
    expect(below.body).toMatchObject({
      code: '10109',
      message: expect.stringContaining('ETH (Ethereum) is 0.5'),
    });
  });

  it('hides a disabled channel and refuses claims on it', async () => {
    const u = await registerUser(t);
    const usdt = (await publicList()).find((c) => c.network === 'ERC20');
    await client(t.app, { token: superadmin }).post(`${admin}/${usdt?.id ?? ''}`, {
      body: { enabled: false },
    });
    expect((await publicList()).map((c) => c.network)).not.toContain('ERC20');
    const res = await claim(u.token, usdt?.id ?? '', '200');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('10111');
  });

  it('creates a channel, refuses a duplicate and amounts finer than the coin allows', async () => {
    const api = client(t.app, { token: superadmin });
    const body = {
      asset: 'USDT',
      network: 'BEP20',
      address: 'CONFIGURE-ME-bep20',
      minAmount: '50',
      rate: '1',
    };
    const created = await api.post<DepositChannelAdmin>(admin, { body });
    expect(created.body.result).toMatchObject({ name: 'USDT (BEP20)', minAmount: '50', enabled: true });
    expect((await publicList()).map((c) => c.network)).toContain('BEP20');
    const dup = await api.post(admin, { body });
    expect(dup.status).toBe(400);
    expect(dup.body.result).toEqual({
      fields: { network: 'A channel for this coin and network already exists' },
    });
    const fine = await api.post(admin, {
      body: { ...body, asset: 'BTC', network: 'Lightning', minAmount: '0.000000001' },
    });
    expect(fine.status).toBe(400);
    expect(fine.body.result).toEqual({ fields: { minAmount: 'This value is not valid' } });
    expect((await api.post(admin, { body: { ...body, network: 'X2', rate: '0' } })).status).toBe(400);
  });

  it('refuses an update with nothing to change and an unknown id', async () => {
    const api = client(t.app, { token: superadmin });
    expect((await api.post(`${admin}/1`, { body: {} })).status).toBe(400);
    expect((await api.post(`${admin}/99999`, { body: { sort: 3 } })).status).toBe(404);
  });
});
