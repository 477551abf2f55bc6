import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { client, registerUser, startTestApp, type TestApp, secureAdmin } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const base = '/api/swx/customer/user';

async function adminToken(name: string, role: 'finance' | 'superadmin') {
  return (await secureAdmin(t, role, { userName: name })).token;
}

describe('ledger', () => {
  it('opens a demo book of 100,000 USDT from the demo mint and an empty real book', async () => {
    const u = await registerUser(t);
    const demo = await client(t.app, { token: u.token }).post<{ balance: string }>(`${base}/getUserInfo`);
    const real = await client(t.app, { token: u.token, book: 'YES' }).post<{ balance: string }>(
      `${base}/getUserInfo`,
    );
    expect(demo.body.result.balance).toBe('100000');
    expect(real.body.result.balance).toBe('0');
    const records = await client(t.app, { token: u.token }).get<{ list: { kind: string; amount: string }[] }>(
      `${base}/listFundRecord`,
    );
    expect(records.body.result.list).toEqual([
      expect.objectContaining({ kind: 'demo_mint', amount: '100000', balanceAfter: '100000' }),
    ]);
  });

  it('refuses to update or delete a posting', async () => {
    await registerUser(t);
    await expect(t.ctx.db.execute(sql`update postings set amount_minor = 0`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from journal_entries`)).rejects.toThrow();
  });

  it('resets the demo book to 100,000 after an adjustment', async () => {
    const u = await registerUser(t);
    const a = await adminToken('fin_a', 'finance');
    const b = await adminToken('fin_b', 'finance');
    const req = await client(t.app, { token: a }).post<{ id: string }>('/admin/api/adjustments', {
      body: { userId: u.id, book: 'demo', amount: '-2500.5', reason: 'test' },
    });
    expect(req.body.code).toBe('200');
    const self = await client(t.app, { token: a }).post(
      `/admin/api/adjustments/${req.body.result.id}/approve`,
    );
    expect(self.status).toBe(403);
    const approved = await client(t.app, { token: b }).post(
      `/admin/api/adjustments/${req.body.result.id}/approve`,
    );
    expect(approved.body.code).toBe('200');
    const api = client(t.app, { token: u.token });
    expect((await api.post<{ balance: string }>(`${base}/getUserInfo`)).body.result.balance).toBe('97499.5');
    await api.post(`${base}/resetDemo`);
    expect((await api.post<{ balance: string }>(`${base}/getUserInfo`)).body.result.balance).toBe('100000');
    const notes = await api.get<{ unread: number }>(`${base}/listNotification`);
    expect(notes.body.result.unread).toBe(1);
    const audit = await client(t.app, { token: b }).get<{
      balanced: boolean;
      negativeCustomerAccounts: number;
    }>('/admin/api/ledger/audit');
    expect(audit.body.result).toMatchObject({
      balanced: true,
      negativeCustomerAccounts: 0,
      accountsMatchingPostings: true,
    });
  });

  it('refuses an adjustment that would overdraw', async () => {
    const u = await registerUser(t);
    const a = await adminToken('fin_c', 'finance');
    const b = await adminToken('fin_d', 'superadmin');
    const req = await client(t.app, { token: a }).post<{ id: string }>('/admin/api/adjustments', {
      body: { userId: u.id, book: 'real', amount: '-1', reason: 'overdraw' },
    });
    const res = await client(t.app, { token: b }).post(
      `/admin/api/adjustments/${req.body.result.id}/approve`,
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('10011');
  });

  it('lists fund records of one category or kind, paged, and refuses a category or kind not in the contract', async () => {
    const u = await registerUser(t);
    const [a, b] = [await adminToken('fin_e', 'finance'), await adminToken('fin_f', 'finance')];
    const req = await client(t.app, { token: a }).post<{ id: string }>('/admin/api/adjustments', {
      body: { userId: u.id, book: 'demo', amount: '-12.5', reason: 'category filter' },
    });
    await client(t.app, { token: b }).post(`/admin/api/adjustments/${req.body.result.id}/approve`);
    const api = client(t.app, { token: u.token });
    await api.post(`${base}/resetDemo`);
    type Records = { list: { kind: string; amount: string }[]; total: number };
    const records = async (query: Record<string, string>) => {
      const res = await api.get<Records>(`${base}/listFundRecord`, { query });
      return {
        status: res.status,
        kinds: res.body.result?.list?.map((r) => r.kind),
        total: res.body.result?.total,
      };
    };
    expect((await records({})).kinds).toEqual(['demo_reset', 'adjustment', 'demo_mint']);
    expect(await records({ category: 'demo' })).toMatchObject({
      kinds: ['demo_reset', 'demo_mint'],
      total: 2,
    });
    expect(await records({ category: 'demo', size: '1', page: '2' })).toMatchObject({
      kinds: ['demo_mint'],
      total: 2,
    });
    expect((await records({ category: 'adjustments' })).kinds).toEqual(['adjustment']);
    expect((await records({ category: 'contracts' })).kinds).toEqual([]);
    expect((await records({ kind: 'demo_mint' })).kinds).toEqual(['demo_mint']);
    expect((await records({ kind: 'demo_mint', category: 'adjustments' })).kinds).toEqual([]);
    expect((await records({ category: 'bonuses' })).status).toBe(400);
    expect((await records({ kind: 'loan_penalty' })).status).toBe(400);
    // The back office's view of the same book filters alike.
    const staff = await client(t.app, { token: a }).get<Records>(
      `/admin/api/customers/${u.id}/fund-records`,
      {
        query: { book: 'demo', category: 'demo' },
      },
    );
    expect(staff.body.result.list.map((r) => r.kind)).toEqual(['demo_reset', 'demo_mint']);
  });
});
