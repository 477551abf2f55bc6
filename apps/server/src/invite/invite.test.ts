// inviteInfo and sign-up with an invite code, on the real app and database.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteInfo } from '@tradewind/contract';
import { client, lastCodeMailedTo, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { users } from '../users/tables.ts';
import { inviteInfoOf, inviteInfoPath, registerInvited } from './invite-testing.ts';
import { maskName } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://tradewind.example' });
});
afterAll(async () => t.close());

const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]?.n ?? 0;

describe('inviteInfo', () => {
  it('needs a session', async () => {
    const res = await client(t.app).get(inviteInfoPath);
    expect(res.status).toBe(401);
  });

  it('answers a new user their code, the sign-up link on PUBLIC_URL, no invitees and the reward of 10', async () => {
    const u = await registerUser(t);
    const res = await client(t.app, { token: u.token }).get<InviteInfo>(inviteInfoPath);
    expect(res.status).toBe(200);
    const info = res.body.result;
    expect(info.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(info).toEqual({
      inviteCode: info.inviteCode,
      inviteUrl: `https://tradewind.example/pass/register?invite=${info.inviteCode}`,
      invitedCount: 0,
      rewardTotal: '0',
      rewardPerInvite: '10',
      invitees: [],
    });
  });

  it('lists the people who signed up with the code, newest first, masked, not yet rewarded', async () => {
    const inviter = await registerUser(t);
    const { inviteCode } = await inviteInfoOf(t, inviter.token);
    const joinedAt = t.clock.now();
    expect((await registerInvited(t, 'alice_inv', inviteCode)).status).toBe(200);
    expect((await registerInvited(t, 'bob_inv', inviteCode)).status).toBe(200);
    const info = await inviteInfoOf(t, inviter.token);
    expect(info.invitedCount).toBe(2);
    expect(info.invitees).toEqual([
      { name: 'bo***', joinedAt, rewarded: false },
      { name: 'al***', joinedAt, rewarded: false },
    ]);
    expect(JSON.stringify(info)).not.toContain('alice_inv');
  });

  it('shows another user nothing of the first one’s invitees', async () => {
    const other = await registerUser(t);
    expect((await inviteInfoOf(t, other.token)).invitees).toEqual([]);
  });

  it('reports the reward parameter as the operator set it', async () => {
    const u = await registerUser(t);
    const param = await client(t.app).get<{ key: string; value: string }>(
      '/api/swx/customer/index/getParamByKey/invite_reward_usdt',
    );
    expect(param.body.result).toEqual({ key: 'invite_reward_usdt', value: '10' });
    expect((await inviteInfoOf(t, u.token)).rewardPerInvite).toBe('10');
  });
});

describe('maskName', () => {
  it('keeps two letters of a longer name and one of a short one, never the whole name', () => {
    expect(maskName('alice')).toBe('al***');
    expect(maskName('abc')).toBe('ab***');
    expect(maskName('ab')).toBe('a***');
    expect(maskName('a')).toBe('a***');
    expect(maskName('山田太郎')).toBe('山田***');
  });
});

describe('register with an invite code', () => {
  it('refuses an unknown code on the inviteCode field in the caller’s language and creates nothing', async () => {
    const before = await userCount();
    const res = await registerInvited(t, 'nobody_inv', 'NOSUCH99');
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { inviteCode: 'This invite code does not exist' } });
    expect(await userCount()).toBe(before);
    // The mailed code was not spent: the same person can sign up without the invite code.
    const { code } = await lastCodeMailedTo(t.dataDir, 'nobody_inv@example.com');
    const again = await client(t.app).post('/api/swx/customer/login/register', {
      body: {
        userName: 'nobody_inv',
        email: 'nobody_inv@example.com',
        password: 'correct horse battery',
        code,
      },
    });
    expect(again.status).toBe(200);
  });

  it('answers the unknown code in Arabic to an Arabic caller', async () => {
    const email = 'arabic_inv@example.com';
    await client(t.app).post('/api/swx/customer/login/sendCode', { body: { email, purpose: 'register' } });
    const { code } = await lastCodeMailedTo(t.dataDir, email);
    const res = await client(t.app, { lang: 'ar' }).post('/api/swx/customer/login/register', {
      body: {
        userName: 'arabic_inv',
        email,
        password: 'correct horse battery',
        code,
        inviteCode: 'NOSUCH99',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { inviteCode: 'رمز الدعوة هذا غير موجود' } });
  });
});
