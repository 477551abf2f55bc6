import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerUser, startTestApp, type TestApp, secureAdmin } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function adminToken(name: string) {
  return (await secureAdmin(t, 'finance', { userName: name })).token;
}

describe('back office', () => {
  it('lists pending adjustments and names the admin on audit rows', async () => {
    const u = await registerUser(t);
    const token = await adminToken('fin_list');
    const api = client(t.app, { token });
    await api.post('/admin/api/adjustments', {
      body: { userId: u.id, book: 'demo', amount: '5', reason: 'goodwill' },
    });
    const pending = await api.get<{ list: { status: string; amount: string }[] }>('/admin/api/adjustments', {
      query: { status: 'pending' },
    });
    expect(pending.body.result.list).toEqual([expect.objectContaining({ status: 'pending', amount: '5' })]);
    const audit = await api.get<{ list: { adminUserName: string; action: string }[] }>('/admin/api/audit');
    expect(audit.body.result.list[0]).toMatchObject({
      adminUserName: 'fin_list',
      action: 'adjustment.request',
    });
  });

  it('ends the admin session on logout', async () => {
    const token = await adminToken('fin_out');
    const api = client(t.app, { token });
    expect((await api.post('/admin/api/logout')).status).toBe(200);
    expect((await api.get('/admin/api/users')).status).toBe(401);
  });
});
