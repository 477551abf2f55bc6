// The invite reward: the inviter's real book gets `invite_reward_usdt` from marketing expense when an
// invitee's first deposit is approved, once per invitee, on the real app and database.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannel, FundRecord, Page } from '@tradewind/contract';
import {
  adminToken,
  client,
  registerUser,
  startTestApp,
  type TestApp,
  secureAdmin,
} from '../test/harness.ts';
import { auditLedger } from '../ledger/service.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { setParam } from '../settings/service.ts';
import { openSeededChannels, publicChannels, user } from '../wallet/deposit-testing.ts';
import { inviteRewards } from './tables.ts';
import { approve, claim, inviteInfoOf, registerInvited } from './invite-testing.ts';

let t: TestApp;
let finance: string;
let usdt: DepositChannel;
beforeAll(async () => {
  t = await startTestApp();
  const superadmin = await adminToken(t);
  await openSeededChannels(t, superadmin);
  const found = (await publicChannels(t)).find((c) => c.network === 'TRC20');
  if (!found) throw new Error('no TRC20 channel');
  usdt = found;
  finance = (await secureAdmin(t, 'finance', { userName: 'inv_finance' })).token;
});
afterAll(async () => t.close());

const balance = async (token: string, book: 'YES' | 'NO') =>
  (await client(t.app, { token, book }).post<{ balance: string }>(`${user}/getUserInfo`)).body.result.balance;

const marketingExpense = async () => {
  const [row] = await t.ctx.db
    .select({ balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.purpose, 'marketing_expense'), eq(ledgerAccounts.book, 'real')));
  return row?.balance ?? 0n;
};

/** A reward row written by hand, outside the service, for the database's own rules to judge. */
const rewardRow = (inviteeId: number, depositId: number) =>
  t.ctx.db
    .execute(sql`insert into invite_rewards (invitee_id, inviter_id, deposit_id, amount_minor, created_at)
    select ${inviteeId}, invited_by, ${depositId}, 1, now() from users where id = ${inviteeId}`);

/** The driver's error (PGlite and pg word it alike) names the rule that refused. */
const refusedBy = (rule: string) => (err: unknown) =>
  String((err as { cause?: unknown }).cause ?? err).includes(rule);

let serial = 0;
/** An inviter and one invitee signed up with the inviter's code. */
async function pair() {
  const inviter = await registerUser(t);
  const { inviteCode } = await inviteInfoOf(t, inviter.token);
  const res = await registerInvited(t, `invitee${serial++}`, inviteCode);
  expect(res.status).toBe(200);
  return { inviter, invitee: { token: res.body.result.token, id: res.body.result.userInfo.id } };
}

async function expectLedgerSound() {
  const audit = await auditLedger(t.ctx.db);
  expect(audit).toMatchObject({
    balanced: true,
    negativeCustomerAccounts: 0,
    accountsMatchingPostings: true,
  });
}

describe('the first approved deposit of an invitee', () => {
  it('pays the inviter 10 USDT on the real book from marketing expense, leaving the demo book alone', async () => {
    const { inviter, invitee } = await pair();
    const expenseBefore = await marketingExpense();
    const deposit = await claim(t, invitee.token, usdt, '150');
    expect((await approve(t, finance, deposit.id)).status).toBe(200);
    expect(await balance(inviter.token, 'YES')).toBe('10');
    expect(await balance(inviter.token, 'NO')).toBe('100000');
    expect(await balance(invitee.token, 'YES')).toBe('150');
    expect(await marketingExpense()).toBe(expenseBefore - 10_000_000n);
    const info = await inviteInfoOf(t, inviter.token);
    expect(info).toMatchObject({ invitedCount: 1, rewardTotal: '10' });
    expect(info.invitees[0]?.rewarded).toBe(true);
    await expectLedgerSound();
  });

  it('shows in the inviter’s real fund records as an invite reward, and not in the demo ones', async () => {
    const { inviter, invitee } = await pair();
    await approve(t, finance, (await claim(t, invitee.token, usdt, '150')).id);
    const real = await client(t.app, { token: inviter.token, book: 'YES' }).get<Page<FundRecord>>(
      `${user}/listFundRecord`,
      { query: { kind: 'invite_reward' } },
    );
    expect(real.body.result.list).toEqual([
      expect.objectContaining({
        kind: 'invite_reward',
        amount: '10',
        balanceAfter: '10',
        ref: `invite:${invitee.id}`,
      }),
    ]);
    const demo = await client(t.app, { token: inviter.token, book: 'NO' }).get<Page<FundRecord>>(
      `${user}/listFundRecord`,
      { query: { kind: 'invite_reward' } },
    );
    expect(demo.body.result.list).toEqual([]);
  });

  it('tells the inviter in their language', async () => {
    const { inviter, invitee } = await pair();
    await approve(t, finance, (await claim(t, invitee.token, usdt, '150')).id);
    const en = await client(t.app, { token: inviter.token }).get<{ list: { kind: string; body: string }[] }>(
      `${user}/listNotification`,
    );
    expect(en.body.result.list[0]).toMatchObject({
      kind: 'inviteReward',
      body: "Your friend's first deposit earned you 10.00 USDT. It has been credited to your real book.",
    });
    const ar = await client(t.app, { token: inviter.token, lang: 'ar' }).get<{ list: { body: string }[] }>(
      `${user}/listNotification`,
    );
    expect(ar.body.result.list[0]?.body).toContain('10.00 USDT');
    expect(ar.body.result.list[0]?.body).toContain('صديقك');
  });

  it('pays what the parameter says at approval time', async () => {
    const { inviter, invitee } = await pair();
    await setParam(t.ctx.db, 'invite_reward_usdt', '12.5', new Date(t.clock.now()));
    try {
      expect((await inviteInfoOf(t, inviter.token)).rewardPerInvite).toBe('12.5');
      await approve(t, finance, (await claim(t, invitee.token, usdt, '150')).id);
      expect(await balance(inviter.token, 'YES')).toBe('12.5');
    } finally {
      await setParam(t.ctx.db, 'invite_reward_usdt', '10', new Date(t.clock.now()));
    }
  });
});

describe('no reward', () => {
  it('for the invitee’s second deposit', async () => {
    const { inviter, invitee } = await pair();
    const first = await claim(t, invitee.token, usdt, '150');
    const second = await claim(t, invitee.token, usdt, '200');
    await approve(t, finance, first.id);
    expect((await approve(t, finance, second.id)).status).toBe(200);
    expect(await balance(inviter.token, 'YES')).toBe('10');
    expect(await balance(invitee.token, 'YES')).toBe('350');
    await expectLedgerSound();
  });

  it('for a rejected deposit, and the first approved one after it still pays', async () => {
    const { inviter, invitee } = await pair();
    const rejected = await claim(t, invitee.token, usdt, '150');
    const res = await client(t.app, { token: finance }).post(
      `/admin/api/reviews/deposits/${rejected.id}/reject`,
      {
        body: { reason: 'no such transfer' },
      },
    );
    expect(res.status).toBe(200);
    expect(await balance(inviter.token, 'YES')).toBe('0');
    await approve(t, finance, (await claim(t, invitee.token, usdt, '150')).id);
    expect(await balance(inviter.token, 'YES')).toBe('10');
  });

  it('for a user who signed up without an invite code', async () => {
    const loner = await registerUser(t);
    const expenseBefore = await marketingExpense();
    const rewardsBefore = await t.ctx.db.select({ id: inviteRewards.id }).from(inviteRewards);
    expect((await approve(t, finance, (await claim(t, loner.token, usdt, '150')).id)).status).toBe(200);
    expect(await marketingExpense()).toBe(expenseBefore);
    expect(await t.ctx.db.select({ id: inviteRewards.id }).from(inviteRewards)).toEqual(rewardsBefore);
  });

  it('while the parameter is 0 (the programme paused)', async () => {
    const { inviter, invitee } = await pair();
    await setParam(t.ctx.db, 'invite_reward_usdt', '0', new Date(t.clock.now()));
    try {
      expect((await approve(t, finance, (await claim(t, invitee.token, usdt, '150')).id)).status).toBe(200);
      expect(await balance(inviter.token, 'YES')).toBe('0');
    } finally {
      await setParam(t.ctx.db, 'invite_reward_usdt', '10', new Date(t.clock.now()));
    }
  });
});

describe('exactly once', () => {
  it('two first deposits of one invitee approved at the same moment pay the inviter once', async () => {
    const { inviter, invitee } = await pair();
    const a = await claim(t, invitee.token, usdt, '150');
    const b = await claim(t, invitee.token, usdt, '160');
    const answers = await Promise.all([approve(t, finance, a.id), approve(t, finance, b.id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await balance(invitee.token, 'YES')).toBe('310');
    expect(await balance(inviter.token, 'YES')).toBe('10');
    const rows = await t.ctx.db
      .select({ id: inviteRewards.id })
      .from(inviteRewards)
      .where(eq(inviteRewards.inviteeId, Number(invitee.id)));
    expect(rows).toHaveLength(1);
    await expectLedgerSound();
  });

  it('is held by the database: a second reward row for the same invitee is refused', async () => {
    const { invitee } = await pair();
    await approve(t, finance, (await claim(t, invitee.token, usdt, '150')).id);
    const second = await claim(t, invitee.token, usdt, '150');
    await expect(rewardRow(Number(invitee.id), Number(second.id))).rejects.toSatisfy(
      refusedBy('invite_rewards_invitee'),
    );
  });

  it('refuses at commit a reward without its ledger entry', async () => {
    const { invitee } = await pair();
    const deposit = await claim(t, invitee.token, usdt, '150');
    await expect(rewardRow(Number(invitee.id), Number(deposit.id))).rejects.toSatisfy(
      refusedBy('has no ledger entry'),
    );
  });

  it('refuses a reward naming the invitee as their own inviter', async () => {
    const { invitee } = await pair();
    const deposit = await claim(t, invitee.token, usdt, '150');
    const id = Number(invitee.id);
    await expect(
      t.ctx.db
        .execute(sql`insert into invite_rewards (invitee_id, inviter_id, deposit_id, amount_minor, created_at)
        values (${id}, ${id}, ${Number(deposit.id)}, 1, now())`),
    ).rejects.toSatisfy(refusedBy('invite_rewards_not_self'));
  });
});
