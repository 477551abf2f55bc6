// Four-eyes balance adjustments: request, approve, reject, cancel, and the two limits, on the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Adjustment } from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { auditLedger } from '../ledger/service.ts';
import { setParam } from '../settings/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { approverNeeded } from './adjustments.ts';

let t: TestApp;
let asker: string;
let checker: string;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp();
  [asker, checker, superadmin] = [
    await adminLogin(t, 'finance'),
    await adminLogin(t, 'finance'),
    await adminLogin(t, 'superadmin'),
  ];
});
afterAll(async () => t.close());

const api = (token: string) => client(t.app, { token });
const user = '/api/swx/customer/user';

async function ask(token: string, body: Record<string, unknown>) {
  return api(token).post<Adjustment>('/admin/api/adjustments', { body });
}
async function pending(amount: string, book: 'demo' | 'real' = 'demo') {
  const u = await registerUser(t);
  const res = await ask(asker, { userId: u.id, book, amount, reason: 'goodwill credit' });
  expect(res.body.code).toBe('200');
  return { u, a: res.body.result };
}
const decide = (token: string, id: string, how: 'approve' | 'reject' | 'cancel', body?: unknown) =>
  api(token).post<Adjustment>(`/admin/api/adjustments/${id}/${how}`, body === undefined ? {} : { body });
const demoBalance = async (token: string) =>
  (await client(t.app, { token }).post<{ balance: string }>(`${user}/getUserInfo`)).body.result.balance;
async function entriesFor(id: string) {
  return t.ctx.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.ref, `adjustment:${id}`));
}
async function auditOf(id: string) {
  const res = await api(superadmin).get<{
    list: { action: string; target: string; reason: string | null; after: unknown }[];
  }>('/admin/api/audit', { query: { size: '100' } });
  return res.body.result.list.filter((r) => r.target === `adjustment:${id}`);
}

describe('adjustment requests', () => {
  it('a request is pending, posts nothing and is listed with its requester', async () => {
    const { u, a } = await pending('25.5');
    expect(a).toMatchObject({
      status: 'pending',
      amount: '25.5',
      book: 'demo',
      decidedBy: null,
      entryId: null,
    });
    expect(await demoBalance(u.token)).toBe('100000');
    expect(await entriesFor(a.id)).toEqual([]);
    const list = await api(checker).get<{ list: Adjustment[] }>('/admin/api/adjustments', {
      query: { status: 'pending', size: '100' },
    });
    expect(list.body.result.list.find((x) => x.id === a.id)).toMatchObject({ requestedBy: a.requestedBy });
  });

  it('refuses a zero amount and an unknown customer', async () => {
    const u = await registerUser(t);
    const zero = await ask(asker, { userId: u.id, book: 'demo', amount: '0', reason: 'nothing' });
    expect(zero.status).toBe(400);
    const nobody = await ask(asker, { userId: '987654321', book: 'demo', amount: '1', reason: 'nobody' });
    expect(nobody.body.code).toBe('10009');
  });
});

describe('approving an adjustment', () => {
  it('a second admin approves: posted once, notified, audited with the note', async () => {
    const { u, a } = await pending('40');
    const res = await decide(checker, a.id, 'approve', { note: 'ticket 81' });
    expect(res.body).toMatchObject({
      code: '200',
      result: { status: 'approved', decidedBy: expect.any(String), entryId: expect.any(String) },
    });
    expect(await demoBalance(u.token)).toBe('100040');
    expect(await entriesFor(a.id)).toHaveLength(1);
    const notes = await client(t.app, { token: u.token }).get<{ list: { kind: string }[] }>(
      `${user}/listNotification`,
    );
    expect(notes.body.result.list[0]?.kind).toBe('balanceAdjusted');
    expect((await auditOf(a.id)).map((r) => [r.action, r.reason])).toEqual([
      ['adjustment.approve', 'ticket 81'],
      ['adjustment.request', 'goodwill credit'],
    ]);
  });

  it('the requester cannot approve their own request (10019), which stays pending', async () => {
    const { a } = await pending('10');
    const self = await decide(asker, a.id, 'approve');
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('10019');
    const list = await api(asker).get<{ list: Adjustment[] }>('/admin/api/adjustments', {
      query: { status: 'pending', size: '100' },
    });
    expect(list.body.result.list.some((x) => x.id === a.id)).toBe(true);
  });

  it('a support admin may read adjustments but not decide them (403)', async () => {
    const support = await adminLogin(t, 'support');
    const { a } = await pending('10');
    expect((await decide(support, a.id, 'approve')).status).toBe(403);
    expect((await decide(support, a.id, 'reject', { reason: 'no' })).status).toBe(403);
    expect((await api(support).get('/admin/api/adjustments')).status).toBe(200);
  });

  it('a debit larger than the real balance is refused with 10011 and stays pending, with no audit row', async () => {
    const { a } = await pending('-1', 'real');
    const res = await decide(checker, a.id, 'approve');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('10011');
    expect((await auditOf(a.id)).map((r) => r.action)).toEqual(['adjustment.request']);
    expect((await decide(checker, a.id, 'reject', { reason: 'would overdraw' })).body.code).toBe('200');
  });
});

describe('rejecting an adjustment', () => {
  it('a second admin rejects with a reason: nothing posted, the customer is not told', async () => {
    const { u, a } = await pending('75');
    const res = await decide(checker, a.id, 'reject', { reason: 'duplicate of an earlier credit' });
    expect(res.body.result).toMatchObject({
      status: 'rejected',
      decisionReason: 'duplicate of an earlier credit',
      entryId: null,
    });
    expect(await demoBalance(u.token)).toBe('100000');
    expect(await entriesFor(a.id)).toEqual([]);
    const notes = await client(t.app, { token: u.token }).get<{ unread: number }>(`${user}/listNotification`);
    expect(notes.body.result.unread).toBe(0);
    expect((await auditOf(a.id))[0]).toMatchObject({
      action: 'adjustment.reject',
      reason: 'duplicate of an earlier credit',
    });
  });

  it('a rejection needs a reason (400) and another admin than the requester (10019)', async () => {
    const { a } = await pending('5');
    expect((await decide(checker, a.id, 'reject', {})).status).toBe(400);
    expect((await decide(checker, a.id, 'reject', { reason: '  ' })).status).toBe(400);
    const self = await decide(asker, a.id, 'reject', { reason: 'changed my mind' });
    expect(self.body.code).toBe('10019');
  });

  it('a rejected adjustment cannot be approved afterwards (10020)', async () => {
    const { u, a } = await pending('5');
    await decide(checker, a.id, 'reject', { reason: 'no ticket' });
    const late = await decide(superadmin, a.id, 'approve');
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('10020');
    expect(await demoBalance(u.token)).toBe('100000');
  });
});

describe('cancelling an adjustment', () => {
  it('the requester cancels a pending request: voided, nothing posted, audited', async () => {
    const { u, a } = await pending('12');
    const res = await decide(asker, a.id, 'cancel', { reason: 'wrong customer' });
    expect(res.body.result).toMatchObject({
      status: 'voided',
      decidedBy: a.requestedBy,
      decisionReason: 'wrong customer',
    });
    expect(await demoBalance(u.token)).toBe('100000');
    expect((await auditOf(a.id))[0]).toMatchObject({ action: 'adjustment.void', reason: 'wrong customer' });
  });

  it('a cancel needs no reason', async () => {
    const { a } = await pending('12');
    const res = await decide(asker, a.id, 'cancel');
    expect(res.body.result).toMatchObject({ status: 'voided', decisionReason: null });
  });

  it('only the requester may cancel (10019)', async () => {
    const { a } = await pending('12');
    const other = await decide(checker, a.id, 'cancel');
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('10019');
  });

  it('an approved adjustment cannot be cancelled (10020) and stays posted', async () => {
    const { u, a } = await pending('9');
    await decide(checker, a.id, 'approve');
    expect((await decide(asker, a.id, 'cancel')).body.code).toBe('10020');
    expect(await demoBalance(u.token)).toBe('100009');
  });

  it('an approval racing the cancel decides once', async () => {
    const { u, a } = await pending('33');
    const both = await Promise.all([decide(checker, a.id, 'approve'), decide(asker, a.id, 'cancel')]);
    expect(both.map((r) => r.body.code).sort()).toEqual(['10020', '200']);
    const approved = both[0]?.body.code === '200';
    expect(await demoBalance(u.token)).toBe(approved ? '100033' : '100000');
    expect(await entriesFor(a.id)).toHaveLength(approved ? 1 : 0);
  });

  it('answers 10111 for an unknown adjustment', async () => {
    expect((await decide(asker, '987654321', 'cancel')).status).toBe(404);
    expect((await decide(checker, '987654321', 'approve')).body.code).toBe('10111');
  });
});

describe('adjustment limits', () => {
  // The defaults: 10,000 USDT for any finance admin, 1,000,000 USDT for a superadmin.
  it('answers the limits in force', async () => {
    const res = await api(asker).get('/admin/api/adjustments/limits');
    expect(res.body.result).toEqual({ amountMax: '10000', amountMaxSuperadmin: '1000000' });
  });

  it('a finance admin approves an adjustment of exactly the limit, in either direction', async () => {
    const { u, a } = await pending('10000');
    expect((await decide(checker, a.id, 'approve')).body.code).toBe('200');
    const debit = await ask(asker, { userId: u.id, book: 'demo', amount: '-10000', reason: 'reverse' });
    expect((await decide(checker, debit.body.result.id, 'approve')).body.code).toBe('200');
    expect(await demoBalance(u.token)).toBe('100000');
  });

  it('above the limit only a superadmin may approve (10126); it stays pending until one does', async () => {
    const { u, a } = await pending('10000.000001');
    const finance = await decide(checker, a.id, 'approve');
    expect(finance.status).toBe(403);
    expect(finance.body).toMatchObject({ code: '10126', message: expect.stringContaining('10000 USDT') });
    expect(await demoBalance(u.token)).toBe('100000');
    expect((await decide(superadmin, a.id, 'approve')).body.code).toBe('200');
    expect(await demoBalance(u.token)).toBe('110000.000001');
  });

  it('a debit above the limit needs a superadmin too', async () => {
    const { a } = await pending('-20000');
    expect((await decide(checker, a.id, 'approve')).body.code).toBe('10126');
  });

  it('a request above the superadmin limit is refused to everyone (10125) and stores nothing', async () => {
    const u = await registerUser(t);
    for (const amount of ['1000000.000001', '-9200000000000', '9200000000000']) {
      const res = await ask(superadmin, { userId: u.id, book: 'real', amount, reason: 'fat finger' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: '10125', message: expect.stringContaining('1000000 USDT') });
    }
    const list = await api(superadmin).get<{ list: Adjustment[] }>('/admin/api/adjustments', {
      query: { size: '100' },
    });
    expect(list.body.result.list.some((x) => x.userId === u.id)).toBe(false);
  });

  it('a lowered limit applies to requests still pending', async () => {
    const { a } = await pending('500');
    const now = new Date(t.clock.now());
    await setParam(t.ctx.db, 'adjustment_amount_max_superadmin', '400', now);
    await setParam(t.ctx.db, 'adjustment_amount_max', '100', now);
    try {
      const res = await decide(superadmin, a.id, 'approve');
      expect(res.body.code).toBe('10125');
      expect((await decide(superadmin, a.id, 'reject', { reason: 'over the new limit' })).body.code).toBe(
        '200',
      );
    } finally {
      await setParam(t.ctx.db, 'adjustment_amount_max', '10000', now);
      await setParam(t.ctx.db, 'adjustment_amount_max_superadmin', '1000000', now);
    }
  });

  it('names who may approve each amount', () => {
    const limits = { amountMaxMinor: 100n, amountMaxSuperadminMinor: 1000n };
    expect(approverNeeded(100n, limits)).toBe('any');
    expect(approverNeeded(-100n, limits)).toBe('any');
    expect(approverNeeded(101n, limits)).toBe('superadmin');
    expect(approverNeeded(-1000n, limits)).toBe('superadmin');
    expect(approverNeeded(1001n, limits)).toBe('nobody');
    expect(approverNeeded(-1001n, limits)).toBe('nobody');
  });

  it('leaves the ledger balanced after all of the above', async () => {
    expect(await auditLedger(t.ctx.db)).toMatchObject({
      balanced: true,
      negativeCustomerAccounts: 0,
      accountsMatchingPostings: true,
    });
  });
});
