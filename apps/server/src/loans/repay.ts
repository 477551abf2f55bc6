// Repaying a loan (CONTRACT.md "User" repayLoan/{id}; issue 24): each repayment is one ledger entry from the
// customer's real cash — what goes to interest and late cost first, to platform income, then principal, back
// to the loan receivable — written with its loan_repayments row and the loan's running totals; the one that
// leaves nothing owed marks the loan repaid. The customer repays everything at once; from the repayment date
// on, the loans job takes what cash there is (autorepay.ts), possibly in parts.
import { and, eq } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Tx } from '../platform/db.ts';
import { post, type Line } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { lockUser } from '../users/lock.ts';
import { tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import { assertTermsUnchanged } from '../platform/terms.ts';
import { chargeLateDays, owedMinor } from './late.ts';
import { loanRepayments, loans, type LoanRow } from './tables.ts';
import { usdt } from './view.ts';

/** The customer's loan, locked; another customer's id is unknown (10111). */
export async function lockMine(tx: Tx, userId: number, id: number): Promise<LoanRow> {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.userId, userId)))
    .for('update');
  if (!row) throw new AppError(codes.notFound);
  return row;
}

export const isOutstanding = (row: LoanRow): boolean => row.status === 'repaying' || row.status === 'overdue';

/**
 * Takes `amountMinor` (at most what is owed) from the customer's cash towards the locked loan: one entry,
 * one repayment row. Answers the loan as left, or undefined when cash is short (nothing written).
 */
export async function takeRepayment(
  tx: Tx,
  row: LoanRow,
  amountMinor: bigint,
  source: 'auto' | 'customer',
  now: Date,
): Promise<LoanRow | undefined> {
  const owed = owedMinor(row);
  assert(amountMinor > 0n && amountMinor <= owed, `repayment of loan ${row.id} within what is owed`);
  const incomeDue = row.interestMinor + row.lateChargeMinor - row.paidIncomeMinor;
  const toIncome = amountMinor < incomeDue ? amountMinor : incomeDue;
  const toPrincipal = amountMinor - toIncome;
  const platform = { owner: 'platform', book: 'real', asset: 'USDT' } as const;
  const lines: Line[] = [
    {
      account: { owner: 'user', userId: row.userId, book: 'real', asset: 'USDT', purpose: 'cash' },
      amountMinor: -amountMinor,
    },
  ];
  if (toPrincipal > 0n)
    lines.push({ account: { ...platform, purpose: 'loan_receivable' }, amountMinor: toPrincipal });
  if (toIncome > 0n) lines.push({ account: { ...platform, purpose: 'fee_income' }, amountMinor: toIncome });
  const entry = await post(tx, { book: 'real', kind: 'loan_repay', ref: `loan:${row.id}`, lines }, now);
  if (!entry.ok) return undefined;
  await tx.insert(loanRepayments).values({
    loanId: row.id,
    entryId: entry.entryId,
    principalMinor: toPrincipal,
    incomeMinor: toIncome,
    source,
    createdAt: now,
  });
  const whole = amountMinor === owed;
  const [left] = await tx
    .update(loans)
    .set({
      paidPrincipalMinor: row.paidPrincipalMinor + toPrincipal,
      paidIncomeMinor: row.paidIncomeMinor + toIncome,
      ...(whole ? { status: 'repaid', repayEntryId: entry.entryId, repaidAt: now } : {}),
    })
    .where(eq(loans.id, row.id))
    .returning();
  assert(left, `loan ${row.id} updated`);
  const id = String(row.id);
  if (whole) {
    const total = left.paidPrincipalMinor + left.paidIncomeMinor;
    await notify(tx, row.userId, 'loanRepaid', { id, amount: usdt(total) }, now);
  } else {
    const params = { id, amount: usdt(amountMinor), owed: usdt(owedMinor(left)) };
    await notify(tx, row.userId, 'loanRepaymentTaken', params, now);
  }
  return left;
}

/**
 * The customer repays everything owed now (late days charged first): 10020 a loan not repaying or overdue,
 * 10112 an owed amount other than the one the confirm step showed (`quotedOwed`, when sent), 10011 when
 * cash is short; nothing moves then.
 */
export async function repayLoan(
  tx: Tx,
  userId: number,
  id: number,
  now: Date,
  quotedOwed?: string,
): Promise<LoanRow> {
  await lockUser(tx, userId);
  const locked = await lockMine(tx, userId, id);
  if (!isOutstanding(locked)) throw new AppError(codes.collectionStatusWrong);
  const row = await chargeLateDays(tx, locked, now.getTime());
  if (quotedOwed !== undefined) {
    const quoted = tryParseDecimal(quotedOwed, usdtScale);
    if (quoted === undefined) throw new AppError(codes.termsChanged);
    assertTermsUnchanged({ owed: quoted }, { owed: owedMinor(row) });
  }
  const repaid = await takeRepayment(tx, row, owedMinor(row), 'customer', now);
  if (!repaid) throw new AppError(codes.insufficientBalance);
  return repaid;
}
