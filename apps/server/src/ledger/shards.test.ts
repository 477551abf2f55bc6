// The platform accounts every customer entry touches are sharded (issue 26, migration 0031): an entry posts
// to its customer's shard, so two customers' entries do not wait on one row; the shards sum to what one row
// would hold; the database keeps a shard where it was put and refuses shards on any other account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { platformShards } from './accounts.ts';
import { post, type Line } from './post.ts';
import { auditLedger } from './service.ts';
import { ledgerAccounts } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const now = () => new Date(t.clock.now());

/** A demo-book fee of `fee` from the customer's cash (their demo book opens with 100,000 USDT). */
const feeLines = (userId: number, fee: bigint): Line[] => [
  { account: { owner: 'user', userId, book: 'demo', asset: 'USDT', purpose: 'cash' }, amountMinor: -fee },
  { account: { owner: 'platform', book: 'demo', asset: 'USDT', purpose: 'fee_income' }, amountMinor: fee },
];

const postFee = (userId: number, fee: bigint) =>
  t.ctx.db.transaction(async (tx) => {
    const entry = await post(
      tx,
      { book: 'demo', kind: 'contract_open', ref: `test:${userId}`, lines: feeLines(userId, fee) },
      now(),
    );
    expect(entry.ok).toBe(true);
  });

const feeRows = () =>
  t.ctx.db
    .select({ shard: ledgerAccounts.shard, balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'platform'),
        eq(ledgerAccounts.book, 'demo'),
        eq(ledgerAccounts.purpose, 'fee_income'),
      ),
    );

describe('sharded platform accounts', () => {
  it('posts each customer’s fee to their shard, and the shards sum to every fee', async () => {
    const before = new Map((await feeRows()).map((r) => [r.shard, r.balance]));
    const a = Number((await registerUser(t)).id);
    let b = Number((await registerUser(t)).id);
    while (b % platformShards === a % platformShards) b = Number((await registerUser(t)).id);
    await postFee(a, 3n);
    await postFee(b, 5n);
    await postFee(a, 7n);
    const after = new Map((await feeRows()).map((r) => [r.shard, r.balance]));
    const moved = (shard: number) => (after.get(shard) ?? 0n) - (before.get(shard) ?? 0n);
    expect(moved(a % platformShards)).toBe(10n);
    expect(moved(b % platformShards)).toBe(5n);
    const total = (m: Map<number, bigint>) => [...m.values()].reduce((x, y) => x + y, 0n);
    expect(total(after) - total(before)).toBe(15n);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, accountsMatchingPostings: true });
  });

  it('keeps a shard where it is, and refuses one on a customer account or an unsharded purpose', async () => {
    const refused = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.ctx.db.execute(statement);
        return false;
      } catch {
        return true;
      }
    };
    expect(
      await refused(
        sql`update ledger_accounts set shard = shard + 1 where owner_type = 'platform' and purpose = 'fee_income'`,
      ),
    ).toBe(true);
    expect(await refused(sql`update ledger_accounts set shard = 1 where owner_type = 'user'`)).toBe(true);
    expect(
      await refused(sql`insert into ledger_accounts (owner_type, book, asset, purpose, shard, created_at)
        values ('platform', 'real', 'USDT', 'charity_payable', 3, now())`),
    ).toBe(true);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can show two of them not waiting on each other.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets a second customer post a fee while the first customer’s entry holds its locks',
    async () => {
      const a = Number((await registerUser(t)).id);
      let b = Number((await registerUser(t)).id);
      while (b % platformShards === a % platformShards) b = Number((await registerUser(t)).id);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let posted: () => void = () => undefined;
      const aPosted = new Promise<void>((resolve) => (posted = resolve));
      const first = t.ctx.db.transaction(async (tx) => {
        await post(
          tx,
          { book: 'demo', kind: 'contract_open', ref: 'test:held', lines: feeLines(a, 1n) },
          now(),
        );
        posted();
        await held;
      });
      await aPosted;
      // With one fee_income row this would wait for `first` to commit, which waits for it: a timeout here.
      const second = await Promise.race([
        postFee(b, 1n).then(() => 'posted'),
        new Promise((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
      ]);
      release();
      await first;
      expect(second).toBe('posted');
    },
  );
});
