// Review findings on signing in and passwords (issue 25): a disabled account's password is no oracle (I-1),
// the reset flow answers an unknown address as a known one (L-1), a user name and an e-mail share one login
// window (L-2), and password checks behind a session are limited per account and per address (M-2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { codes, kycStatuses, userStatuses } from '@tradewind/contract';
import { users } from '../users/tables.ts';
import {
  client,
  login,
  mailedCode,
  otherCode,
  registerUser,
  roomyRateLimits,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';

const minute = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: {
      ...roomyRateLimits,
      login: { ip: { max: 1000, windowMs: minute }, account: { max: 2, windowMs: minute } },
      passwordCheck: { ip: { max: 5, windowMs: 15 * minute }, account: { max: 3, windowMs: 15 * minute } },
    },
  });
});
afterAll(async () => t.close());

const base = '/api/swx/customer/login';

describe('I-1: a disabled account', () => {
  it('answers the right password and a wrong one alike (10005)', async () => {
    const u = await registerUser(t, 'oracle_disabled');
    // Straight in the table: the back office's own route shares the narrow login limits of this file.
    await t.ctx.db
      .update(users)
      .set({ status: userStatuses.disabled })
      .where(eq(users.id, Number(u.id)));
    const right = await login(t, u.userName, u.password);
    const wrong = await login(t, u.email, 'not the password at all');
    expect(right.status).toBe(403);
    expect(right.body.code).toBe(codes.userStatusAbnormal);
    expect(wrong.status).toBe(right.status);
    expect(wrong.body).toEqual(right.body);
  });
});

describe('L-1: the reset flow of an unknown address', () => {
  const sendReset = (email: string) =>
    client(t.app).post(`${base}/sendCode`, { body: { email, purpose: 'reset' } });
  const reset = (email: string, code: string) =>
    client(t.app).post(`${base}/resetPassword`, { body: { email, code, password: 'another long password' } });

  it('refuses a resend within the minute as for a known one', async () => {
    const known = await registerUser(t, 'reset_known_a');
    expect((await sendReset(known.email)).status).toBe(200);
    expect((await sendReset('reset_unknown_a@example.com')).status).toBe(200);
    const knownAgain = await sendReset(known.email);
    const unknownAgain = await sendReset('reset_unknown_a@example.com');
    expect(knownAgain.body.code).toBe(codes.codeAlreadySent);
    expect(unknownAgain.status).toBe(knownAgain.status);
    expect(unknownAgain.body).toEqual(knownAgain.body);
  });

  it('answers a wrong code as for a known one', async () => {
    const known = await registerUser(t, 'reset_known_b');
    const code = await mailedCode(t, known.email, 'reset');
    expect((await sendReset('reset_unknown_b@example.com')).status).toBe(200);
    const knownWrong = await reset(known.email, otherCode(code));
    const unknownWrong = await reset('reset_unknown_b@example.com', otherCode(code));
    expect(knownWrong.body.code).toBe(codes.codeWrong);
    expect(unknownWrong.status).toBe(knownWrong.status);
    expect(unknownWrong.body).toEqual(knownWrong.body);
  });
});

describe('L-2: one login window per account', () => {
  it('counts guesses by user name and by e-mail in the same window', async () => {
    const u = await registerUser(t, 'window_both');
    expect((await login(t, u.userName, 'guess one', { ip: '198.51.100.60' })).body.code).toBe('10004');
    expect((await login(t, u.email.toUpperCase(), 'guess two', { ip: '198.51.100.61' })).body.code).toBe(
      '10004',
    );
    const third = await login(t, u.userName, u.password, { ip: '198.51.100.62' });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe(codes.tooManyRequests);
  });
});

describe('M-2: password checks behind a session', () => {
  const repassword = (token: string, ip: string) =>
    client(t.app, { token }).post('/api/swx/customer/user/repassword', {
      body: { oldPassword: 'not my password', password: 'a new long password' },
      ip,
    });

  it('lets parallel guesses at one account through up to its window, then says how long to wait', async () => {
    const u = await registerUser(t, 'guess_parallel');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => repassword(u.token, `192.0.2.${100 + i}`)),
    );
    const byCode = answers.map((a) => a.body.code).sort();
    expect(byCode.filter((c) => c === codes.passwordIncorrect)).toHaveLength(3);
    expect(byCode.filter((c) => c === codes.tooManyPasswordTries)).toHaveLength(5);
    const refused = answers.find((a) => a.body.code === codes.tooManyPasswordTries);
    expect(refused?.status).toBe(429);
    expect(refused?.body.message).toBe('Too many password attempts. Please try again in 15 min');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('shares the window with the withdrawal call', async () => {
    const u = await registerUser(t, 'guess_shared');
    for (let i = 0; i < 3; i++) await repassword(u.token, '192.0.2.120');
    const res = await client(t.app, { token: u.token, book: 'YES' }).post(
      '/api/swx/customer/user/withdrawal',
      { body: { amount: '10', password: 'guess', quotedFee: '0' }, ip: '192.0.2.121' },
    );
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(codes.tooManyPasswordTries);
  });

  it("limits one address across accounts, and answers in the caller's language", async () => {
    const ip = '192.0.2.130';
    const [a, b, c] = [
      await registerUser(t, 'guess_ip_a'),
      await registerUser(t, 'guess_ip_b'),
      await registerUser(t, 'guess_ip_c'),
    ];
    for (const who of [a, a, b, b, c]) expect((await repassword(who.token, ip)).status).not.toBe(429);
    const res = await client(t.app, { token: c.token, lang: 'de' }).post(
      '/api/swx/customer/user/repassword',
      {
        body: { oldPassword: 'not my password', password: 'a new long password' },
        ip,
      },
    );
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Zu viele Passwortversuche/);
    expect((await repassword(c.token, '192.0.2.131')).body.code).toBe(codes.passwordIncorrect);
  });
  it('answers a retry of an answered withdrawal with its first answer, not a wait: a replay is no new try', async () => {
    const u = await registerUser(t, 'guess_replay');
    // Verified straight in the table, so the withdrawal reaches its keyed part (an unknown method: refused
    // there, and that refusal is the answer kept under the key).
    await t.ctx.db
      .update(users)
      .set({ kycStatus: kycStatuses.verified })
      .where(eq(users.id, Number(u.id)));
    const withdraw = () =>
      client(t.app, { token: u.token, book: 'YES' }).post('/api/swx/customer/user/withdrawal', {
        body: { methodId: '999999', amount: '10', password: u.password, quotedFee: '0' },
        headers: { 'idempotency-key': 'replay-after-window-1' },
        ip: '192.0.2.140',
      });
    const first = await withdraw();
    expect(first.body.code).not.toBe(codes.tooManyPasswordTries);
    expect(first.body.code).not.toBe(codes.kycRequired);
    for (let i = 0; i < 3; i++) await repassword(u.token, '192.0.2.141');
    expect((await repassword(u.token, '192.0.2.141')).body.code).toBe(codes.tooManyPasswordTries);
    const again = await withdraw();
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
  });
});
