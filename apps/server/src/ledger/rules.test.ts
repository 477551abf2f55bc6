// The ledger's rules as the database holds them (migrations/0007_ledger_rules.sql): entries and balances
// hand-written in SQL, bypassing post(), are refused. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { queryRows, type Tx } from '../platform/db.ts';
import { accountId, balancesOf } from './accounts.ts';
import { post } from './post.ts';
import { auditLedger } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const now = () => new Date(t.clock.now());

/** Every message and constraint name along an error's cause chain (Drizzle wraps the driver's error). */
function describeError(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    parts.push(String((e as { message?: unknown }).message ?? ''));
    const constraint = (e as { constraint?: unknown }).constraint;
    if (constraint) parts.push(`constraint ${String(constraint)}`);
  }
  return parts.join(' | ');
}

/** Runs `statements` in one transaction and answers how the database refused it ('' when it committed). */
async function refusal(statements: (tx: Tx) => Promise<unknown>): Promise<string> {
  try {
    await t.ctx.db.transaction(async (tx) => {
      await statements(tx);
    });
    return '';
  } catch (err) {
    return describeError(err);
  }
}

/** A customer with 100,000 demo USDT, and the ids of their demo and real cash and the demo mint. */
async function fixture() {
  const user = await registerUser(t);
  const userId = Number(user.id);
  const at = now();
  const demoCash = await accountId(
    t.ctx.db,
    { owner: 'user', userId, book: 'demo', asset: 'USDT', purpose: 'cash' },
    at,
  );
  const demoHold = await accountId(
    t.ctx.db,
    { owner: 'user', userId, book: 'demo', asset: 'USDT', purpose: 'margin' },
    at,
  );
  const realCash = await accountId(
    t.ctx.db,
    { owner: 'user', userId, book: 'real', asset: 'USDT', purpose: 'cash' },
    at,
  );
  const mint = await accountId(
    t.ctx.db,
    { owner: 'platform', book: 'demo', asset: 'USDT', purpose: 'demo_mint' },
    at,
  );
  return { userId, demoCash, demoHold, realCash, mint };
}

/** Inserts a demo journal entry and answers its id. */
async function entry(tx: Tx, book = 'demo'): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into journal_entries (book, kind, ref, created_at) values (${book}, 'hand', 'test', now())
        returning id`,
  );
  return Number(row?.id);
}

const posting = (entryId: number, account: number, amount: bigint): SQL =>
  sql`insert into postings (entry_id, account_id, asset, amount_minor, created_at)
      values (${entryId}, ${account}, 'USDT', ${amount}, now())`;

async function snapshot() {
  const [row] = await queryRows<{ entries: string; postings: string; balances: string }>(
    t.ctx.db,
    sql`select (select count(*) from journal_entries)::text as entries,
               (select count(*) from postings)::text as postings,
               (select string_agg(id || ':' || balance_minor, ',' order by id) from ledger_accounts) as balances`,
  );
  return row;
}

describe('the database holds the ledger rules', () => {
  it('commits a balanced hand-written entry and moves both balances with it', async () => {
    const f = await fixture();
    const failed = await refusal(async (tx) => {
      const id = await entry(tx);
      await tx.execute(posting(id, f.demoCash, -250n));
      await tx.execute(posting(id, f.demoHold, 250n));
    });
    expect(failed).toBe('');
    const balances = await balancesOf(t.ctx.db, f.userId, 'demo', 'USDT');
    expect(balances.get('cash')).toBe(100_000_000_000n - 250n);
    expect(balances.get('margin')).toBe(250n);
    const [last] = await queryRows<{ balance_after_minor: string }>(
      t.ctx.db,
      sql`select balance_after_minor::text from postings where account_id = ${f.demoCash} order by id desc limit 1`,
    );
    expect(last?.balance_after_minor).toBe(String(100_000_000_000n - 250n));
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, accountsMatchingPostings: true });
  });

  it('refuses at commit an entry whose postings do not sum to zero', async () => {
    const f = await fixture();
    const before = await snapshot();
    const failed = await refusal(async (tx) => {
      const id = await entry(tx);
      await tx.execute(posting(id, f.mint, -1_000_000n));
      await tx.execute(posting(id, f.demoCash, 1_000_001n));
    });
    expect(failed).toContain('does not sum to zero');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses at commit an entry of one posting', async () => {
    const f = await fixture();
    const before = await snapshot();
    const failed = await refusal(async (tx) => {
      const id = await entry(tx);
      await tx.execute(posting(id, f.demoCash, 0n));
    });
    expect(failed).toContain('needs at least two');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses at commit an entry with no postings at all', async () => {
    const before = await snapshot();
    const failed = await refusal(async (tx) => entry(tx));
    expect(failed).toContain('needs at least two');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a posting of a demo entry on a real-book account, even when the entry balances', async () => {
    const f = await fixture();
    const before = await snapshot();
    const failed = await refusal(async (tx) => {
      const id = await entry(tx, 'demo');
      await tx.execute(posting(id, f.demoCash, -500n));
      await tx.execute(posting(id, f.realCash, 500n));
    });
    expect(failed).toContain('an entry stays in one book');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a raw UPDATE of a balance, with or without the posting trigger’s setting', async () => {
    const f = await fixture();
    const before = await snapshot();
    const raw = await refusal((tx) =>
      tx.execute(sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = ${f.demoCash}`),
    );
    expect(raw).toContain('balance_minor changes only with a posting');
    // A client that imitates the trigger's marker is still refused: the update is not inside a trigger.
    const forged = await refusal(async (tx) => {
      await tx.execute(sql`select set_config('tradewind.posting_account', ${String(f.demoCash)}, true)`);
      await tx.execute(
        sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = ${f.demoCash}`,
      );
    });
    expect(forged).toContain('balance_minor changes only with a posting');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an account opened with money in it', async () => {
    const f = await fixture();
    const failed = await refusal((tx) =>
      tx.execute(sql`insert into ledger_accounts (owner_type, user_id, book, asset, purpose, balance_minor, created_at)
                     values ('user', ${f.userId}, 'real', 'USDT', 'bid_hold', 1000000, now())`),
    );
    expect(failed).toContain('a ledger account opens at zero');
  });

  it('refuses moving an account, and its balance, to the other book', async () => {
    const f = await fixture();
    const failed = await refusal((tx) =>
      tx.execute(sql`update ledger_accounts set book = 'real' where id = ${f.mint}`),
    );
    expect(failed).toContain('keeps its owner, book, asset and purpose');
  });

  it('refuses a posting whose balance_after does not chain from the account’s balance', async () => {
    const f = await fixture();
    const before = await snapshot();
    const failed = await refusal(async (tx) => {
      const id = await entry(tx);
      await tx.execute(sql`insert into postings (entry_id, account_id, asset, amount_minor, balance_after_minor, created_at)
                           values (${id}, ${f.demoCash}, 'USDT', -5, 999, now())`);
      await tx.execute(posting(id, f.mint, 5n));
    });
    expect(failed).toContain('postings_balance_after_chains');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a balanced hand-written entry that overdraws a customer, by the CHECK', async () => {
    const f = await fixture();
    const before = await snapshot();
    const failed = await refusal(async (tx) => {
      const id = await entry(tx, 'real');
      const clearing = await accountId(
        tx,
        { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'withdrawals_clearing' },
        now(),
      );
      await tx.execute(posting(id, f.realCash, -1n));
      await tx.execute(posting(id, clearing, 1n));
    });
    expect(failed).toContain('ledger_accounts_customer_nonnegative');
    expect(await snapshot()).toEqual(before);
  });
});

describe('post() answers insufficient funds itself', () => {
  it('answers insufficient_funds before writing, and the transaction goes on to commit other work', async () => {
    const f = await fixture();
    const before = await snapshot();
    const outcome = await t.ctx.db.transaction(async (tx) => {
      const overdraw = await post(
        tx,
        {
          book: 'real',
          kind: 'adjustment',
          ref: 'overdraw',
          lines: [
            {
              account: { owner: 'user', userId: f.userId, book: 'real', asset: 'USDT', purpose: 'cash' },
              amountMinor: -1n,
            },
            {
              account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'fee_income' },
              amountMinor: 1n,
            },
          ],
        },
        now(),
      );
      // PostgreSQL would refuse any statement here had the CHECK aborted the transaction.
      const [row] = await queryRows<{ n: string }>(tx, sql`select count(*)::text as n from postings`);
      return { overdraw, postings: row?.n };
    });
    expect(outcome.overdraw).toEqual({ ok: false, reason: 'insufficient_funds' });
    expect(outcome.postings).toBe(before?.postings);
    expect(await snapshot()).toMatchObject({ entries: before?.entries, postings: before?.postings });
  });

  it('lets a debit and a credit of one account in one entry pass when the account ends at zero or more', async () => {
    const f = await fixture();
    const demo = (purpose: 'cash' | 'margin') =>
      ({ owner: 'user', userId: f.userId, book: 'demo', asset: 'USDT', purpose }) as const;
    const result = await t.ctx.db.transaction((tx) =>
      post(
        tx,
        {
          book: 'demo',
          kind: 'adjustment',
          ref: 'through',
          // The margin account starts empty: applied debit-first it would dip below zero on the way.
          lines: [
            { account: demo('margin'), amountMinor: -700n },
            { account: demo('cash'), amountMinor: -700n },
            { account: demo('margin'), amountMinor: 700n },
            { account: demo('cash'), amountMinor: 700n },
          ],
        },
        now(),
      ),
    );
    expect(result.ok).toBe(true);
    const balances = await balancesOf(t.ctx.db, f.userId, 'demo', 'USDT');
    expect(balances.get('margin')).toBe(0n);
    expect(balances.get('cash')).toBe(100_000_000_000n);
  });

  it('two debits racing for one balance: one posts, the other answers insufficient_funds', async () => {
    const f = await fixture();
    const debit = (ref: string) =>
      t.ctx.db.transaction((tx) =>
        post(
          tx,
          {
            book: 'demo',
            kind: 'adjustment',
            ref,
            lines: [
              {
                account: { owner: 'user', userId: f.userId, book: 'demo', asset: 'USDT', purpose: 'cash' },
                amountMinor: -60_000_000_000n,
              },
              {
                account: { owner: 'platform', book: 'demo', asset: 'USDT', purpose: 'demo_mint' },
                amountMinor: 60_000_000_000n,
              },
            ],
          },
          now(),
        ),
      );
    const results = await Promise.all([debit('race:a'), debit('race:b')]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'insufficient_funds' }]);
    const balances = await balancesOf(t.ctx.db, f.userId, 'demo', 'USDT');
    expect(balances.get('cash')).toBe(40_000_000_000n);
  });
});
