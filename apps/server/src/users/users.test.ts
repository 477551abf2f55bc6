import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, registerUser, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const base = '/api/swx/customer/user';
type Info = { id: string; userName: string; book: string; balance: string; frozen: string; equity: string };

describe('getUserInfo', () => {
  it('answers the demo book with 100000 when no virtually header is sent', async () => {
    const u = await registerUser(t, 'info_absent');
    const res = await client(t.app, { token: u.token }).post<Info>(`${base}/getUserInfo`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('200');
    expect(res.body.result).toMatchObject({
      id: u.id,
      userName: 'info_absent',
      email: u.email,
      status: 1,
      kycStatus: 0,
      book: 'demo',
      balance: '100000',
      frozen: '0',
      equity: '100000',
    });
  });

  it('answers the demo book for virtually: NO', async () => {
    const u = await registerUser(t, 'info_no');
    const res = await client(t.app, { token: u.token, book: 'NO' }).post<Info>(`${base}/getUserInfo`);
    expect(res.body.result).toMatchObject({ book: 'demo', balance: '100000' });
  });

  it('answers the real book, empty, for virtually: YES', async () => {
    const u = await registerUser(t, 'info_yes');
    const res = await client(t.app, { token: u.token, book: 'YES' }).post<Info>(`${base}/getUserInfo`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ book: 'real', balance: '0', frozen: '0', equity: '0' });
  });

  it('answers 401 without a token', async () => {
    const res = await client(t.app).post(`${base}/getUserInfo`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: '401', message: 'Please log in again', result: null });
  });
});

describe('repassword', () => {
  it('changes the password: the new one logs in and the old one no longer does', async () => {
    const u = await registerUser(t, 'repw_ok');
    const res = await client(t.app, { token: u.token }).post(`${base}/repassword`, {
      body: { oldPassword: u.password, password: 'a changed password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Operation successful', result: null });
    expect((await login(t, u.userName, 'a changed password')).status).toBe(200);
    const old = await login(t, u.userName, u.password);
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('10004');
  });

  it('ends the other sessions and keeps the current one', async () => {
    const u = await registerUser(t, 'repw_sessions');
    const other = await login(t, u.userName, u.password);
    await client(t.app, { token: u.token }).post(`${base}/repassword`, {
      body: { oldPassword: u.password, password: 'a changed password' },
    });
    expect((await client(t.app, { token: u.token }).post(`${base}/getUserInfo`)).status).toBe(200);
    expect((await client(t.app, { token: other.body.result.token }).post(`${base}/getUserInfo`)).status).toBe(
      401,
    );
  });

  it('answers 10143 "Incorrect password" (not "username or password") for a wrong old password and changes nothing', async () => {
    const u = await registerUser(t, 'repw_wrong');
    const other = await login(t, u.userName, u.password);
    const res = await client(t.app, { token: u.token }).post(`${base}/repassword`, {
      body: { oldPassword: 'not the password', password: 'a changed password' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: '10143', message: 'Incorrect password', result: null });
    const german = await client(t.app, { token: u.token, lang: 'de' }).post(`${base}/repassword`, {
      body: { oldPassword: 'not the password', password: 'a changed password' },
    });
    expect(german.body).toMatchObject({ code: '10143', message: 'Falsches Passwort' });
    expect((await login(t, u.userName, u.password)).status).toBe(200);
    expect((await client(t.app, { token: other.body.result.token }).post(`${base}/getUserInfo`)).status).toBe(
      200,
    );
  });

  it('refuses a new password longer than 128 characters on the password field', async () => {
    const u = await registerUser(t, 'repw_long');
    const res = await client(t.app, { token: u.token }).post(`${base}/repassword`, {
      body: { oldPassword: u.password, password: 'x'.repeat(129) },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { password: 'Incorrect username or password' } });
  });

  it('answers 401 without a token', async () => {
    const res = await client(t.app).post(`${base}/repassword`, {
      body: { oldPassword: 'whatever it was', password: 'a changed password' },
    });
    expect(res.status).toBe(401);
  });
});
