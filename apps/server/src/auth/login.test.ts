// Login by user name or email, the identical answer for unknown users, disabled users and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, login, registerUser, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const getUserInfo = (token: string) => client(t.app, { token }).post('/api/swx/customer/user/getUserInfo');

async function disable(userId: string): Promise<void> {
  const res = await client(t.app, { token: await adminToken(t) }).post(`/admin/api/users/${userId}/status`, {
    body: { status: 2, reason: 'test: account under review' },
  });
  expect(res.status).toBe(200);
}

describe('login', () => {
  it('logs in by user name and answers a new token and the user', async () => {
    const u = await registerUser(t, 'login_name');
    const res = await login(t, 'login_name', u.password);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('200');
    expect(res.body.result.token).not.toBe(u.token);
    expect(res.body.result.userInfo).toMatchObject({
      id: u.id,
      userName: 'login_name',
      email: u.email,
      status: 1,
    });
    expect((await getUserInfo(res.body.result.token)).status).toBe(200);
  });

  it('logs in by email, whatever its case', async () => {
    const u = await registerUser(t, 'login_mail');
    const res = await login(t, 'LOGIN_MAIL@Example.com', u.password);
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo.id).toBe(u.id);
  });

  it('logs in by user name in another case', async () => {
    const u = await registerUser(t, 'Login_Case');
    const res = await login(t, 'login_case', u.password);
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo.userName).toBe('Login_Case');
  });

  it('answers 10004 for a wrong password', async () => {
    const u = await registerUser(t, 'login_wrong');
    const res = await login(t, u.userName, 'not the password');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: '10004', message: 'Incorrect username or password', result: null });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const u = await registerUser(t, 'login_same');
    const wrongPassword = await login(t, u.userName, 'not the password');
    const unknownName = await login(t, 'no_such_user_here', 'not the password');
    const unknownEmail = await login(t, 'no_such_user@example.com', 'not the password');
    expect(unknownName.status).toBe(wrongPassword.status);
    expect(unknownName.body).toEqual(wrongPassword.body);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('answers 10005 to a disabled user with the right password', async () => {
    const u = await registerUser(t, 'login_disabled');
    await disable(u.id);
    const res = await login(t, u.userName, u.password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: '10005', message: 'Abnormal user status', result: null });
  });

  it('answers 401 on getUserInfo to a token of a user disabled since', async () => {
    const u = await registerUser(t, 'token_disabled');
    expect((await getUserInfo(u.token)).status).toBe(200);
    await disable(u.id);
    const res = await getUserInfo(u.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: '401', message: 'Please log in again', result: null });
  });
});

describe('logout', () => {
  it('ends the session: the token then answers 401', async () => {
    const u = await registerUser(t, 'logout_one');
    const res = await client(t.app, { token: u.token }).post('/api/swx/customer/login/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Operation successful', result: null });
    expect((await getUserInfo(u.token)).status).toBe(401);
  });

  it('leaves the other sessions of the user alive', async () => {
    const u = await registerUser(t, 'logout_other');
    const second = await login(t, u.userName, u.password);
    await client(t.app, { token: u.token }).post('/api/swx/customer/login/logout');
    expect((await getUserInfo(second.body.result.token)).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await client(t.app).post('/api/swx/customer/login/logout');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });
});
