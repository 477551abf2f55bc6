// A customer's two-factor (issue 25): enrol, confirm, sign in with a code or a recovery code (each once),
// turn off, and the step-up calls (withdrawal, password change) that ask for the code once it is on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  login,
  otherCode,
  registerUser,
  roomyRateLimits,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import { totpCode, totpPeriodMs } from '../platform/totp.ts';
import { quotedFee, realBalances, withdraw, withdrawer } from '../wallet/withdraw-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const base = '/api/swx/customer/security/totp';
const loginUrl = '/api/swx/customer/login/login';

type Customer = Awaited<ReturnType<typeof registerUser>>;

/** A fresh code of `secret` for the app's clock: the clock moves a step on first, so no step is spent. */
function nextCode(secret: string): string {
  t.clock.advance(totpPeriodMs);
  return totpCode(secret, t.clock.now());
}

async function enrol(token: string) {
  const res = await client(t.app, { token }).post<{ secret: string; otpauthUrl: string }>(`${base}/enrol`);
  expect(res.body.code).toBe('200');
  return res.body.result;
}

/** Turns TOTP on for `u`: its secret and the ten recovery codes. */
async function turnOn(u: Customer) {
  const { secret } = await enrol(u.token);
  const res = await client(t.app, { token: u.token }).post<{ recoveryCodes: string[] }>(`${base}/confirm`, {
    body: { code: nextCode(secret) },
  });
  expect(res.body.code).toBe('200');
  return { secret, recoveryCodes: res.body.result.recoveryCodes };
}

const loginWith = (u: Customer, otp?: string) =>
  client(t.app).post<{ token: string; userInfo: { id: string } }>(loginUrl, {
    body: { userName: u.userName, password: u.password, ...(otp === undefined ? {} : { otp }) },
  });

describe('enrolment', () => {
  it('answers a pending secret that is not on until a code from it confirms it', async () => {
    const u = await registerUser(t);
    const api = client(t.app, { token: u.token });
    const { secret, otpauthUrl } = await enrol(u.token);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=Tradewind');
    expect((await api.get<{ enabled: boolean }>(base)).body.result.enabled).toBe(false);
    // Still off: the password alone signs in.
    expect((await login(t, u.userName, u.password)).body.code).toBe('200');

    const wrong = await api.post(`${base}/confirm`, {
      body: { code: otherCode(totpCode(secret, t.clock.now())) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('10165');
    const right = await api.post<{ recoveryCodes: string[] }>(`${base}/confirm`, {
      body: { code: nextCode(secret) },
    });
    expect(right.body.code).toBe('200');
    expect(right.body.result.recoveryCodes).toHaveLength(10);
    expect(new Set(right.body.result.recoveryCodes).size).toBe(10);
    for (const c of right.body.result.recoveryCodes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await api.get(base)).body.result).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('refuses a confirm with nothing pending (10167) and a new enrolment while on (10166)', async () => {
    const u = await registerUser(t);
    const api = client(t.app, { token: u.token });
    const none = await api.post(`${base}/confirm`, { body: { code: '123456' } });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('10167');
    const { secret } = await turnOn(u);
    const again = await api.post(`${base}/enrol`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('10166');
    // The enrolled secret still works: the refused enrolment replaced nothing.
    expect((await loginWith(u, nextCode(secret))).body.code).toBe('200');
  });

  it('needs a session', async () => {
    expect((await client(t.app).post(`${base}/enrol`)).status).toBe(401);
    expect((await client(t.app).get(base)).status).toBe(401);
  });
});

describe('sign-in with two-factor on', () => {
  it('answers 10113 with the factors and nothing else to the password alone, then signs in with a code', async () => {
    const u = await registerUser(t);
    const { secret } = await turnOn(u);
    const first = await loginWith(u);
    expect(first.status).toBe(401);
    expect(first.body).toEqual({
      code: '10113',
      message: 'Enter the 6-digit code from your authenticator app (or a recovery code)',
      result: { secondFactor: ['totp'] },
    });
    const second = await loginWith(u, nextCode(secret));
    expect(second.body.code).toBe('200');
    expect(second.body.result.userInfo.id).toBe(u.id);
    const me = await client(t.app, { token: second.body.result.token }).post(
      '/api/swx/customer/user/getUserInfo',
    );
    expect(me.status).toBe(200);
  });

  it('asks a device the account signed in from before for the password alone', async () => {
    const u = await registerUser(t);
    const { secret } = await turnOn(u);
    const first = await client(t.app).post<{ deviceToken: string }>(loginUrl, {
      body: { userName: u.userName, password: u.password, otp: nextCode(secret) },
    });
    expect(first.body.code).toBe('200');
    const { deviceToken } = first.body.result;
    const known = await client(t.app).post(loginUrl, {
      body: { userName: u.userName, password: u.password, deviceToken },
    });
    expect(known.body.code).toBe('200');
    // Another browser's token, or another account's, is a new device.
    const other = await registerUser(t);
    const elsewhere = await client(t.app).post<{ deviceToken: string }>(loginUrl, {
      body: { userName: other.userName, password: other.password },
    });
    const foreign = await client(t.app).post(loginUrl, {
      body: { userName: u.userName, password: u.password, deviceToken: elsewhere.body.result.deviceToken },
    });
    expect(foreign.body).toMatchObject({ code: '10113', result: { secondFactor: ['totp'] } });
  });

  it('accepts a code once: the same code again, or an earlier one, is refused with 10165', async () => {
    const u = await registerUser(t);
    const { secret } = await turnOn(u);
    const code = nextCode(secret);
    expect((await loginWith(u, code)).body.code).toBe('200');
    const replay = await loginWith(u, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: '10165', result: null });
    // The step before is within the drift window but older than the one accepted.
    expect((await loginWith(u, totpCode(secret, t.clock.now() - totpPeriodMs))).body.code).toBe('10165');
  });

  it('accepts one of two sign-ins racing with the same code', async () => {
    const u = await registerUser(t);
    const { secret } = await turnOn(u);
    const code = nextCode(secret);
    const answers = await Promise.all([loginWith(u, code), loginWith(u, code)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10165', '200']);
  });

  it('refuses a wrong code with 10165 and a wrong password with 10004 before any code is tried', async () => {
    const u = await registerUser(t);
    const { secret } = await turnOn(u);
    const code = nextCode(secret);
    expect((await loginWith(u, otherCode(code))).body.code).toBe('10165');
    expect((await loginWith(u, 'not-a-code')).body.code).toBe('10165');
    const badPassword = await client(t.app).post(loginUrl, {
      body: { userName: u.userName, password: 'not the password', otp: code },
    });
    expect(badPassword.body.code).toBe('10004');
    // The code was not spent by the refused password.
    expect((await loginWith(u, code)).body.code).toBe('200');
  });

  it('accepts each recovery code once, in any case and with or without its dash', async () => {
    const u = await registerUser(t);
    const { recoveryCodes } = await turnOn(u);
    const [first = '', second = ''] = recoveryCodes;
    expect((await loginWith(u, first)).body.code).toBe('200');
    expect((await loginWith(u, first)).body.code).toBe('10165');
    expect((await loginWith(u, second.replace('-', '').toUpperCase())).body.code).toBe('200');
    const status = await client(t.app, { token: u.token }).get(base);
    expect(status.body.result).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('counts wrong codes against the login window', async () => {
    const limited = await startTestApp({
      rateLimits: {
        ...roomyRateLimits,
        login: { ip: { max: 100, windowMs: 60_000 }, account: { max: 3, windowMs: 60_000 } },
      },
    });
    try {
      const u = await registerUser(limited);
      const api = client(limited.app, { token: u.token });
      const { secret } = (await api.post<{ secret: string }>(`${base}/enrol`)).body.result;
      const now = limited.clock.now();
      expect((await api.post(`${base}/confirm`, { body: { code: totpCode(secret, now) } })).body.code).toBe(
        '200',
      );
      const attempt = (otp: string) =>
        client(limited.app).post(loginUrl, { body: { userName: u.userName, password: u.password, otp } });
      const wrong = otherCode(totpCode(secret, now));
      const codesSeen: string[] = [];
      for (let i = 0; i < 4; i++) codesSeen.push((await attempt(wrong)).body.code);
      expect(codesSeen.slice(0, 3)).toEqual(['10165', '10165', '10165']);
      expect(codesSeen[3]).toBe('10104');
    } finally {
      await limited.close();
    }
  });
});

describe('turning it off', () => {
  it('needs the password and a code; then the password alone signs in again', async () => {
    const u = await registerUser(t);
    const api = client(t.app, { token: u.token });
    const { secret, recoveryCodes } = await turnOn(u);
    const code = nextCode(secret);
    const badPassword = await api.post(`${base}/disable`, {
      body: { password: 'not the password', otp: code },
    });
    expect(badPassword.body.code).toBe('10143');
    const badCode = await api.post(`${base}/disable`, {
      body: { password: u.password, otp: otherCode(code) },
    });
    expect(badCode.body.code).toBe('10165');
    const noCode = await api.post(`${base}/disable`, { body: { password: u.password } });
    expect(noCode.status).toBe(400);
    expect((await api.get(base)).body.result).toMatchObject({ enabled: true });

    const off = await api.post(`${base}/disable`, { body: { password: u.password, otp: recoveryCodes[0] } });
    expect(off.body.code).toBe('200');
    expect((await api.get(base)).body.result).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await loginWith(u)).body.code).toBe('200');
    // Withdrawals pause for the payout-method cool-down, as after a password change.
    const pause = await api.get<{ pausedUntil: number | null }>('/api/swx/customer/user/withdrawalPause');
    expect(pause.body.result.pausedUntil).toBeGreaterThan(t.clock.now());
    const again = await api.post(`${base}/disable`, { body: { password: u.password, otp: code } });
    expect(again.body.code).toBe('10167');
    // A new enrolment is possible once off, with a new secret.
    expect((await enrol(u.token)).secret).not.toBe(secret);
  });
});

describe('step-up', () => {
  it('a password change needs the code once two-factor is on', async () => {
    const u = await registerUser(t);
    const api = client(t.app, { token: u.token });
    const { secret } = await turnOn(u);
    const body = { oldPassword: u.password, password: 'a new long passphrase 9' };
    const none = await api.post('/api/swx/customer/user/repassword', { body });
    expect(none.body).toMatchObject({ code: '10113', result: { secondFactor: ['totp'] } });
    const code = nextCode(secret);
    const wrong = await api.post('/api/swx/customer/user/repassword', {
      body: { ...body, otp: otherCode(code) },
    });
    expect(wrong.body.code).toBe('10165');
    // Refused: the old password still signs in.
    expect((await loginWith(u, code)).body.code).toBe('200');
    const right = await api.post('/api/swx/customer/user/repassword', {
      body: { ...body, otp: nextCode(secret) },
    });
    expect(right.body.code).toBe('200');
  });

  it('a password change needs no code while two-factor is off', async () => {
    const u = await registerUser(t);
    const res = await client(t.app, { token: u.token }).post('/api/swx/customer/user/repassword', {
      body: { oldPassword: u.password, password: 'a new long passphrase 9' },
    });
    expect(res.body.code).toBe('200');
  });

  it('a withdrawal needs the code once two-factor is on, before anything is held', async () => {
    const w = await withdrawer(t, '100');
    const { secret } = await turnOn(w);
    const amount = '20';
    const body = {
      methodId: w.methodId,
      amount,
      password: w.password,
      quotedFee: await quotedFee(w, amount),
    };
    const none = await withdraw(w, body);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: '10113', result: { secondFactor: ['totp'] } });
    const wrong = await withdraw(w, { ...body, otp: otherCode(totpCode(secret, t.clock.now())) });
    expect(wrong.body.code).toBe('10165');
    expect(await realBalances(t, w.id)).toEqual({ cash: '100', hold: '0' });
    const right = await withdraw(w, { ...body, otp: nextCode(secret) });
    expect(right.body.code).toBe('200');
    expect((await realBalances(t, w.id)).hold).toBe('20');
  });
});
