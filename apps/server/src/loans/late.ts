// What a loan left unpaid costs (issue 24, DESIGN §1.11): `loan_overdue_daily_rate` is written into each
// agreement when it is issued and copied onto the loan, and from the repayment date on the loan accrues that
// rate of its unpaid principal once per whole day into what is owed. The (loan, day) primary key of
// loan_late_charges is written in the same transaction as the running total, so a second run, a restart or a
// second node finds the day charged and adds nothing; a job that was down catches up day by day.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { loanLateChargeMinor, parseDailyRate } from '@tradewind/contract/loan-math';
import { AppError } from '../platform/errors.ts';
import type { Db, DbOrTx, Tx } from '../platform/db.ts';
import { getParam } from '../settings/service.ts';
import { loanLateCharges, loans, type LoanRow } from './tables.ts';

const dayMs = 86_400_000;

/** `loan_overdue_daily_rate` in ppm a day; nonsense in it (the back office refuses it): 10018. */
export async function overdueRatePpm(db: DbOrTx): Promise<bigint> {
  const raw = (await getParam(db, 'loan_overdue_daily_rate')).value.trim();
  try {
    const ppm = parseDailyRate(raw);
    if (ppm >= 0n && ppm <= 10_000n) return ppm;
  } catch {
    // fall through
  }
  throw new AppError(codes.paramsFetchFailed);
}

/** Whole days past the repayment date at `nowMs` (0 before and during the first day). */
export function daysLate(row: Pick<LoanRow, 'repayDueAt'>, nowMs: number): number {
  if (!row.repayDueAt) return 0;
  return Math.max(0, Math.floor((nowMs - row.repayDueAt.getTime()) / dayMs));
}

export const unpaidPrincipal = (row: Pick<LoanRow, 'amountMinor' | 'paidPrincipalMinor'>): bigint =>
  row.amountMinor - row.paidPrincipalMinor;

/** What is owed now: amount + interest + late cost − repaid. */
export const owedMinor = (
  row: Pick<LoanRow, 'repayMinor' | 'lateChargeMinor' | 'paidPrincipalMinor' | 'paidIncomeMinor'>,
): bigint => row.repayMinor + row.lateChargeMinor - row.paidPrincipalMinor - row.paidIncomeMinor;

/**
 * Charges the locked loan's unpaid days up to `nowMs`, each at the rate of the principal unpaid now (a day
 * charged late, after downtime, is charged on what was unpaid when it was charged). Answers the row as left.
 */
export async function chargeLateDays(tx: Tx, row: LoanRow, nowMs: number): Promise<LoanRow> {
  if (row.status !== 'overdue' || row.overdueRatePpm === 0n) return row;
  const principal = unpaidPrincipal(row);
  const through = daysLate(row, nowMs);
  if (principal <= 0n || through < 1) return row;
  const [last] = await tx
    .select({ day: sql<number>`coalesce(max(${loanLateCharges.day}), 0)::int` })
    .from(loanLateCharges)
    .where(eq(loanLateCharges.loanId, row.id));
  const from = Number(last?.day ?? 0) + 1;
  if (from > through) return row;
  const amount = loanLateChargeMinor(principal, row.overdueRatePpm);
  const now = new Date(nowMs);
  const days = Array.from({ length: through - from + 1 }, (_, i) => from + i);
  const inserted = await tx
    .insert(loanLateCharges)
    .values(
      days.map((day) => ({
        loanId: row.id,
        day,
        principalMinor: principal,
        amountMinor: amount,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ day: loanLateCharges.day });
  if (inserted.length === 0) return row;
  const [updated] = await tx
    .update(loans)
    .set({ lateChargeMinor: row.lateChargeMinor + amount * BigInt(inserted.length) })
    .where(eq(loans.id, row.id))
    .returning();
  return updated ?? row;
}

/** Ids of the loans whose repayment date has passed and that are still owed: the sweep's work list. */
export async function dueLoanIds(db: Db, nowMs: number, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(inArray(loans.status, ['repaying', 'overdue']), lte(loans.repayDueAt, new Date(nowMs))))
    .orderBy(loans.repayDueAt, loans.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
