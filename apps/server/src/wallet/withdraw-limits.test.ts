// Withdrawal limits (issue 8 §8): dust withdrawals with a fee rounded to 0 jammed the review queue. A
// minimum amount and a minimum fee (parameters, disclosed in the quote) and a per-customer limit on pending
// withdrawals, kept under concurrency. On PostgreSQL (TEST_DATABASE_URL) the races run on separate
// connections; on PGlite they interleave.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLedger } from '../ledger/service.ts';
import { setParam } from '../settings/service.ts';
import { defaultParams } from '../settings/defaults.ts';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { withdrawals } from './withdraw-tables.ts';
import {
  adminLogin,
  base,
  payoutApproval,
  realBalances,
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

const limitKeys = ['withdraw_amount_min', 'withdraw_fee_min', 'withdraw_pending_max', 'withdraw_fee_rate'];
const setting = async (key: string, value: string) => setParam(t.ctx.db, key, value, new Date(t.clock.now()));
afterEach(async () => {
  for (const key of limitKeys) await setting(key, defaultParams[key] ?? '');
});

const quote = (w: Withdrawer, amount: string) =>
  w.api.get<Record<string, string>>(`${base}/withdrawalQuote`, { query: { amount } });

async function rowsOf(w: Withdrawer, status?: 'pending') {
  const mine = eq(withdrawals.userId, Number(w.id));
  return t.ctx.db
    .select()
    .from(withdrawals)
    .where(status ? and(mine, eq(withdrawals.status, status)) : mine);
}

async function expectLedgerSound() {
  expect(await auditLedger(t.ctx.db)).toMatchObject({
    balanced: true,
    negativeCustomerAccounts: 0,
    accountsMatchingPostings: true,
  });
}

describe('minimum amount and minimum fee', () => {
  it('the defaults are a 10 USDT minimum and a 1 USDT minimum fee, disclosed in every quote', async () => {
    const w = await withdrawer(t, '0');
    const res = await quote(w, '10');
    expect(res.body.result).toEqual({
      amount: '10',
      fee: '1',
      feeRate: '0.01',
      netAmount: '9',
      minAmount: '10',
      minFee: '1',
    });
  });

  it('refuses an amount below the minimum with 10120 (422) naming it, in the quote and at confirm, holding nothing', async () => {
    const w = await withdrawer(t, '100');
    const quoted = await quote(w, '9.999999');
    expect(quoted.status).toBe(422);
    expect(quoted.body).toEqual({
      code: '10120',
      message: 'Below the minimum withdrawal: the minimum is 10 USDT',
      result: null,
    });
    const res = await withdraw(w, { amount: '9.999999', quotedFee: '1' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('10120');
    expect(await rowsOf(w)).toEqual([]);
    expect(await realBalances(t, w.id)).toEqual({ cash: '100', hold: '0' });
    expect((await withdraw(w, { amount: '10' })).body).toMatchObject({
      code: '200',
      result: { amount: '10', fee: '1', netAmount: '9' },
    });
  });

  it('dust withdrawals of 0.000001 USDT never reach the review queue', async () => {
    const w = await withdrawer(t, '100');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(w, { amount: '0.000001', quotedFee: '0' })),
    );
    expect(new Set(answers.map((a) => a.body.code))).toEqual(new Set(['10120']));
    expect(await rowsOf(w)).toEqual([]);
    expect(await realBalances(t, w.id)).toEqual({ cash: '100', hold: '0' });
  });

  it('both minimums are operator parameters: the quote and the confirm follow them', async () => {
    const w = await withdrawer(t, '1000');
    await setting('withdraw_amount_min', '50');
    await setting('withdraw_fee_min', '2.5');
    expect((await quote(w, '49.99')).body.message).toBe(
      'Below the minimum withdrawal: the minimum is 50 USDT',
    );
    expect((await quote(w, '50')).body.result).toMatchObject({
      fee: '2.5',
      netAmount: '47.5',
      minAmount: '50',
      minFee: '2.5',
    });
    // Above 250 USDT the 1 % rate is more than the minimum fee.
    expect((await quote(w, '300')).body.result).toMatchObject({ fee: '3', netAmount: '297' });
    expect((await withdraw(w, { amount: '50' })).body.result).toMatchObject({ fee: '2.5' });
  });

  it('a malformed or inconsistent limit stops withdrawals with 10018 instead of guessing', async () => {
    const w = await withdrawer(t, '100');
    for (const [key, value] of [
      ['withdraw_amount_min', 'ten'],
      ['withdraw_fee_min', '-1'],
      ['withdraw_pending_max', '0'],
      ['withdraw_amount_min', '1'], // not above the minimum fee of 1: nothing would arrive
    ] as const) {
      await setting(key, value);
      const res = await quote(w, '20');
      expect(res.body.code, `${key}=${value}`).toBe('10018');
      expect((await withdraw(w, { amount: '20', quotedFee: '1' })).body.code).toBe('10018');
      await setting(key, defaultParams[key] ?? '');
    }
    expect(await rowsOf(w)).toEqual([]);
  });
});

describe('pending withdrawals per customer', () => {
  it('refuses a 6th pending withdrawal with 10121 (422) and accepts again once one is decided', async () => {
    const w = await withdrawer(t, '100');
    for (let i = 0; i < 5; i++) expect((await withdraw(w, { amount: '10' })).body.code).toBe('200');
    const over = await withdraw(w, { amount: '10' });
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      code: '10121',
      message: 'You already have 5 withdrawals waiting for review; please wait until one is decided',
      result: null,
    });
    expect(await realBalances(t, w.id)).toEqual({ cash: '50', hold: '50' });
    const [first] = await rowsOf(w, 'pending');
    const rejected = await client(t.app, { token: finance }).post(
      `/admin/api/reviews/withdrawals/${first?.id ?? 0}/reject`,
      { body: { reason: 'wrong address' } },
    );
    expect(rejected.body.code).toBe('200');
    expect((await withdraw(w, { amount: '10' })).body.code).toBe('200');
    expect(await rowsOf(w, 'pending')).toHaveLength(5);
  });

  it('counts only the customer’s own pending withdrawals', async () => {
    const a = await withdrawer(t, '100');
    const b = await withdrawer(t, '100');
    for (let i = 0; i < 5; i++) await withdraw(a, { amount: '10' });
    expect((await withdraw(b, { amount: '10' })).body.code).toBe('200');
  });

  it('the limit is a parameter', async () => {
    const w = await withdrawer(t, '100');
    await setting('withdraw_pending_max', '1');
    expect((await withdraw(w, { amount: '10' })).body.code).toBe('200');
    const over = await withdraw(w, { amount: '10' });
    expect(over.body.message).toBe(
      'You already have 1 withdrawals waiting for review; please wait until one is decided',
    );
  });

  it('a refusal at the limit is replayed from its key and posts nothing later', async () => {
    const w = await withdrawer(t, '100');
    for (let i = 0; i < 5; i++) await withdraw(w, { amount: '10' });
    const key = randomUUID();
    expect((await withdraw(w, { amount: '10' }, key)).body.code).toBe('10121');
    const [first] = await rowsOf(w, 'pending');
    await client(t.app, { token: finance }).post(`/admin/api/reviews/withdrawals/${first?.id ?? 0}/approve`, {
      body: payoutApproval(),
    });
    const again = await withdraw(w, { amount: '10' }, key);
    expect(again.body.code).toBe('10121');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rowsOf(w, 'pending')).toHaveLength(4);
  });
});

describe('races at the pending limit', () => {
  it('ten withdrawals at once with ten keys when four are pending: exactly one more is placed', async () => {
    const w = await withdrawer(t, '1000');
    for (let i = 0; i < 4; i++) await withdraw(w, { amount: '10' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(w, { amount: '20' })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(codes.filter((c) => c === '10121')).toHaveLength(9);
    expect(await rowsOf(w, 'pending')).toHaveLength(5);
    expect(await realBalances(t, w.id)).toEqual({ cash: '940', hold: '60' });
    await expectLedgerSound();
  });

  it('one key fired six times at once near the limit places one withdrawal and answers the same each time', async () => {
    const w = await withdrawer(t, '1000');
    for (let i = 0; i < 4; i++) await withdraw(w, { amount: '10' });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(w, { amount: '20' }, key)));
    expect(answers.every((a) => a.body.code === '200')).toBe(true);
    expect(new Set(answers.map((a) => a.body.result.id)).size).toBe(1);
    expect(await rowsOf(w, 'pending')).toHaveLength(5);
    expect(await realBalances(t, w.id)).toEqual({ cash: '940', hold: '60' });
    await expectLedgerSound();
  });
});
