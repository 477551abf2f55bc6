// Verification codes through the real sign-up and reset calls: wrong, expired, reused, voided, resent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  lastCodeMailedTo,
  mailedCode,
  otherCode,
  registerUser,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const base = '/api/swx/customer/login';
const minute = 60_000;

function signUp(name: string, code: string) {
  return client(t.app).post(`${base}/register`, {
    body: { userName: name, email: `${name}@example.com`, password: 'long enough pw', code },
  });
}

describe('verification codes', () => {
  it('answers 10091 for a wrong code', async () => {
    const code = await mailedCode(t, 'wrong_code@example.com', 'register');
    const res = await signUp('wrong_code', otherCode(code));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: '10091', message: 'Wrong verification code', result: null });
  });

  it('answers 10033 for a code older than 10 minutes', async () => {
    const code = await mailedCode(t, 'expired_code@example.com', 'register');
    t.clock.advance(10 * minute + 1);
    const res = await signUp('expired_code', code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: '10033',
      message: 'Verification code invalid or expired, please get a new one',
      result: null,
    });
  });

  it('accepts a code a little under 10 minutes old', async () => {
    const code = await mailedCode(t, 'late_code@example.com', 'register');
    t.clock.advance(10 * minute - 1000);
    const res = await signUp('late_code', code);
    expect(res.status).toBe(200);
  });

  it('answers 10033 when a used code is presented again', async () => {
    const u = await registerUser(t, 'reuse_code');
    const code = await mailedCode(t, u.email, 'reset');
    const reset = (password: string) =>
      client(t.app).post(`${base}/resetPassword`, { body: { email: u.email, code, password } });
    expect((await reset('first new password')).status).toBe(200);
    const again = await reset('second new password');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('10033');
  });

  it('voids a code after 5 wrong tries, so even the right one then answers 10033', async () => {
    const code = await mailedCode(t, 'five_tries@example.com', 'register');
    for (let i = 0; i < 5; i++) {
      const res = await signUp('five_tries', otherCode(code));
      expect(res.body.code).toBe('10091');
    }
    const res = await signUp('five_tries', code);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10033');
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const code = await mailedCode(t, 'four_tries@example.com', 'register');
    for (let i = 0; i < 4; i++) expect((await signUp('four_tries', otherCode(code))).body.code).toBe('10091');
    expect((await signUp('four_tries', code)).status).toBe(200);
  });

  it('refuses a second code within 60 s with 10026 and sends one after 60 s', async () => {
    const send = () =>
      client(t.app).post(`${base}/sendCode`, { body: { email: 'resend@example.com', purpose: 'register' } });
    expect((await send()).status).toBe(200);
    t.clock.advance(59_000);
    const tooSoon = await send();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({
      code: '10026',
      message: 'Verification code already sent, please do not request again',
      result: null,
    });
    t.clock.advance(1_000);
    const later = await send();
    expect(later.status).toBe(200);
    expect(later.body.message).toBe('Verification code sent successfully');
  });

  it('answers a reset request for an unknown address like a known one and mails nothing', async () => {
    const res = await client(t.app).post(`${base}/sendCode`, {
      body: { email: 'nobody_here@example.com', purpose: 'reset' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Verification code sent successfully');
    await expect(mailedCodeOrNone('nobody_here@example.com')).resolves.toBeUndefined();
  });
});

function mailedCodeOrNone(email: string): Promise<string | undefined> {
  return lastCodeMailedTo(t.dataDir, email).then(
    (m) => m.code,
    () => undefined,
  );
}
