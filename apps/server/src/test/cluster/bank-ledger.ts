// The bank test's view of the ledger: one consistent snapshot of every account (REPEATABLE READ, read
// only: every statement of the transaction sees the same committed state, whatever the nodes commit
// meanwhile), and the invariants a snapshot must hold whenever it is taken.
import pg from 'pg';
import { accountKey } from './bank-model.ts';

export type LedgerAccount = {
  key: string;
  owner: 'user' | 'platform';
  userId: number | null;
  book: string;
  asset: string;
  purpose: string;
  balance: bigint;
  /** The sum of the account's postings, in the same snapshot. */
  postings: bigint;
};

export type Snapshot = {
  accounts: LedgerAccount[];
  /** Entries whose postings do not sum to zero per asset (counted when asked: a scan of every posting). */
  unbalancedEntries?: number;
  /** When the snapshot was taken, and how long reading it took. */
  at: number;
  readMs: number;
};

type AccountRow = {
  owner_type: 'user' | 'platform';
  user_id: string | null;
  book: string;
  asset: string;
  purpose: string;
  balance: string;
  postings: string;
};

/**
 * Runs `read` inside one REPEATABLE READ, READ ONLY transaction on `client` and answers the snapshot of the
 * ledger taken in it (with whatever `read` fetched from the same state); `entries` also checks every entry.
 */
export async function inSnapshot<T>(
  client: pg.Client,
  read: (query: <R>(text: string, values?: unknown[]) => Promise<R[]>) => Promise<T>,
  opts: { entries?: boolean } = {},
): Promise<{ snapshot: Snapshot; extra: T }> {
  const started = Date.now();
  const query = async <R>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as R[];
  await client.query('begin isolation level repeatable read read only');
  try {
    const rows = await query<AccountRow>(
      // A sharded platform account (ledger/accounts.ts) is one account here: its rows summed.
      `select a.owner_type, a.user_id::text, a.book, a.asset, a.purpose, sum(a.balance_minor)::text as balance,
              sum(coalesce(p.total, 0))::text as postings
         from ledger_accounts a
         left join (select account_id, sum(amount_minor) as total from postings group by account_id) p
           on p.account_id = a.id
         group by a.owner_type, a.user_id, a.book, a.asset, a.purpose`,
    );
    const [unbalanced] = opts.entries
      ? await query<{ n: string }>(
          `select count(*)::text as n from (select entry_id from postings group by entry_id, asset
             having sum(amount_minor) <> 0) x`,
        )
      : [];
    const extra = await read(query);
    await client.query('commit');
    const accounts = rows.map((r) => {
      const userId = r.user_id === null ? null : Number(r.user_id);
      const key =
        userId === null
          ? accountKey({ platform: r.purpose, book: r.book as 'demo' })
          : accountKey({ userId, book: r.book as 'demo', purpose: r.purpose as 'cash' });
      return {
        key: r.asset === 'USDT' ? key : `${key}:${r.asset}`,
        owner: r.owner_type,
        userId,
        book: r.book,
        asset: r.asset,
        purpose: r.purpose,
        balance: BigInt(r.balance),
        postings: BigInt(r.postings),
      };
    });
    return {
      snapshot: {
        accounts,
        ...(unbalanced ? { unbalancedEntries: Number(unbalanced.n) } : {}),
        at: started,
        readMs: Date.now() - started,
      },
      extra,
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

/** Σ balances per `book:asset`, customers' and platform's apart. */
export function totals(snapshot: Snapshot): Map<string, { customers: bigint; platform: bigint }> {
  const byBook = new Map<string, { customers: bigint; platform: bigint }>();
  for (const a of snapshot.accounts) {
    const key = `${a.book}:${a.asset}`;
    const t = byBook.get(key) ?? { customers: 0n, platform: 0n };
    if (a.owner === 'user') t.customers += a.balance;
    else t.platform += a.balance;
    byBook.set(key, t);
  }
  return byBook;
}

/**
 * What must hold at every moment, as readable problems (none when it holds):
 * - per book and asset, Σ customer accounts (cash + margin + plan principal + withdrawal hold + bid hold)
 *   + Σ platform accounts = 0 — the constant of a double-entry ledger, where customer money is positive and
 *   the platform's accounts hold the other side of every flow;
 * - no customer account below zero (platform accounts may be: clearing and P&L run negative by design);
 * - every account's balance is the sum of its postings (and, when counted, every entry balances on its own).
 */
export function invariantProblems(snapshot: Snapshot): string[] {
  const problems: string[] = [];
  for (const [bookAsset, t] of totals(snapshot))
    if (t.customers + t.platform !== 0n)
      problems.push(`${bookAsset}: customers ${t.customers} + platform ${t.platform} ≠ 0`);
  for (const a of snapshot.accounts) {
    if (a.owner === 'user' && a.balance < 0n) problems.push(`${a.key} is negative: ${a.balance}`);
    if (a.balance !== a.postings) problems.push(`${a.key}: balance ${a.balance} ≠ postings ${a.postings}`);
  }
  if ((snapshot.unbalancedEntries ?? 0) > 0)
    problems.push(`${snapshot.unbalancedEntries} unbalanced entries`);
  return problems;
}

/** The balances of a snapshot by model key. */
export const balancesOf = (snapshot: Snapshot): Map<string, bigint> =>
  new Map(snapshot.accounts.map((a) => [a.key, a.balance]));
