import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycStatuses } from '@tradewind/contract';
import { eq, sql } from 'drizzle-orm';
import { auditLedger } from '../ledger/service.ts';
import { params } from '../settings/tables.ts';
import { queryRows } from '../platform/db.ts';
import { parseDecimal } from '@tradewind/contract/money';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { withdrawals } from './withdraw-tables.ts';
import {
  adminLogin,
  base,
  payoutApproval,
  platformBalance,
  realBalances,
  setKycStatus,
  withdraw,
  withdrawer,
  type Withdrawer,
} from './withdraw-testing.ts';

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await startTestApp();
  finance = await adminLogin(t, 'finance');
});
afterAll(async () => t.close());

type Item = {
  id: string;
  status: string;
  amount: string;
  fee: string;
  feeRate: string;
  netAmount: string;
  reason?: string;
  reviewedAt?: number;
};
const review = (token: string) => client(t.app, { token });
const approve = (id: string, token = finance) =>
  review(token).post<Item>(`/admin/api/reviews/withdrawals/${id}/approve`, { body: payoutApproval() });
const reject = (id: string, reason: string, token = finance) =>
  review(token).post<Item>(`/admin/api/reviews/withdrawals/${id}/reject`, { body: { reason } });
const minor = (decimal: string) => parseDecimal(decimal, 6);
const list = (w: Withdrawer) => w.api.get<{ list: Item[]; total: number }>(`${base}/listWithdrwal`);

describe('withdrawal terms', () => {
  it('quotes the fee, the rate, the net amount and the minimums before confirmation', async () => {
    const w = await withdrawer(t, '0');
    const res = await w.api.get(`${base}/withdrawalQuote`, { query: { amount: '300' } });
    expect(res.body).toEqual({
      code: '200',
      message: 'Success',
      result: { amount: '300', fee: '3', feeRate: '0.01', netAmount: '297', minAmount: '10', minFee: '1' },
    });
    // 1 % of 150.00015 is 1.5000015: 1.5 minor units round half to even, up to 1.500002.
    const odd = await w.api.get(`${base}/withdrawalQuote`, { query: { amount: '150.00015' } });
    expect(odd.body.result).toMatchObject({ fee: '1.500002', netAmount: '148.500148' });
  });

  it('charges the minimum fee when the rate would charge less', async () => {
    const w = await withdrawer(t, '0');
    const res = await w.api.get(`${base}/withdrawalQuote`, { query: { amount: '30' } });
    expect(res.body.result).toMatchObject({ amount: '30', fee: '1', feeRate: '0.01', netAmount: '29' });
  });

  it('refuses a zero, negative, over-precise or non-numeric amount with a field message', async () => {
    const w = await withdrawer(t);
    for (const amount of ['0', '0.000000', '-1', '1.0000001', 'abc', '1e3']) {
      const res = await withdraw(w, { amount });
      expect(res.status, amount).toBe(400);
      expect(res.body.result).toEqual({ fields: { amount: expect.any(String) } });
    }
    const quote = await w.api.get(`${base}/withdrawalQuote`, { query: { amount: '0' } });
    expect(quote.status).toBe(400);
    expect(await realBalances(t, w.id)).toEqual({ cash: '100', hold: '0' });
  });

  it('uses the rate in force when the withdrawal is placed and keeps it on the row', async () => {
    const w = await withdrawer(t);
    await t.ctx.db.update(params).set({ value: '0.025' }).where(eq(params.key, 'withdraw_fee_rate'));
    try {
      const res = await withdraw(w, { amount: '100' });
      expect(res.body.result).toMatchObject({
        amount: '100',
        fee: '2.5',
        feeRate: '0.025',
        netAmount: '97.5',
      });
    } finally {
      await t.ctx.db.update(params).set({ value: '0.01' }).where(eq(params.key, 'withdraw_fee_rate'));
    }
    expect((await list(w)).body.result.list[0]).toMatchObject({ feeRate: '0.025', fee: '2.5' });
  });
});

describe('who may withdraw', () => {
  it('refuses the demo book with 10101', async () => {
    const w = await withdrawer(t);
    const res = await client(t.app, { token: w.token, book: 'NO' }).post(`${base}/withdrawal`, {
      body: { methodId: w.methodId, amount: '10', password: w.password, quotedFee: '1' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('10101');
  });

  it('refuses a customer without verified identity with 10022', async () => {
    const w = await withdrawer(t);
    for (const status of [kycStatuses.none, kycStatuses.pending, kycStatuses.failed]) {
      await setKycStatus(t.ctx.db, w.id, status);
      const res = await withdraw(w, { amount: '10' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('10022');
    }
  });

  it('asks for the login password (10036) and refuses a wrong one (10143 "Incorrect password"), holding nothing', async () => {
    const w = await withdrawer(t);
    expect((await withdraw(w, { amount: '10', password: '' })).body.code).toBe('10036');
    expect((await withdraw(w, { amount: '10', password: undefined })).body.code).toBe('10036');
    const wrong = await withdraw(w, { amount: '10', password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: '10143', message: 'Incorrect password' });
    expect(await realBalances(t, w.id)).toEqual({ cash: '100', hold: '0' });
  });

  it('does not use up the key on a mistyped password', async () => {
    const w = await withdrawer(t);
    const key = randomUUID();
    expect((await withdraw(w, { amount: '10', password: 'mistyped password' }, key)).body.code).toBe('10143');
    expect((await withdraw(w, { amount: '10' }, key)).body.code).toBe('200');
  });

  it('needs one of the customer’s own methods (10025)', async () => {
    const w = await withdrawer(t);
    const other = await withdrawer(t, '0');
    for (const methodId of [undefined, '999999', other.methodId]) {
      const res = await withdraw(w, { amount: '10', methodId });
      expect(res.status, String(methodId)).toBe(400);
      expect(res.body.code).toBe('10025');
    }
    expect(await realBalances(t, w.id)).toEqual({ cash: '100', hold: '0' });
  });

  it('refuses more than the balance with 20006 and writes no row', async () => {
    const w = await withdrawer(t, '50');
    const res = await withdraw(w, { amount: '50.000001' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('20006');
    expect(res.body.message).toBe('Withdrawal failed, insufficient funds');
    expect((await list(w)).body.result.total).toBe(0);
    expect(await realBalances(t, w.id)).toEqual({ cash: '50', hold: '0' });
    expect((await withdraw(w, { amount: '50' })).body.code).toBe('200'); // the whole balance is fine
  });

  it('requires an Idempotency-Key', async () => {
    const w = await withdrawer(t);
    const res = await w.api.post(`${base}/withdrawal`, {
      body: { methodId: w.methodId, amount: '10', password: w.password, quotedFee: '1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { 'Idempotency-Key': expect.any(String) } });
  });
});

describe('placing, approving and rejecting', () => {
  it('moves the amount from cash to the hold at once and answers 20003', async () => {
    const w = await withdrawer(t);
    const res = await withdraw(w, { amount: '30' });
    expect(res.body).toMatchObject({
      code: '200',
      message: 'Withdrawal added and submitted for review',
      result: {
        methodId: w.methodId,
        amount: '30',
        fee: '1',
        feeRate: '0.01',
        netAmount: '29',
        status: 'pending',
      },
    });
    expect(res.body.result).not.toHaveProperty('reviewedAt');
    expect(await realBalances(t, w.id)).toEqual({ cash: '70', hold: '30' });
    const info = await w.api.post<{ balance: string; frozen: string }>(`${base}/getUserInfo`);
    expect(info.body.result).toMatchObject({ balance: '70', frozen: '30' });
    const records = await w.api.get<{ list: { kind: string; amount: string; ref: string }[] }>(
      `${base}/listFundRecord`,
    );
    expect(records.body.result.list[0]).toMatchObject({
      kind: 'withdrawal_hold',
      amount: '-30',
      balanceAfter: '70',
      ref: `withdrawal:${res.body.result.id}`,
    });
    expect((await list(w)).body.result).toMatchObject({
      total: 1,
      list: [{ id: res.body.result.id, status: 'pending' }],
    });
  });

  it('approval pays the net out through clearing and the fee to income, once, audited and notified', async () => {
    const w = await withdrawer(t, '1000');
    const placed = await withdraw(w, { amount: '400' });
    const clearing = await platformBalance(t, 'withdrawals_clearing');
    const income = await platformBalance(t, 'fee_income');
    const res = await approve(placed.body.result.id);
    expect(res.body).toMatchObject({
      code: '200',
      result: { status: 'approved', amount: '400', fee: '4', reviewedAt: expect.any(Number) },
    });
    expect(await realBalances(t, w.id)).toEqual({ cash: '600', hold: '0' });
    expect(minor(await platformBalance(t, 'withdrawals_clearing')) - minor(clearing)).toBe(minor('396'));
    expect(minor(await platformBalance(t, 'fee_income')) - minor(income)).toBe(minor('4'));
    expect((await list(w)).body.result.list[0]).toMatchObject({
      status: 'approved',
      reviewedAt: expect.any(Number),
    });

    const again = await approve(placed.body.result.id);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('10020');
    expect((await reject(placed.body.result.id, 'too late')).body.code).toBe('10020');

    const notes = await w.api.get<{ list: { kind: string; body: string }[] }>(`${base}/listNotification`);
    expect(notes.body.result.list[0]).toMatchObject({
      kind: 'withdrawalApproved',
      body: expect.stringContaining('Fee: 4.00 USDT'),
    });
    const audit = await review(finance).get<{ list: { action: string; target: string }[] }>(
      '/admin/api/audit',
    );
    expect(audit.body.result.list.filter((a) => a.target === `withdrawal:${placed.body.result.id}`)).toEqual([
      expect.objectContaining({ action: 'withdrawal.approve' }),
    ]);
    const entries = await queryRows<{ kind: string }>(
      t.ctx.db,
      sql`select kind from journal_entries where ref = ${`withdrawal:${placed.body.result.id}`} order by id`,
    );
    expect(entries.map((e) => e.kind)).toEqual(['withdrawal_hold', 'withdrawal_payout']);
  });

  it('rejection returns the hold to cash with the reason, audited and notified', async () => {
    const w = await withdrawer(t);
    const placed = await withdraw(w, { amount: '25.5' });
    const res = await reject(placed.body.result.id, 'address on a sanctions list');
    expect(res.body).toMatchObject({
      code: '200',
      result: { status: 'rejected', reason: 'address on a sanctions list' },
    });
    expect(await realBalances(t, w.id)).toEqual({ cash: '100', hold: '0' });
    const records = await w.api.get<{ list: { kind: string; amount: string }[] }>(`${base}/listFundRecord`);
    expect(records.body.result.list.slice(0, 2)).toMatchObject([
      { kind: 'withdrawal_release', amount: '25.5', balanceAfter: '100' },
      { kind: 'withdrawal_hold', amount: '-25.5', balanceAfter: '74.5' },
    ]);
    expect((await list(w)).body.result.list[0]).toMatchObject({
      status: 'rejected',
      reason: 'address on a sanctions list',
    });
    const notes = await w.api.get<{ list: { kind: string; body: string }[] }>(`${base}/listNotification`);
    expect(notes.body.result.list[0]).toMatchObject({
      kind: 'withdrawalRejected',
      body: expect.stringContaining('sanctions'),
    });
    expect((await approve(placed.body.result.id)).body.code).toBe('10020');
    expect((await approve('987654321')).status).toBe(404);
    const audit = await auditLedger(t.ctx.db);
    expect(audit).toMatchObject({
      balanced: true,
      negativeCustomerAccounts: 0,
      accountsMatchingPostings: true,
    });
  });

  it('lists the queue for finance with the customer and the masked method, filtered by status', async () => {
    const w = await withdrawer(t);
    const saved = await w.api.post<{ id: string }>(`${base}/withdrawalType/save`, {
      body: {
        type: 'bank',
        bankName: 'Bank of Tests',
        holderName: 'Ada Lovelace',
        cardNumber: '4111 1111 1111 1111',
        password: w.password,
      },
    });
    const placed = await withdraw(w, { amount: '15', methodId: saved.body.result.id });
    const res = await review(finance).get<{
      list: (Item & { user: { id: string }; method: Record<string, string> })[];
    }>('/admin/api/reviews/withdrawals', { query: { status: 'pending', size: '100' } });
    const item = res.body.result.list.find((i) => i.id === placed.body.result.id);
    expect(item).toMatchObject({
      user: { id: w.id, userName: w.userName },
      method: { type: 'bank', cardMasked: '**** 1111', holderName: 'Ada Lovelace' },
    });
    expect(JSON.stringify(res.body)).not.toContain('4111111111111111');
    expect(res.body.result.list.every((i) => i.status === 'pending')).toBe(true);
    const bad = await review(finance).get('/admin/api/reviews/withdrawals', { query: { status: 'lost' } });
    expect(bad.status).toBe(400);
  });
});

describe('idempotency', () => {
  it('a replayed key posts once and answers the first answer', async () => {
    const w = await withdrawer(t);
    const key = randomUUID();
    const first = await withdraw(w, { amount: '10' }, key);
    const second = await withdraw(w, { amount: '10' }, key);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await list(w)).body.result.total).toBe(1);
    expect(await realBalances(t, w.id)).toEqual({ cash: '90', hold: '10' });
  });

  it('the same key with another body is refused with 10110', async () => {
    const w = await withdrawer(t);
    const key = randomUUID();
    await withdraw(w, { amount: '10' }, key);
    const res = await withdraw(w, { amount: '11' }, key);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('10110');
    expect((await list(w)).body.result.total).toBe(1);
  });

  it('a refused withdrawal replays its refusal and posts nothing later', async () => {
    const w = await withdrawer(t, '5');
    const key = randomUUID();
    expect((await withdraw(w, { amount: '10' }, key)).body.code).toBe('20006');
    const again = await withdraw(w, { amount: '10' }, key);
    expect(again.body.code).toBe('20006');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(
      await t.ctx.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, Number(w.id))),
    ).toEqual([]);
  });
});

describe('isolation and roles', () => {
  it('a customer never sees another customer’s withdrawals or methods', async () => {
    const a = await withdrawer(t);
    const b = await withdrawer(t, '0');
    await withdraw(a, { amount: '13' });
    expect((await list(b)).body.result).toMatchObject({ total: 0, list: [] });
    const methods = await b.api.post<{ id: string }[]>(`${base}/withdrawalType/list`);
    expect(methods.body.result.map((m) => m.id)).toEqual([b.methodId]);
    expect((await list(a)).body.result.total).toBe(1);
  });

  it('refuses a customer token at the back-office queue, and an admin without reviewMoney', async () => {
    const w = await withdrawer(t, '0');
    const asCustomer = await client(t.app, { token: w.token }).get('/admin/api/reviews/withdrawals');
    expect(asCustomer.status).toBe(401);
    const support = await adminLogin(t, 'support');
    const asSupport = await review(support).get('/admin/api/reviews/withdrawals');
    expect(asSupport.status).toBe(403);
    const placed = await withdraw(await withdrawer(t), { amount: '10' });
    expect((await approve(placed.body.result.id, support)).status).toBe(403);
    expect(
      (
        await client(t.app, { token: w.token }).post(
          `/admin/api/reviews/withdrawals/${placed.body.result.id}/approve`,
          { body: {} },
        )
      ).status,
    ).toBe(401);
  });

  it('needs a session for every withdrawal route', async () => {
    const anon = client(t.app);
    expect((await anon.post(`${base}/withdrawalType/list`)).status).toBe(401);
    expect((await anon.get(`${base}/listWithdrwal`)).status).toBe(401);
    expect((await anon.get(`${base}/withdrawalQuote`, { query: { amount: '1' } })).status).toBe(401);
    const u = await registerUser(t);
    expect((await client(t.app, { token: u.token }).get(`${base}/listWithdrwal`)).body.result).toMatchObject({
      total: 0,
    });
  });
});
