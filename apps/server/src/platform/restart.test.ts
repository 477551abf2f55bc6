// A restart keeps users and sessions: two apps, one after the other, on the same durable store
// (a PGlite directory, or the same PostgreSQL database when TEST_DATABASE_URL is set).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import type { Config } from './config.ts';
import { client, durableStore, login, registerUser } from '../test/harness.ts';

let store: Awaited<ReturnType<typeof durableStore>>;
let config: Config;
let user: Awaited<ReturnType<typeof registerUser>>;
let adminPasswordBefore: string;
let second: App;

beforeAll(async () => {
  store = await durableStore();
  config = store.config;
  const first = await buildApp(config);
  user = await registerUser({ app: first.app, dataDir: config.dataDir }, 'survivor');
  adminPasswordBefore = await readFile(path.join(config.dataDir, 'admin-password.txt'), 'utf8');
  await first.app.close();
  second = await buildApp(config);
});
afterAll(async () => {
  await second.app.close();
  await store.dispose();
});

describe('after a restart', () => {
  it('the user still logs in with their password', async () => {
    const res = await login(second, user.userName, user.password);
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo.id).toBe(user.id);
  });

  it('the token issued before the restart still works', async () => {
    const res = await client(second.app, { token: user.token }).post<{ userName: string; balance: string }>(
      '/api/swx/customer/user/getUserInfo',
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ userName: 'survivor', balance: '100000' });
  });

  it('the taken user name is still taken', async () => {
    const res = await client(second.app).get('/api/swx/customer/login/checkUserNameOrPhone', {
      query: { userName: 'SURVIVOR' },
    });
    expect(res.body.code).toBe('10006');
  });

  it('no second admin is bootstrapped: the password file is unchanged and still logs in (to be changed)', async () => {
    const after = await readFile(path.join(config.dataDir, 'admin-password.txt'), 'utf8');
    expect(after).toBe(adminPasswordBefore);
    const res = await client(second.app).post('/admin/api/login', {
      body: { userName: 'admin', password: after.trim() },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ admin: { mustChangePassword: true } });
  });
});
