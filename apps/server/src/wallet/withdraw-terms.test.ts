// Terms shown are terms applied (DESIGN.md §1.7, issue 8 §4): the confirm step sends back the fee it showed
// (`quotedFee`); a fee that changed between quote and confirm is refused with 10112 and nothing is held.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLedger } from '../ledger/service.ts';
import { idempotencyKeys } from '../platform/idempotency-tables.ts';
import { queryRows } from '../platform/db.ts';
import { setParam } from '../settings/service.ts';
import { defaultParams } from '../settings/defaults.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { withdrawals } from './withdraw-tables.ts';
import { base, quotedFee, realBalances, withdraw, withdrawer, type Withdrawer } from './withdraw-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const setting = async (key: string, value: string) => setParam(t.ctx.db, key, value, new Date(t.clock.now()));
afterEach(async () => {
  for (const key of ['withdraw_fee_rate', 'withdraw_fee_min']) await setting(key, defaultParams[key] ?? '');
});

async function rowsOf(w: Withdrawer) {
  return t.ctx.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, Number(w.id)));
}

async function storedKey(w: Withdrawer, key: string) {
  return t.ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, Number(w.id)), eq(idempotencyKeys.key, key)));
}

/** Nothing of the refused request exists: no row, no hold, no ledger entry, the key unspent. */
async function expectNothingHeld(w: Withdrawer, key: string, cash: string) {
  expect(await rowsOf(w)).toEqual([]);
  expect(await realBalances(t, w.id)).toEqual({ cash, hold: '0' });
  const holds = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`select count(*)::text as n from journal_entries e join postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id
        where e.kind = 'withdrawal_hold' and a.user_id = ${Number(w.id)}`,
  );
  expect(holds[0]?.n).toBe('0');
  expect(await storedKey(w, key)).toEqual([]);
  expect(await auditLedger(t.ctx.db)).toMatchObject({
    balanced: true,
    negativeCustomerAccounts: 0,
    accountsMatchingPostings: true,
  });
}

describe('the fee shown is the fee applied', () => {
  it('a fee-rate change between quote and confirm is refused with 10112 (409) and nothing is held', async () => {
    const w = await withdrawer(t, '1000');
    const shown = await quotedFee(w, '300');
    expect(shown).toBe('3');
    await setting('withdraw_fee_rate', '0.02');
    const key = randomUUID();
    const res = await withdraw(w, { amount: '300', quotedFee: shown }, key);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: '10112',
      message: 'The terms have changed, please review them and confirm again',
      result: null,
    });
    await expectNothingHeld(w, key, '1000');
  });

  it('answers 10112 in the request language', async () => {
    const w = await withdrawer(t, '1000');
    await setting('withdraw_fee_rate', '0.02');
    const res = await w.api.post(`${base}/withdrawal`, {
      body: { methodId: w.methodId, amount: '300', password: w.password, quotedFee: '3' },
      headers: { 'idempotency-key': randomUUID() },
      lang: 'de',
    });
    expect(res.body.code).toBe('10112');
    expect(res.body.message).toBe(
      'Die Konditionen haben sich geändert. Bitte prüfen Sie sie und bestätigen Sie erneut',
    );
  });

  it('a minimum-fee change between quote and confirm is refused with 10112 as well', async () => {
    const w = await withdrawer(t, '100');
    const shown = await quotedFee(w, '30');
    expect(shown).toBe('1'); // 1 % of 30 is 0.3, below the minimum fee of 1
    await setting('withdraw_fee_min', '2');
    const key = randomUUID();
    expect((await withdraw(w, { amount: '30', quotedFee: shown }, key)).body.code).toBe('10112');
    await expectNothingHeld(w, key, '100');
  });

  it('a quoted fee above or below the fee in force is refused: the customer neither under- nor overpays', async () => {
    const w = await withdrawer(t, '1000');
    for (const fee of ['2.999999', '3.000001', '0', '30']) {
      const key = randomUUID();
      const res = await withdraw(w, { amount: '300', quotedFee: fee }, key);
      expect(res.body.code, fee).toBe('10112');
      await expectNothingHeld(w, key, '1000');
    }
  });

  it('compares the fee by value: "3.000000" is the quoted "3"', async () => {
    const w = await withdrawer(t, '1000');
    const res = await withdraw(w, { amount: '300', quotedFee: '3.000000' });
    expect(res.body).toMatchObject({ code: '200', result: { fee: '3', amount: '300' } });
  });

  it('a missing or malformed quotedFee is refused with 400 and a field message before anything is read', async () => {
    const w = await withdrawer(t, '1000');
    const key = randomUUID();
    // 9223372036855 USDT is past the bigint of minor units the fee column holds.
    for (const fee of [undefined, '', '-1', '1e2', '0.0000001', '9223372036855', ' ', 'three']) {
      const res = await withdraw(w, { amount: '300', quotedFee: fee }, key);
      expect(res.status, String(fee)).toBe(400);
      expect(res.body.code).toBe('10000');
      expect(res.body.result).toEqual({ fields: { quotedFee: expect.any(String) } });
    }
    await expectNothingHeld(w, key, '1000');
  });
});

describe('after 10112 the customer can confirm the new terms', () => {
  it('the same key with the newly quoted fee places the withdrawal at the fee shown', async () => {
    const w = await withdrawer(t, '1000');
    const key = randomUUID();
    const stale = await quotedFee(w, '300');
    await setting('withdraw_fee_rate', '0.02');
    expect((await withdraw(w, { amount: '300', quotedFee: stale }, key)).body.code).toBe('10112');
    const fresh = await quotedFee(w, '300');
    expect(fresh).toBe('6');
    const res = await withdraw(w, { amount: '300', quotedFee: fresh }, key);
    expect(res.body).toMatchObject({ code: '200', result: { amount: '300', fee: '6', feeRate: '0.02' } });
    expect(await realBalances(t, w.id)).toEqual({ cash: '700', hold: '300' });
    // The key is spent by the success, and a replay answers it without placing another.
    const again = await withdraw(w, { amount: '300', quotedFee: fresh }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(res.body);
    expect(await rowsOf(w)).toHaveLength(1);
  });

  it('a 10112 refusal is not replayed from the key: a retry is compared again with the terms then in force', async () => {
    const w = await withdrawer(t, '1000');
    const key = randomUUID();
    await setting('withdraw_fee_rate', '0.02');
    const first = await withdraw(w, { amount: '300', quotedFee: '3' }, key);
    const second = await withdraw(w, { amount: '300', quotedFee: '3' }, key);
    expect([first.body.code, second.body.code]).toEqual(['10112', '10112']);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    await expectNothingHeld(w, key, '1000');
    // The rate is back at what the customer saw: the very same request now goes through.
    await setting('withdraw_fee_rate', '0.01');
    expect((await withdraw(w, { amount: '300', quotedFee: '3' }, key)).body).toMatchObject({
      code: '200',
      result: { fee: '3' },
    });
  });
});

describe('races', () => {
  it('two confirms at once with one key at stale terms: both refused with 10112, nothing held', async () => {
    const w = await withdrawer(t, '1000');
    await setting('withdraw_fee_rate', '0.02');
    const key = randomUUID();
    const answers = await Promise.all([
      withdraw(w, { amount: '300', quotedFee: '3' }, key),
      withdraw(w, { amount: '300', quotedFee: '3' }, key),
    ]);
    expect(answers.map((a) => a.body.code)).toEqual(['10112', '10112']);
    await expectNothingHeld(w, key, '1000');
  });

  it('confirms racing a rate change: each is placed at the fee it showed or refused, never charged another', async () => {
    const w = await withdrawer(t, '1000');
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => withdraw(w, { amount: '50', quotedFee: '1' })),
      setting('withdraw_fee_min', '2').then(() => undefined),
      ...Array.from({ length: 3 }, () => withdraw(w, { amount: '50', quotedFee: '1' })),
    ]);
    const placed = answers.filter((a) => a?.body.code === '200');
    const refused = answers.filter((a) => a?.body.code === '10112');
    expect(placed.length + refused.length).toBe(6);
    for (const a of placed) expect(a?.body.result).toMatchObject({ fee: '1' });
    const rows = await rowsOf(w);
    expect(rows).toHaveLength(placed.length);
    expect(rows.every((r) => r.feeMinor === 1_000_000n)).toBe(true);
    expect(await realBalances(t, w.id)).toEqual({
      cash: String(1000 - 50 * placed.length),
      hold: String(50 * placed.length),
    });
  });
});
