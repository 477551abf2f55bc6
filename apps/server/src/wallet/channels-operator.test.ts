// No deposit channel opens before the operator is named (issue 23): a customer paying in must see who
// receives the money and how to reach them. On a fresh install (operator parameters empty) enabling or
// creating an open channel is refused at the `enabled` field, in the admin's language, and nothing changes;
// with the name alone it is still refused; with name and email it opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannelAdmin } from '@tradewind/contract';
import { adminToken, client, startTestApp, type TestApp } from '../test/harness.ts';
import { liveInTests } from '../test/live-stand-in.ts';
import { adminChannels, channelsAdmin, publicChannels, validAddresses } from './deposit-testing.ts';

let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  superadmin = await adminToken(t);
});
afterAll(async () => t.close());

const operatorUnnamed =
  "Name the operator first: set the operator's legal name and email under Parameters. A customer must see who receives a deposit and how to reach them before a deposit channel opens";

const setParam = (key: string, value: string) =>
  client(t.app, { token: superadmin }).post(`/admin/api/params/${key}`, {
    body: { value, reason: 'operator named' },
  });
const trc20 = async () => {
  const found = (await adminChannels(t, superadmin)).find((c) => c.network === 'TRC20');
  if (!found) throw new Error('no TRC20 channel');
  return found;
};
const open = async (lang = 'en') =>
  client(t.app, { token: superadmin, lang }).post<{ fields: Record<string, string> }>(
    `${channelsAdmin}/${(await trc20()).id}`,
    { body: { address: validAddresses.TRC20, enabled: true, reason: 'wallet ready' } },
  );

describe('opening a deposit channel before the operator is named', () => {
  it('is refused at the enabled field, in the admin’s language, and changes nothing', async () => {
    const before = await trc20();
    const res = await open();
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual({ enabled: operatorUnnamed });
    const arabic = await open('ar');
    expect(arabic.body.result.fields.enabled).toContain('المشغّل');
    expect(await trc20()).toMatchObject({ enabled: false, address: before.address });
    expect(await publicChannels(t)).toEqual([]);
  });

  it('is refused when a new channel is created open', async () => {
    const res = await client(t.app, { token: superadmin }).post<{ fields: Record<string, string> }>(
      channelsAdmin,
      {
        body: {
          asset: 'USDT',
          network: 'TRC20',
          address: validAddresses.TRC20,
          minAmount: '100',
          enabled: true,
        },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual({ enabled: operatorUnnamed });
  });

  it('is still refused with the name but no email; opens once both are set', async () => {
    expect((await setParam('operator_name', 'Tradewind Markets Ltd')).status).toBe(200);
    expect((await open()).body.result.fields).toEqual({ enabled: operatorUnnamed });
    expect((await setParam('operator_email', 'legal@tradewind.co.uk')).status).toBe(200);
    const opened = await client(t.app, { token: superadmin }).post<DepositChannelAdmin>(
      `${channelsAdmin}/${(await trc20()).id}`,
      { body: { address: validAddresses.TRC20, enabled: true, reason: 'wallet ready' } },
    );
    expect(opened.body.code, JSON.stringify(opened.body)).toBe('200');
    expect(opened.body.result).toMatchObject({ enabled: true, addressValid: true });
    expect((await publicChannels(t)).map((c) => c.network)).toEqual(['TRC20']);
  });

  it('leaves an open channel open when the details are cleared later (the dashboard warns instead)', async () => {
    expect((await setParam('operator_email', '')).status).toBe(200);
    expect((await trc20()).enabled).toBe(true);
    const setup = await client(t.app, { token: superadmin }).get<{ missing: string[] }>(
      '/admin/api/params/setup',
    );
    expect(setup.body.result.missing).toContain('operator_email');
  });
});
