// Races between the invite reward and deposit approvals. On PostgreSQL (TEST_DATABASE_URL) the two approvals
// run on separate connections and exercise the ledger's row locks; on PGlite they take turns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannel } from '@tradewind/contract';
import { auditLedger } from '../ledger/service.ts';
import { adminToken, client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { openSeededChannels, publicChannels, user } from '../wallet/deposit-testing.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { approve, claim, inviteInfoOf, registerInvited } from './invite-testing.ts';

let t: TestApp;
let financeA: string;
let financeB: string;
let usdt: DepositChannel;
beforeAll(async () => {
  t = await startTestApp();
  await openSeededChannels(t, await adminToken(t));
  const found = (await publicChannels(t)).find((c) => c.network === 'TRC20');
  if (!found) throw new Error('no TRC20 channel');
  usdt = found;
  [financeA, financeB] = [await adminLogin(t, 'finance'), await adminLogin(t, 'finance')];
});
afterAll(async () => t.close());

const realBalance = async (token: string) =>
  (await client(t.app, { token, book: 'YES' }).post<{ balance: string }>(`${user}/getUserInfo`)).body.result
    .balance;

/**
 * 30 rounds: a deadlock needs the invitee's approval to take deposits clearing first while the inviter's
 * holds (or is creating) the inviter's cash, which the reward then wants; one round in two orders them so.
 */
const rounds = 30;

describe('an inviter’s and an invitee’s first deposits approved at the same moment', () => {
  it(`both succeed, round after round (${rounds}), each credited once and the inviter rewarded once`, async () => {
    const refused: string[] = [];
    const pairs: { inviter: string; invitee: string }[] = [];
    for (let round = 0; round < rounds; round++) {
      const inviter = await registerUser(t);
      const { inviteCode } = await inviteInfoOf(t, inviter.token);
      const invited = await registerInvited(t, `racer${round}`, inviteCode);
      expect(invited.status).toBe(200);
      const invitee = invited.body.result;
      const own = await claim(t, inviter.token, usdt, '200');
      const friends = await claim(t, invitee.token, usdt, '150');
      const answers = await Promise.all([approve(t, financeA, own.id), approve(t, financeB, friends.id)]);
      for (const a of answers) {
        if (a.status !== 200) refused.push(`round ${round}: ${a.status} ${JSON.stringify(a.body)}`);
      }
      pairs.push({ inviter: inviter.token, invitee: invitee.token });
    }
    // Every refusal listed, so a failure says how many rounds of the 30 a reviewer would have had to retry.
    expect(refused).toEqual([]);
    for (const pair of pairs) {
      expect(await realBalance(pair.inviter)).toBe('210');
      expect(await realBalance(pair.invitee)).toBe('150');
    }
    expect(await auditLedger(t.ctx.db)).toMatchObject({
      balanced: true,
      negativeCustomerAccounts: 0,
      accountsMatchingPostings: true,
    });
  });
});
