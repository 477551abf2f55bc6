// Repaying a loan (CONTRACT.md "User" repayLoan/{id}): the repayment amount leaves the customer's real cash
// in one entry — the principal back to the loan receivable, the interest to platform income — written with
// the status change to repaid. An overdue loan is repaid the same way.
import { and, eq, inArray } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Tx } from '../platform/db.ts';
import { post, type Line } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { loans, type LoanRow } from './tables.ts';
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

/** Refuses with 10020 a loan not repaying or overdue, 10011 when cash is short; nothing moves then. */
export async function repayLoan(tx: Tx, userId: number, id: number, now: Date): Promise<LoanRow> {
  const row = await lockMine(tx, userId, id);
  if (row.status !== 'repaying' && row.status !== 'overdue') throw new AppError(codes.collectionStatusWrong);
  const platform = { owner: 'platform', book: 'real', asset: 'USDT' } as const;
  const lines: Line[] = [
    {
      account: { owner: 'user', userId, book: 'real', asset: 'USDT', purpose: 'cash' },
      amountMinor: -row.repayMinor,
    },
    { account: { ...platform, purpose: 'loan_receivable' }, amountMinor: row.amountMinor },
  ];
  if (row.interestMinor > 0n)
    lines.push({ account: { ...platform, purpose: 'fee_income' }, amountMinor: row.interestMinor });
  const entry = await post(tx, { book: 'real', kind: 'loan_repay', ref: `loan:${id}`, lines }, now);
  if (!entry.ok) throw new AppError(codes.insufficientBalance);
  const [repaid] = await tx
    .update(loans)
    .set({ status: 'repaid', repayEntryId: entry.entryId, repaidAt: now })
    .where(and(eq(loans.id, id), inArray(loans.status, ['repaying', 'overdue'])))
    .returning();
  assert(repaid, `loan ${id} repaid`);
  await notify(tx, userId, 'loanRepaid', { id: String(id), amount: usdt(row.repayMinor) }, now);
  return repaid;
}
