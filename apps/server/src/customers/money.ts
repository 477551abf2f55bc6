// The 360's money sections: both books from the ledger accounts, the real book's latest fund records, deposits,
// withdrawals and where they go (masked), and balance adjustments. Counts and sums are taken in the database.
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  customerSectionSize,
  withdrawalStatuses,
  type Customer360,
  type CustomerBookBalances,
  type CustomerWithdrawalMethod,
} from '@tradewind/contract';
import { sum } from '@tradewind/contract/money';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { assert } from '../platform/errors.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { customerPurposes, type CustomerPurpose } from '../ledger/accounts.ts';
import { listFundRecords } from '../ledger/records.ts';
import { adjustments } from '../admin/adjustments-tables.ts';
import { adjustmentView } from '../admin/adjustments.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import { depositRecord } from '../wallet/deposits.ts';
import { withdrawals } from '../wallet/withdraw-tables.ts';
import { withdrawalMethods, type WithdrawalMethodRow } from '../wallet/methods-tables.ts';
import { countOf, ms, oneOf, usdt } from './format.ts';

/**
 * How many rows `where` selects, how many of them are pending and how many approved, and the sum of
 * `amount` over the approved ones.
 */
export async function reviewedTotals(
  db: DbOrTx,
  of: { table: PgTable; status: AnyPgColumn; amount: AnyPgColumn },
  where: SQL,
) {
  const approved = sql`${of.status} = 'approved'`;
  const [row] = await db
    .select({
      n: count(),
      pending: sql<number>`count(*) filter (where ${of.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${approved})`.mapWith(Number),
      amount: sql<string>`coalesce(sum(${of.amount}) filter (where ${approved}), 0)::text`,
    })
    .from(of.table)
    .where(where);
  return {
    total: row?.n ?? 0,
    pending: row?.pending ?? 0,
    approved: row?.approved ?? 0,
    approvedAmount: usdt(BigInt(row?.amount ?? '0')),
  };
}

/** The USDT accounts of these customers, both books, every purpose: one read for a page of them. */
export async function usdtAccountsOf(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: ledgerAccounts.userId,
      book: ledgerAccounts.book,
      purpose: ledgerAccounts.purpose,
      balance: ledgerAccounts.balanceMinor,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'user'),
        inArray(ledgerAccounts.userId, [...userIds]),
        eq(ledgerAccounts.asset, 'USDT'),
      ),
    );
}

/** A book's accounts on the wire, from the balance of each purpose. */
export function bookBalances(of: (purpose: CustomerPurpose) => bigint): CustomerBookBalances {
  return {
    cash: usdt(of('cash')),
    margin: usdt(of('margin')),
    planPrincipal: usdt(of('plan_principal')),
    withdrawalHold: usdt(of('withdrawal_hold')),
    bidHold: usdt(of('bid_hold')),
    total: usdt(sum(customerPurposes.map(of))),
  };
}

export async function booksOf(db: DbOrTx, userId: number): Promise<Customer360['books']> {
  const rows = await usdtAccountsOf(db, [userId]);
  const book = (name: 'demo' | 'real'): CustomerBookBalances =>
    bookBalances((purpose) => rows.find((r) => r.book === name && r.purpose === purpose)?.balance ?? 0n);
  return { demo: book('demo'), real: book('real') };
}

export async function fundRecordsOf(ctx: Ctx, userId: number): Promise<Customer360['fundRecords']> {
  const page = await listFundRecords(ctx, userId, 'real', { page: 1, size: customerSectionSize });
  return { total: page.total, list: page.list };
}

export async function depositsOf(db: DbOrTx, userId: number): Promise<Customer360['deposits']> {
  const where = eq(deposits.userId, userId);
  const { total, pending, approvedAmount } = await reviewedTotals(
    db,
    { table: deposits, status: deposits.status, amount: deposits.amountMinor },
    where,
  );
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(customerSectionSize);
  const list = rows.map((row) => {
    const d = depositRecord(row);
    const { id, asset, network, amount, txHash, status, createdAt } = d;
    return {
      id,
      asset,
      network,
      amount,
      txHash,
      status,
      createdAt,
      reason: d.reason ?? null,
      reviewedAt: d.reviewedAt ?? null,
    };
  });
  return { total, pending, approvedAmount, list };
}

const isNetwork = (n: string | null): n is 'TRC20' | 'ERC20' => n === 'TRC20' || n === 'ERC20';

/** A card by its last four digits, an address by its first six and last four characters. */
export function maskedMethod(row: WithdrawalMethodRow): CustomerWithdrawalMethod {
  const bank = row.type === 'bank';
  assert(bank || (row.type === 'usdt' && isNetwork(row.network)), `method ${row.id} is well formed`);
  return {
    id: String(row.id),
    type: bank ? 'bank' : 'usdt',
    bankName: row.bankName,
    holderName: row.holderName,
    cardMasked: row.cardLast4 === null ? null : `**** ${row.cardLast4}`,
    network: isNetwork(row.network) ? row.network : null,
    addressMasked: row.address === null ? null : `${row.address.slice(0, 6)}…${row.address.slice(-4)}`,
    createdAt: row.createdAt.getTime(),
  };
}

const destinationOf = (m: CustomerWithdrawalMethod) =>
  m.type === 'bank'
    ? `${m.bankName ?? ''} ${m.cardMasked ?? ''}`
    : `USDT ${m.network ?? ''} ${m.addressMasked ?? ''}`;

export async function withdrawalsOf(db: DbOrTx, userId: number): Promise<Customer360['withdrawals']> {
  const where = eq(withdrawals.userId, userId);
  const { total, pending, approvedAmount } = await reviewedTotals(
    db,
    { table: withdrawals, status: withdrawals.status, amount: withdrawals.amountMinor },
    where,
  );
  const rows = await db
    .select({ w: withdrawals, m: withdrawalMethods })
    .from(withdrawals)
    .innerJoin(withdrawalMethods, eq(withdrawalMethods.id, withdrawals.methodId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(customerSectionSize);
  const list = rows.map(({ w, m }) => {
    return {
      id: String(w.id),
      amount: usdt(w.amountMinor),
      fee: usdt(w.feeMinor),
      destination: destinationOf(maskedMethod(m)),
      status: oneOf(withdrawalStatuses, w.status, `withdrawal ${w.id} status`),
      reason: w.reason,
      createdAt: w.createdAt.getTime(),
      reviewedAt: ms(w.reviewedAt),
    };
  });
  return { total, pending, approvedAmount, list };
}

export async function methodsOf(db: DbOrTx, userId: number): Promise<Customer360['withdrawalMethods']> {
  const where = eq(withdrawalMethods.userId, userId);
  const total = await countOf(db, withdrawalMethods, where);
  const rows = await db
    .select()
    .from(withdrawalMethods)
    .where(where)
    .orderBy(desc(withdrawalMethods.id))
    .limit(customerSectionSize);
  return { total, list: rows.map(maskedMethod) };
}

export async function adjustmentsOf(db: DbOrTx, userId: number): Promise<Customer360['adjustments']> {
  const where = eq(adjustments.userId, userId);
  const total = await countOf(db, adjustments, where);
  const rows = await db
    .select()
    .from(adjustments)
    .where(where)
    .orderBy(desc(adjustments.id))
    .limit(customerSectionSize);
  return { total, list: rows.map(adjustmentView) };
}
