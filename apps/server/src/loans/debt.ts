// What a customer's loan allows elsewhere (issue 24, DESIGN §1.11), for the domains that move their money:
// borrowed money does not buy yield — while a loan is owed, a smart plan or a bid is paid from the customer's
// own funds only, so the cash left after it must still cover the principal outstanding (cash + plan principal
// − principal owed ≥ plan principal after the purchase) — and an overdue loan stops withdrawals, real-book
// contracts, plans and bids until it is repaid. Callers hold the customer's row lock (users/lock.ts), which
// every repayment and loan decision takes too, so what is read here stays true until they commit.
import { and, eq, inArray } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { formatMinor, usdtScale } from '@tradewind/contract/money';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { balancesOf } from '../ledger/accounts.ts';
import { unpaidPrincipal } from './late.ts';
import { loans } from './tables.ts';

/** The customer's loan being repaid or overdue, if any (one at a time: loans_one_open). */
async function outstandingLoan(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, ['repaying', 'overdue'])))
    .limit(1);
  return row;
}

/** 10172 while the customer has an overdue loan. */
export async function assertNoOverdueLoan(db: DbOrTx, userId: number): Promise<void> {
  const row = await outstandingLoan(db, userId);
  if (row?.status === 'overdue') throw new AppError(codes.loanOverdue);
}

/**
 * For a plan or a bid of `amountMinor` from real cash: 10172 while a loan is overdue; while one is being
 * repaid, 10171 (with what may be used) unless cash − amount still covers the principal outstanding.
 */
export async function assertOwnFunds(db: DbOrTx, userId: number, amountMinor: bigint): Promise<void> {
  const refusal = await ownFundsRefusal(db, userId, amountMinor);
  if (refusal) throw refusal;
}

/** The refusal `assertOwnFunds` would throw, or undefined: for a plan's renewal, which is skipped instead. */
export async function ownFundsRefusal(
  db: DbOrTx,
  userId: number,
  amountMinor: bigint,
): Promise<AppError | undefined> {
  const row = await outstandingLoan(db, userId);
  if (!row) return undefined;
  if (row.status === 'overdue') return new AppError(codes.loanOverdue);
  const cash = (await balancesOf(db, userId, 'real', 'USDT')).get('cash') ?? 0n;
  const own = cash - unpaidPrincipal(row);
  if (amountMinor <= own) return undefined;
  return new AppError(codes.ownFundsRequired, { available: formatMinor(own > 0n ? own : 0n, usdtScale) });
}
