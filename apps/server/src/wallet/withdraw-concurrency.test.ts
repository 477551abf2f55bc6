// Races: many withdrawals against one balance, and two admins deciding one withdrawal at once. On PostgreSQL
// (TEST_DATABASE_URL) these run on separate connections and exercise the row locks; on PGlite they interleave.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLedger } from '../ledger/service.ts';
import { queryRows } from '../platform/db.ts';
import { parseDecimal } from '@tradewind/contract/money';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import {
  adminLogin,
  base,
  payoutApproval,
  platformBalance,
  realBalances,
  withdraw,
  withdrawer,
} from './withdraw-testing.ts';

let t: TestApp;
let financeA: string;
let financeB: string;
beforeAll(async () => {
  t = await startTestApp();
  [financeA, financeB] = [await adminLogin(t, 'finance'), await adminLogin(t, 'finance')];
});
afterAll(async () => t.close());

const decide = (token: string, id: string, how: 'approve' | 'reject') =>
  client(t.app, { token }).post(`/admin/api/reviews/withdrawals/${id}/${how}`, {
    body: how === 'approve' ? payoutApproval() : { reason: 'race' },
  });

async function entriesFor(id: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    t.ctx.db,
    sql`select kind from journal_entries where ref = ${`withdrawal:${id}`} order by id`,
  );
  return rows.map((r) => r.kind);
}

async function expectLedgerSound() {
  expect(await auditLedger(t.ctx.db)).toMatchObject({
    balanced: true,
    negativeCustomerAccounts: 0,
    accountsMatchingPostings: true,
  });
}

describe('concurrent withdrawals', () => {
  it('20 parallel withdrawals of 30 against 100: exactly 3 succeed, the rest 20006, nothing overdrawn', async () => {
    const w = await withdrawer(t, '100');
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(w, { amount: '30' })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(3);
    expect(codes.filter((c) => c === '20006')).toHaveLength(17);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(17);
    expect(await realBalances(t, w.id)).toEqual({ cash: '10', hold: '90' });
    const listed = await w.api.get<{ total: number }>(`${base}/listWithdrwal`);
    expect(listed.body.result.total).toBe(3);
    await expectLedgerSound();
  });

  it('one key fired 8 times at once places one withdrawal and answers the same each time', async () => {
    const w = await withdrawer(t, '100');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(w, { amount: '12.5' }, key)));
    const ids = new Set(answers.map((a) => a.body.result?.id));
    expect(answers.every((a) => a.body.code === '200')).toBe(true);
    expect(ids.size).toBe(1);
    expect(await realBalances(t, w.id)).toEqual({ cash: '87.5', hold: '12.5' });
    await expectLedgerSound();
  });
});

describe('concurrent decisions', () => {
  it('two admins approving one withdrawal at once post it once', async () => {
    const w = await withdrawer(t, '100');
    const placed = await withdraw(w, { amount: '50' });
    const id = placed.body.result.id;
    const clearing = await platformBalance(t, 'withdrawals_clearing');
    const results = await Promise.all([decide(financeA, id, 'approve'), decide(financeB, id, 'approve')]);
    expect(results.map((r) => r.body.code).sort()).toEqual(['10020', '200']);
    expect(await entriesFor(id)).toEqual(['withdrawal_hold', 'withdrawal_payout']);
    expect(await realBalances(t, w.id)).toEqual({ cash: '50', hold: '0' });
    const paid =
      parseDecimal(await platformBalance(t, 'withdrawals_clearing'), 6) - parseDecimal(clearing, 6);
    expect(paid).toBe(parseDecimal('49', 6)); // the net (50 less the 1 USDT minimum fee) once, not twice
    await expectLedgerSound();
  });

  it('an approval racing a rejection: exactly one decision is posted', async () => {
    const w = await withdrawer(t, '100');
    const placed = await withdraw(w, { amount: '20' });
    const id = placed.body.result.id;
    const results = await Promise.all([decide(financeA, id, 'approve'), decide(financeB, id, 'reject')]);
    expect(results.map((r) => r.body.code).sort()).toEqual(['10020', '200']);
    const kinds = await entriesFor(id);
    expect(kinds).toHaveLength(2);
    const approved = results[0]?.body.code === '200';
    expect(kinds[1]).toBe(approved ? 'withdrawal_payout' : 'withdrawal_release');
    expect(await realBalances(t, w.id)).toEqual(
      approved ? { cash: '80', hold: '0' } : { cash: '100', hold: '0' },
    );
    await expectLedgerSound();
  });

  it('many withdrawals decided by two admins in parallel leave every hold settled once', async () => {
    const w = await withdrawer(t, '100');
    const ids: string[] = [];
    // Five: the most one customer may have pending (withdraw_pending_max).
    for (let i = 0; i < 5; i++) ids.push((await withdraw(w, { amount: '10' })).body.result.id);
    await Promise.all(
      ids.flatMap((id, i) => [
        decide(financeA, id, i % 2 === 0 ? 'approve' : 'reject'),
        decide(financeB, id, i % 3 === 0 ? 'reject' : 'approve'),
      ]),
    );
    for (const id of ids) expect(await entriesFor(id)).toHaveLength(2);
    expect((await realBalances(t, w.id)).hold).toBe('0');
    await expectLedgerSound();
  });
});
