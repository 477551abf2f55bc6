import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, lastCodeMailedTo, registerUser, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('register', () => {
  it('signs up with the mailed code and answers a token and the user', async () => {
    const u = await registerUser(t, 'alice_1');
    const info = await client(t.app, { token: u.token }).post<{ userName: string; book: string; balance: string }>(
      '/api/swx/customer/user/getUserInfo',
    );
    expect(info.status).toBe(200);
    expect(info.body.result).toMatchObject({ userName: 'alice_1', book: 'demo', balance: '100000' });
  });

  it('refuses a taken user name with 10006', async () => {
    const api = client(t.app);
    await api.post('/api/swx/customer/login/sendCode', { body: { email: 'bob@example.com', purpose: 'register' } });
    const { code } = await lastCodeMailedTo(t.dataDir, 'bob@example.com');
    const res = await api.post('/api/swx/customer/login/register', {
      body: { userName: 'ALICE_1', email: 'bob@example.com', password: 'long enough pw', code },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('10006');
  });
});
