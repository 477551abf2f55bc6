// Account kinds and lookup. Customer purposes can never go negative (DB CHECK); platform ones can.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Book } from '@tradewind/contract';
import type { DbOrTx } from '../platform/db.ts';
import type { Asset } from '@tradewind/contract/money';
import { ledgerAccounts } from './tables.ts';

export const customerPurposes = ['cash', 'margin', 'plan_principal', 'withdrawal_hold', 'bid_hold'] as const;
export type CustomerPurpose = (typeof customerPurposes)[number];
/** What `frozen` in getUserInfo adds up: everything of the customer's that is not free cash. */
export const frozenPurposes: readonly CustomerPurpose[] = [
  'margin',
  'plan_principal',
  'withdrawal_hold',
  'bid_hold',
];

export const platformPurposes = [
  'deposits_clearing',
  'withdrawals_clearing',
  'fee_income',
  'trading_pnl',
  'yield_expense',
  'loan_receivable',
  'charity_payable',
  /** Where payouts to the charity go: the money has left the platform (nft/payouts). */
  'charity_paid',
  /** Invite rewards are a marketing expense of the platform (invite/reward). */
  'marketing_expense',
  'demo_mint',
  'adjustments',
] as const;
export type PlatformPurpose = (typeof platformPurposes)[number];

export type AccountKey =
  | { owner: 'user'; userId: number; book: Book; asset: Asset; purpose: CustomerPurpose }
  | { owner: 'platform'; book: Book; asset: Asset; purpose: PlatformPurpose; shard?: number };

/**
 * The platform accounts that nearly every customer entry touches (a contract's fee and P&L, a plan's
 * interest): each is split into this many rows, and an entry posts to the one of its customer, so entries of
 * different customers do not queue on one locked row (issue 26; migration 0031). Reports sum them.
 */
export const platformShards = 16;
export const shardedPurposes: readonly PlatformPurpose[] = ['fee_income', 'trading_pnl', 'yield_expense'];

/**
 * `keys` with the shard of each sharded platform account set: the customer's (user id mod
 * `platformShards`) when the keys name one, else 0. One rule for locking and posting, so both find the
 * same rows.
 */
export function withShards(keys: readonly AccountKey[]): (key: AccountKey) => AccountKey {
  const customer = keys.find((k) => k.owner === 'user');
  const shard = customer?.owner === 'user' ? customer.userId % platformShards : 0;
  return (key) =>
    key.owner === 'platform' && key.shard === undefined && shardedPurposes.includes(key.purpose)
      ? { ...key, shard }
      : key;
}

const shardOf = (key: AccountKey): number => (key.owner === 'platform' ? (key.shard ?? 0) : 0);

/** The id of the account for `key`, created on first use. */
export async function accountId(db: DbOrTx, key: AccountKey, now: Date): Promise<number> {
  const userId = key.owner === 'user' ? key.userId : null;
  const where = and(
    eq(ledgerAccounts.ownerType, key.owner),
    userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
    eq(ledgerAccounts.book, key.book),
    eq(ledgerAccounts.asset, key.asset),
    eq(ledgerAccounts.purpose, key.purpose),
    eq(ledgerAccounts.shard, shardOf(key)),
  );
  const [found] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  await db
    .insert(ledgerAccounts)
    .values({
      ownerType: key.owner,
      userId,
      book: key.book,
      asset: key.asset,
      purpose: key.purpose,
      shard: shardOf(key),
      createdAt: now,
    })
    .onConflictDoNothing();
  const [created] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (!created) throw new Error(`account ${JSON.stringify(key)} could not be created`);
  return created.id;
}

export async function balancesOf(
  db: DbOrTx,
  userId: number,
  book: Book,
  asset: Asset,
): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'user'),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.book, book),
        eq(ledgerAccounts.asset, asset),
      ),
    );
  return new Map(rows.map((r) => [r.purpose, r.balance]));
}

export const lockAccount = (db: DbOrTx, id: number) =>
  db.execute(sql`select id from ledger_accounts where id = ${id} for update`);
