import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootstrapAdminPassword,
  client,
  login,
  registerUser,
  secureAdmin,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import { createAdmin } from './service.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  // A secured superadmin of its own: the bootstrap `admin` stays at its first sign-in for the tests below.
  superToken = (await secureAdmin(t, 'superadmin')).token;
});
afterAll(async () => t.close());

type UserInfo = { id: string; userName: string; email: string; status: number };
type AuditRow = {
  id: string;
  adminId: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string | null;
};

const asAdmin = (token = superToken) => client(t.app, { token });
const setStatus = (userId: string, body: Record<string, unknown>, token = superToken) =>
  asAdmin(token).post<UserInfo>(`/admin/api/users/${userId}/status`, { body });

describe('back-office bootstrap', () => {
  it('writes the first admin password to DATA_DIR/admin-password.txt readable by the owner only', async () => {
    const file = path.join(t.dataDir, 'admin-password.txt');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await bootstrapAdminPassword(t.dataDir)).toMatch(/^[\w-]{20,}$/);
  });

  it('logs in as admin with that password, as a superadmin who must change it first', async () => {
    const password = await bootstrapAdminPassword(t.dataDir);
    const res = await client(t.app).post<{ token: string; admin: { userName: string; role: string } }>(
      '/admin/api/login',
      { body: { userName: 'admin', password } },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.admin).toMatchObject({
      userName: 'admin',
      role: 'superadmin',
      mustChangePassword: true,
      totpEnrolled: false,
    });
    expect(res.body.result.token).toMatch(/^[\w-]{43,}$/);
  });

  it('refuses admin login with a wrong password', async () => {
    const res = await client(t.app).post('/admin/api/login', {
      body: { userName: 'admin', password: 'guessing' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: '10004', message: 'Incorrect username or password', result: null });
  });

  it('answers 401 to admin calls with a forged admin token', async () => {
    const res = await asAdmin('forged-admin-token-forged-admin-token').get('/admin/api/users');
    expect(res.status).toBe(401);
  });
});

describe('GET /admin/api/users', () => {
  it('lists customers, newest first, filtered by a keyword on name or email', async () => {
    await registerUser(t, 'kw_match_one');
    await registerUser(t, 'kw_other');
    const all = await asAdmin().get<{ list: UserInfo[]; total: number }>('/admin/api/users');
    expect(all.status).toBe(200);
    expect(all.body.result.total).toBeGreaterThanOrEqual(2);
    const filtered = await asAdmin().get<{ list: UserInfo[]; total: number; page: number; size: number }>(
      '/admin/api/users',
      { query: { keyword: 'MATCH_ONE' } },
    );
    expect(filtered.body.result).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(filtered.body.result.list.map((u) => u.userName)).toEqual(['kw_match_one']);
  });

  it('treats % and _ in the keyword as plain characters', async () => {
    const res = await asAdmin().get<{ total: number }>('/admin/api/users', { query: { keyword: '%' } });
    expect(res.status).toBe(200);
    expect(res.body.result.total).toBe(0);
  });
});

describe('POST /admin/api/users/{id}/status', () => {
  it('disables a customer with a reason and ends their sessions', async () => {
    const u = await registerUser(t, 'st_disable');
    const res = await setStatus(u.id, { status: 2, reason: 'chargeback investigation' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: u.id, status: 2 });
    const info = await client(t.app, { token: u.token }).post('/api/swx/customer/user/getUserInfo');
    expect(info.status).toBe(401);
    expect((await login(t, u.userName, u.password)).body.code).toBe('10005');
  });

  it('writes an audit row with before, after and the reason, visible in GET /admin/api/audit', async () => {
    const u = await registerUser(t, 'st_audit');
    await setStatus(u.id, { status: 2, reason: 'suspicious deposits' });
    const res = await asAdmin().get<{ list: AuditRow[]; total: number }>('/admin/api/audit');
    expect(res.status).toBe(200);
    const row = res.body.result.list.find((r) => r.target === `user:${u.id}`);
    expect(row).toMatchObject({
      action: 'user.disable',
      before: { status: 1 },
      after: { status: 2 },
      reason: 'suspicious deposits',
    });
  });

  it('enables a disabled customer again, who can then log in', async () => {
    const u = await registerUser(t, 'st_enable');
    await setStatus(u.id, { status: 2, reason: 'review' });
    const res = await setStatus(u.id, { status: 1, reason: 'review cleared' });
    expect(res.body.result.status).toBe(1);
    const again = await login(t, u.userName, u.password);
    expect(again.status).toBe(200);
    const audit = await asAdmin().get<{ list: AuditRow[] }>('/admin/api/audit');
    expect(audit.body.result.list.find((r) => r.target === `user:${u.id}`)).toMatchObject({
      action: 'user.enable',
      before: { status: 2 },
      after: { status: 1 },
      reason: 'review cleared',
    });
  });

  it('refuses a missing reason with 400 on the reason field', async () => {
    const u = await registerUser(t, 'st_noreason');
    const res = await setStatus(u.id, { status: 2 });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { reason: 'This field is required' } });
    expect((await client(t.app, { token: u.token }).post('/api/swx/customer/user/getUserInfo')).status).toBe(
      200,
    );
  });

  it('refuses a blank reason with 400 on the reason field', async () => {
    const u = await registerUser(t, 'st_blank');
    const res = await setStatus(u.id, { status: 2, reason: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { reason: 'This field is required' } });
  });

  it('answers 404 with 10009 for an unknown user id', async () => {
    const res = await setStatus('987654321', { status: 2, reason: 'no one' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('10009');
  });
});

describe('back-office access', () => {
  it('answers 401 to a customer token on every admin call', async () => {
    const u = await registerUser(t, 'cust_in_admin');
    const api = client(t.app, { token: u.token });
    const answers = await Promise.all([
      api.get('/admin/api/users'),
      api.post(`/admin/api/users/${u.id}/status`, { body: { status: 2, reason: 'self' } }),
      api.get('/admin/api/audit'),
      api.get('/admin/api/ledger/audit'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(answers.every((a) => a.body.code === '401')).toBe(true);
  });

  it('answers 403 to a support admin changing a customer status, and lets it read users', async () => {
    await createAdmin(t.ctx, 'support_1', 'support password 1', 'support');
    const res = await client(t.app).post<{ token: string }>('/admin/api/login', {
      body: { userName: 'support_1', password: 'support password 1' },
    });
    const supportToken = res.body.result.token;
    const u = await registerUser(t, 'st_support');
    const denied = await setStatus(u.id, { status: 2, reason: 'not mine to do' }, supportToken);
    expect(denied.status).toBe(403);
    expect(denied.body.result).toBeNull();
    expect((await asAdmin(supportToken).get('/admin/api/users')).status).toBe(200);
  });

  it('answers the admin token 401 on customer calls', async () => {
    const res = await client(t.app, { token: superToken }).post('/api/swx/customer/user/getUserInfo');
    expect(res.status).toBe(401);
  });
});

describe('GET /admin/api/ledger/audit', () => {
  it('answers balanced: true after sign-ups minted demo money', async () => {
    await registerUser(t, 'ledger_one');
    const res = await asAdmin().get<{
      balanced: boolean;
      entryCount: number;
      negativeCustomerAccounts: number;
    }>('/admin/api/ledger/audit');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
    expect(res.body.result.entryCount).toBeGreaterThanOrEqual(1);
  });
});
