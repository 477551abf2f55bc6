// A seeded random sequence of ledger operations, checked against a model kept in the test:
// every balance matches, every entry balances, and no customer account ever goes negative.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { post, type Line } from './post.ts';
import { auditLedger, bookSummary } from './service.ts';
import { resetDemo } from './records.ts';
import { balancesOf, type CustomerPurpose, type PlatformPurpose } from './accounts.ts';
import type { Book } from '@tradewind/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** mulberry32: a tiny seeded PRNG, so a failure can be replayed with the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const holds: CustomerPurpose[] = ['margin', 'plan_principal', 'withdrawal_hold', 'bid_hold'];
const sources: PlatformPurpose[] = ['deposits_clearing', 'fee_income', 'trading_pnl', 'yield_expense'];

describe('ledger invariant', () => {
  it('holds after 1,500 random operations, including refused overdrafts', async () => {
    const seed = Number(process.env.LEDGER_SEED ?? 20261120);
    const rand = prng(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const users = await Promise.all([0, 1, 2].map(() => registerUser(t)));
    const ids = users.map((u) => Number(u.id));
    const model = new Map<string, bigint>();
    const key = (id: number, book: Book, purpose: string) => `${id}:${book}:${purpose}`;
    for (const id of ids) model.set(key(id, 'demo', 'cash'), 100_000_000_000n);
    let refused = 0;

    for (let i = 0; i < 1500; i++) {
      const id = pick(ids);
      const book: Book = rand() < 0.5 ? 'demo' : 'real';
      const amount = BigInt(Math.floor(rand() * 5_000_000_000)) + 1n;
      const op = Math.floor(rand() * 5);
      const user = (purpose: CustomerPurpose, amountMinor: bigint): Line => ({
        account: { owner: 'user', userId: id, book, asset: 'USDT', purpose },
        amountMinor,
      });
      const platform = (purpose: PlatformPurpose, amountMinor: bigint): Line => ({
        account: { owner: 'platform', book, asset: 'USDT', purpose },
        amountMinor,
      });
      if (op === 4 && book === 'demo') {
        await resetDemo(t.ctx, id);
        for (const p of holds) model.delete(key(id, 'demo', p));
        model.set(key(id, 'demo', 'cash'), 100_000_000_000n);
        continue;
      }
      const hold = pick(holds);
      const lines: Line[] =
        op === 0
          ? [user('cash', -amount), user(hold, amount)]
          : op === 1
            ? [user(hold, -amount), user('cash', amount)]
            : op === 2
              ? [platform(pick(sources), -amount), user('cash', amount)]
              : [user('cash', -amount), platform(pick(sources), amount)];
      const ok = await t.ctx.db
        .transaction(async (tx) => {
          const r = await post(
            tx,
            { book, kind: 'adjustment', ref: `op:${i}`, lines },
            new Date(t.clock.now()),
          );
          if (!r.ok) throw new Error('refused');
          return true;
        })
        .catch((err: Error) => {
          if (err.message !== 'refused') throw err;
          return false;
        });
      const expectedOk = lines.every((l) => {
        if (l.account.owner !== 'user') return true;
        const k = key(id, book, l.account.purpose);
        return (model.get(k) ?? 0n) + l.amountMinor >= 0n;
      });
      expect(ok, `operation ${i} (seed ${seed})`).toBe(expectedOk);
      if (!ok) {
        refused++;
        continue;
      }
      for (const l of lines) {
        if (l.account.owner !== 'user') continue;
        const k = key(id, book, l.account.purpose);
        model.set(k, (model.get(k) ?? 0n) + l.amountMinor);
      }
    }

    expect(refused).toBeGreaterThan(10);
    for (const id of ids) {
      for (const book of ['demo', 'real'] as const) {
        const actual = await balancesOf(t.ctx.db, id, book, 'USDT');
        for (const purpose of ['cash', ...holds]) {
          expect(actual.get(purpose) ?? 0n, `${id} ${book} ${purpose}`).toBe(
            model.get(key(id, book, purpose)) ?? 0n,
          );
        }
        const summary = await bookSummary(t.ctx.db, id, book);
        expect(summary.balanceMinor).toBe(model.get(key(id, book, 'cash')) ?? 0n);
      }
    }
    const audit = await auditLedger(t.ctx.db);
    expect(audit).toMatchObject({
      balanced: true,
      negativeCustomerAccounts: 0,
      accountsMatchingPostings: true,
    });
    expect(audit.entryCount).toBeGreaterThan(1000);
  });
});
