import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  lastCodeMailedTo,
  mailedCode,
  registerUser,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import { users } from '../users/tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const base = '/api/swx/customer/login';
type UserInfo = {
  id: string;
  userName: string;
  email: string;
  areaCode: string | null;
  phone: string | null;
  status: number;
  kycStatus: number;
  inviteCode: string;
  createdAt: number;
};

describe('register', () => {
  it('signs up with the mailed code and answers a token and the user', async () => {
    const u = await registerUser(t, 'alice_1');
    const info = await client(t.app, { token: u.token }).post<{
      userName: string;
      book: string;
      balance: string;
    }>('/api/swx/customer/user/getUserInfo');
    expect(info.status).toBe(200);
    expect(info.body.result).toMatchObject({ userName: 'alice_1', book: 'demo', balance: '100000' });
  });

  it('refuses a taken user name with 10006', async () => {
    const api = client(t.app);
    await api.post('/api/swx/customer/login/sendCode', {
      body: { email: 'bob@example.com', purpose: 'register' },
    });
    const { code } = await lastCodeMailedTo(t.dataDir, 'bob@example.com');
    const res = await api.post('/api/swx/customer/login/register', {
      body: { userName: 'ALICE_1', email: 'bob@example.com', password: 'long enough pw', code },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('10006');
  });

  it('answers message 10034 and every userInfo field, the email lower-cased', async () => {
    const code = await mailedCode(t, 'Carol.Reg@Example.com', 'register');
    const res = await client(t.app).post<{ token: string; userInfo: UserInfo }>(`${base}/register`, {
      body: {
        userName: 'carol_reg',
        email: 'Carol.Reg@Example.com',
        password: 'a good long password',
        code,
        areaCode: '+44',
        phone: '7700900123',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '200', message: 'Registration successful' });
    expect(res.body.result.token).toMatch(/^[\w-]{43,}$/);
    expect(res.body.result.userInfo).toEqual({
      id: expect.stringMatching(/^\d+$/),
      userName: 'carol_reg',
      email: 'carol.reg@example.com',
      areaCode: '+44',
      phone: '7700900123',
      status: 1,
      kycStatus: 0,
      inviteCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
      createdAt: t.clock.now(),
    });
  });

  it('refuses a taken email with 10027, whatever its case', async () => {
    await registerUser(t, 'dave_reg');
    const res = await client(t.app).post(`${base}/register`, {
      body: {
        userName: 'dave_other',
        email: 'DAVE_REG@example.com',
        password: 'long enough pw',
        code: '123456',
      },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: '10027', message: 'Email already exists', result: null });
  });

  it('refuses an invite code nobody has with a message on the inviteCode field', async () => {
    const code = await mailedCode(t, 'invited@example.com', 'register');
    const res = await client(t.app).post(`${base}/register`, {
      body: {
        userName: 'invited',
        email: 'invited@example.com',
        password: 'long enough pw',
        code,
        inviteCode: 'NOSUCH99',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { inviteCode: 'This invite code does not exist' } });
  });

  it('accepts the invite code of an existing user and records who invited', async () => {
    const inviter = await registerUser(t, 'inviter');
    const info = await client(t.app, { token: inviter.token }).post<UserInfo>(
      '/api/swx/customer/user/getUserInfo',
    );
    const code = await mailedCode(t, 'invitee@example.com', 'register');
    const res = await client(t.app).post<{ token: string; userInfo: UserInfo }>(`${base}/register`, {
      body: {
        userName: 'invitee',
        email: 'invitee@example.com',
        password: 'long enough pw',
        code,
        inviteCode: info.body.result.inviteCode,
      },
    });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db
      .select({ invitedBy: users.invitedBy })
      .from(users)
      .where(eq(users.id, Number(res.body.result.userInfo.id)));
    expect(row?.invitedBy).toBe(Number(inviter.id));
  });
});

describe('checkUserNameOrPhone', () => {
  const check = (query: Record<string, string>) =>
    client(t.app).get<{ available: boolean }>(`${base}/checkUserNameOrPhone`, { query });

  it('answers available for a free user name and email', async () => {
    const res = await check({ userName: 'nobody_yet', email: 'nobody_yet@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Success', result: { available: true } });
  });

  it('answers 10006 for a taken user name in another case', async () => {
    await registerUser(t, 'Erin_Check');
    const res = await check({ userName: 'eRIN_cHECK' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: '10006', message: 'Username already exists', result: null });
  });

  it('answers 10027 for a taken email in another case', async () => {
    await registerUser(t, 'frank_check');
    const res = await check({ email: 'Frank_Check@Example.COM' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('10027');
  });

  it('answers 10000 when nothing is asked', async () => {
    const res = await check({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10000');
  });
});

describe('sendCode', () => {
  it('answers message 10028 and writes an .eml to DATA_DIR/outbox holding the code', async () => {
    const res = await client(t.app).post(`${base}/sendCode`, {
      body: { email: 'grace_send@example.com', purpose: 'register' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Verification code sent successfully', result: null });
    const files = await readdir(path.join(t.dataDir, 'outbox'));
    expect(files.some((f) => f.endsWith('.eml'))).toBe(true);
    const { code, raw } = await lastCodeMailedTo(t.dataDir, 'grace_send@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(raw).toContain(`Subject: Your Tradewind sign-up code: ${code}`);
    expect(raw).toContain(`Your verification code is ${code}.`);
  });

  it('refuses a taken email with 10027 when signing up', async () => {
    await registerUser(t, 'heidi_send');
    const res = await client(t.app).post(`${base}/sendCode`, {
      body: { email: 'HEIDI_SEND@example.com', purpose: 'register' },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('10027');
  });
});
