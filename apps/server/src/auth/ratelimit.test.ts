// Rate limits on login, sendCode, register and resetPassword: 429 with 10104, per client IP and per account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, registerUser, roomyRateLimits, startTestApp, type TestApp } from '../test/harness.ts';

const minute = 60_000;
const narrow = (ip: number, account: number) => ({
  ip: { max: ip, windowMs: minute },
  account: { max: account, windowMs: minute },
});

let t: TestApp;
let victim: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  // Each scenario uses its own client IPs and accounts, so the windows of one do not touch another.
  t = await startTestApp({
    rateLimits: {
      ...roomyRateLimits,
      login: narrow(3, 2),
      sendCode: narrow(2, 2),
      register: narrow(2, 100),
      resetPassword: narrow(100, 2),
    },
  });
  // Signed up from an address no scenario uses; registerUser itself goes through the narrow limits.
  victim = await registerUser(t, 'rl_victim');
});
afterAll(async () => t.close());

const base = '/api/swx/customer/login';
const tooMany = { code: '10104', message: 'Too many requests, please try again later', result: null };

describe('login rate limit', () => {
  it('answers 429 with 10104 once one IP exceeds its limit, whatever the accounts', async () => {
    const ip = '203.0.113.1';
    for (const name of ['rl_a', 'rl_b', 'rl_c']) {
      expect((await login(t, name, 'wrong password', { ip })).status).toBe(400);
    }
    const res = await login(t, 'rl_d', 'wrong password', { ip });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooMany);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('lets another IP through while one is limited', async () => {
    for (let i = 0; i < 4; i++) await login(t, `rl_ip${i}`, 'wrong password', { ip: '203.0.113.2' });
    const res = await login(t, 'rl_ip9', 'wrong password', { ip: '203.0.113.3' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10004');
  });

  it('answers 429 once one account exceeds its limit, even from fresh IPs', async () => {
    expect((await login(t, victim.userName, 'guess one', { ip: '198.51.100.1' })).status).toBe(400);
    expect((await login(t, victim.userName, 'guess two', { ip: '198.51.100.2' })).status).toBe(400);
    const res = await login(t, victim.userName, victim.password, { ip: '198.51.100.3' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooMany);
  });

  it('counts the account case-insensitively', async () => {
    await login(t, 'rl_case', 'guess', { ip: '198.51.100.10' });
    await login(t, 'RL_CASE', 'guess', { ip: '198.51.100.11' });
    const res = await login(t, 'Rl_Case', 'guess', { ip: '198.51.100.12' });
    expect(res.status).toBe(429);
  });

  it('lets another account log in from the same IP while one account is limited', async () => {
    const other = await login(t, 'rl_someone_else', 'wrong password', { ip: '198.51.100.1' });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('10004');
  });
});

describe('rate limits on the other auth calls', () => {
  it('limits sendCode per IP', async () => {
    const ip = '192.0.2.1';
    const send = (email: string) =>
      client(t.app).post(`${base}/sendCode`, { body: { email, purpose: 'register' }, ip });
    expect((await send('rl_s1@example.com')).status).toBe(200);
    expect((await send('rl_s2@example.com')).status).toBe(200);
    const res = await send('rl_s3@example.com');
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooMany);
  });

  it('limits sendCode per email address across IPs', async () => {
    const send = (ip: string) =>
      client(t.app).post(`${base}/sendCode`, {
        body: { email: 'rl_acct@example.com', purpose: 'register' },
        ip,
      });
    expect((await send('192.0.2.10')).status).toBe(200);
    expect((await send('192.0.2.11')).body.code).toBe('10026');
    const res = await send('192.0.2.12');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('10104');
  });

  it('limits register per IP', async () => {
    const ip = '192.0.2.20';
    const attempt = (n: number) =>
      client(t.app).post(`${base}/register`, {
        body: {
          userName: `rl_reg${n}`,
          email: `rl_reg${n}@example.com`,
          password: 'long enough pw',
          code: '123456',
        },
        ip,
      });
    expect((await attempt(1)).status).toBe(400);
    expect((await attempt(2)).status).toBe(400);
    const res = await attempt(3);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('10104');
  });

  it('limits resetPassword per email address across IPs', async () => {
    const attempt = (ip: string) =>
      client(t.app).post(`${base}/resetPassword`, {
        body: { email: victim.email, code: '123456', password: 'a brand new password' },
        ip,
      });
    expect((await attempt('192.0.2.30')).status).toBe(400);
    expect((await attempt('192.0.2.31')).status).toBe(400);
    const res = await attempt('192.0.2.32');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('10104');
  });
});
