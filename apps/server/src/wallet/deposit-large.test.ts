// A deposit claim as large as the contract allows, on the coin with the most decimals: the coin amount
// (ETH, 18 decimals) no longer fits a bigint above 9.22 ETH, and such a claim used to answer 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, parseDecimal } from '@tradewind/contract/money';
import type { Deposit } from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from './withdraw-testing.ts';
import { claimForm, newKey, openSeededChannels, publicChannels, recharge, user } from './deposit-testing.ts';
import { depositAmountMax, payAmountMinor } from './deposits.ts';
import { liveInTests } from '../test/live-stand-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests }); // an ETH rate is locked only from a live price
  await openSeededChannels(t, await adminLogin(t, 'superadmin'));
});
afterAll(async () => t.close());

describe('large deposit claims', () => {
  it('stores and lists an ETH claim of the largest amount, far above 9.22 ETH, exactly', async () => {
    const u = await registerUser(t);
    const eth = (await publicChannels(t)).find((c) => c.network === 'Ethereum');
    if (!eth?.rate) throw new Error('the ETH channel has no rate yet');
    const amount = formatMinor(depositAmountMax, 6);
    const res = await recharge(t, u.token, await claimForm(eth, { amount }), newKey(), 'YES');
    expect(res.status).toBe(200);
    const claim = res.body.result as Deposit;
    expect(claim.amount).toBe(amount);
    const expected = payAmountMinor(depositAmountMax, parseDecimal(claim.rate, 6), 18);
    expect(expected).toBeGreaterThan(2n ** 63n);
    expect(claim.payAmount).toBe(formatMinor(expected, 18));
    const listed = await client(t.app, { token: u.token, book: 'YES' }).get<{ list: Deposit[] }>(
      `${user}/listRecharge`,
    );
    expect(listed.body.result.list[0]?.payAmount).toBe(claim.payAmount);
  });
});
