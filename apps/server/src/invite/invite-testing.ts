// Test helpers for the invite suites: sign-ups with an invite code and a deposit approved by finance.
import type { Deposit, DepositChannel, InviteInfo } from '@tradewind/contract';
import { client, mailedCode, type TestApp } from '../test/harness.ts';
import { claimForm, recharge } from '../wallet/deposit-testing.ts';

export const inviteInfoPath = '/api/swx/customer/user/inviteInfo';

export const inviteInfoOf = async (t: Pick<TestApp, 'app'>, token: string) =>
  (await client(t.app, { token }).get<InviteInfo>(inviteInfoPath)).body.result;

/** Signs `name` up through the real flow with `inviteCode`; answers the envelope as it came. */
export async function registerInvited(t: Pick<TestApp, 'app' | 'dataDir'>, name: string, inviteCode: string) {
  const email = `${name}@example.com`;
  const code = await mailedCode(t, email, 'register');
  return client(t.app).post<{ token: string; userInfo: { id: string } }>('/api/swx/customer/login/register', {
    body: { userName: name, email, password: 'correct horse battery', code, inviteCode },
  });
}

/** A USDT claim of `amount` on the real book, pending review. */
export async function claim(t: Pick<TestApp, 'app'>, token: string, channel: DepositChannel, amount: string) {
  const res = await recharge(t, token, await claimForm(channel, { amount }));
  if (res.status !== 200) throw new Error(`recharge failed: ${JSON.stringify(res.body)}`);
  return res.body.result satisfies Deposit;
}

export const approve = (t: Pick<TestApp, 'app'>, finance: string, depositId: string) =>
  client(t.app, { token: finance }).post(`/admin/api/reviews/deposits/${depositId}/approve`, { body: {} });
