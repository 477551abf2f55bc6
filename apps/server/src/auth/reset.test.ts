// Password reset by mailed code: the new password works, the old one and every session end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  lastCodeMailedTo,
  login,
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

const reset = (body: Record<string, string>) =>
  client(t.app).post('/api/swx/customer/login/resetPassword', { body });
const getUserInfo = (token: string) => client(t.app, { token }).post('/api/swx/customer/user/getUserInfo');

describe('resetPassword', () => {
  it('sets the new password: it logs in and the old one no longer does', async () => {
    const u = await registerUser(t, 'reset_ok');
    const code = await mailedCode(t, u.email, 'reset');
    const res = await reset({ email: u.email, code, password: 'a brand new password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Operation successful', result: null });
    expect((await login(t, u.userName, 'a brand new password')).status).toBe(200);
    expect((await login(t, u.userName, u.password)).body.code).toBe('10004');
  });

  it('ends every session of the user', async () => {
    const u = await registerUser(t, 'reset_all');
    const second = await login(t, u.userName, u.password);
    const code = await mailedCode(t, u.email, 'reset');
    expect((await reset({ email: u.email, code, password: 'a brand new password' })).status).toBe(200);
    expect((await getUserInfo(u.token)).status).toBe(401);
    expect((await getUserInfo(second.body.result.token)).status).toBe(401);
  });

  it('mails the reset code with the reset subject', async () => {
    const u = await registerUser(t, 'reset_mail');
    const code = await mailedCode(t, u.email, 'reset');
    const { raw } = await lastCodeMailedTo(t.dataDir, u.email);
    expect(raw).toContain(`Subject: Your Tradewind password reset code: ${code}`);
  });

  it('answers 10091 for a wrong code and keeps the password and sessions', async () => {
    const u = await registerUser(t, 'reset_wrong');
    const code = await mailedCode(t, u.email, 'reset');
    const res = await reset({ email: u.email, code: otherCode(code), password: 'a brand new password' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10091');
    expect((await getUserInfo(u.token)).status).toBe(200);
    expect((await login(t, u.userName, u.password)).status).toBe(200);
  });

  it('answers 10033 for an address that was never sent a code', async () => {
    const res = await reset({
      email: 'never_sent@example.com',
      code: '123456',
      password: 'a brand new password',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10033');
  });

  it('refuses a new password shorter than 10 characters with 10164, the reason on the password field', async () => {
    const u = await registerUser(t, 'reset_short');
    const code = await mailedCode(t, u.email, 'reset');
    const res = await reset({ email: u.email, code, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10164');
    expect(res.body.result).toEqual({ fields: { password: 'Use at least 10 characters' } });
  });
});
