// Ledger services: books at sign-up, book summaries and the invariant audit.
import { sql } from 'drizzle-orm';
import type { Book } from '@tradewind/contract';
import { queryRows, type DbOrTx, type Tx } from '../platform/db.ts';
import { assets, formatMinor, parseDecimal, sum, type Asset } from '@tradewind/contract/money';
import { balancesOf, frozenPurposes } from './accounts.ts';
import { post } from './post.ts';

export const demoStartMinor = parseDecimal('100000', assets.USDT.scale);

/** Sign-up hook: the demo book gets 100,000 USDT from the demo mint; the real book starts empty. */
export async function openBooks(tx: Tx, userId: number, now: Date): Promise<void> {
  const result = await post(
    tx,
    {
      book: 'demo',
      kind: 'demo_mint',
      ref: `user:${userId}`,
      lines: [
        {
          account: { owner: 'user', userId, book: 'demo', asset: 'USDT', purpose: 'cash' },
          amountMinor: demoStartMinor,
        },
        {
          account: { owner: 'platform', book: 'demo', asset: 'USDT', purpose: 'demo_mint' },
          amountMinor: -demoStartMinor,
        },
      ],
    },
    now,
  );
  if (!result.ok) throw new Error('demo mint cannot fail');
}

export type BookSummary = { balanceMinor: bigint; frozenMinor: bigint };

export async function bookSummary(db: DbOrTx, userId: number, book: Book): Promise<BookSummary> {
  const balances = await balancesOf(db, userId, book, 'USDT');
  return {
    balanceMinor: balances.get('cash') ?? 0n,
    frozenMinor: sum(frozenPurposes.map((p) => balances.get(p) ?? 0n)),
  };
}

export type LedgerAudit = {
  balanced: boolean;
  entryCount: number;
  sums: Record<string, string>;
  negativeCustomerAccounts: number;
  accountsMatchingPostings: boolean;
};

/**
 * The invariants: postings sum to zero per book and asset, every entry balances on its own, no customer
 * account is negative, and each account's balance equals the sum of its postings.
 */
export async function auditLedger(db: DbOrTx): Promise<LedgerAudit> {
  const sums = await queryRows<{ book: string; asset: string; total: string }>(
    db,
    sql`select e.book, p.asset, sum(p.amount_minor)::text as total
        from postings p join journal_entries e on e.id = p.entry_id group by e.book, p.asset`,
  );
  const unbalanced = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from (select entry_id, asset from postings group by entry_id, asset
        having sum(amount_minor) <> 0) x`,
  );
  const entries = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from journal_entries`);
  const negative = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ledger_accounts where owner_type = 'user' and balance_minor < 0`,
  );
  const drift = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ledger_accounts a left join
        (select account_id, sum(amount_minor) as s from postings group by account_id) p on p.account_id = a.id
        where a.balance_minor <> coalesce(p.s, 0)`,
  );
  const byAsset: Record<string, string> = {};
  let allZero = true;
  for (const row of sums) {
    const scale = row.asset in assets ? assets[row.asset as Asset].scale : 0;
    byAsset[`${row.book}:${row.asset}`] = formatMinor(BigInt(row.total), scale);
    if (BigInt(row.total) !== 0n) allZero = false;
  }
  const count = (rows: { n: string }[]) => Number(rows[0]?.n ?? '0');
  return {
    balanced: allZero && count(unbalanced) === 0,
    entryCount: count(entries),
    sums: byAsset,
    negativeCustomerAccounts: count(negative),
    accountsMatchingPostings: count(drift) === 0,
  };
}
