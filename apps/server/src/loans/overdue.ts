// The loans job's work (issue 24): reminders before the repayment date, and from the date on, repayment from
// the customer's cash, whatever there is, then overdue with its late cost for what is left. Each loan is
// handled in its own transaction under the customer's row lock (the order every money call takes), so a
// deposit, a plan maturing or a contract closing is swept on the next run; the conditional status change,
// the (loan, day) key of a late charge and the (loan, kind) key of a reminder make a second run or a second
// node do nothing twice.
import { and, eq, gt, lte } from 'drizzle-orm';
import { formatDailyRatePercent } from '@tradewind/contract/loan-math';
import type { Db, Tx } from '../platform/db.ts';
import { balancesOf } from '../ledger/accounts.ts';
import { notify } from '../notifications/service.ts';
import { lockUser } from '../users/lock.ts';
import { chargeLateDays, dueLoanIds, owedMinor } from './late.ts';
import { isOutstanding, takeRepayment } from './repay.ts';
import { loanNotices, loans, type LoanNoticeKind, type LoanRow } from './tables.ts';
import { usdt } from './view.ts';

const dayMs = 86_400_000;

/** Sends the reminders due by `nowMs` (3 days and 1 day before the date), each once; answers how many. */
export async function remind(db: Db, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  const soon = await db
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.status, 'repaying'),
        gt(loans.repayDueAt, now),
        lte(loans.repayDueAt, new Date(nowMs + 3 * dayMs)),
      ),
    );
  let sent = 0;
  for (const row of soon) {
    const left = (row.repayDueAt?.getTime() ?? nowMs) - nowMs;
    const kind: LoanNoticeKind = left <= dayMs ? 'due_in_1d' : 'due_in_3d';
    sent += await db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(loanNotices)
        .values({ loanId: row.id, kind, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return 0;
      const which = kind === 'due_in_1d' ? 'loanDueTomorrow' : 'loanDueIn3Days';
      await notify(tx, row.userId, which, { id: String(row.id), amount: usdt(owedMinor(row)) }, now);
      return 1;
    });
  }
  return sent;
}

/** The customer's real cash. */
async function cashOf(tx: Tx, userId: number): Promise<bigint> {
  return (await balancesOf(tx, userId, 'real', 'USDT')).get('cash') ?? 0n;
}

export type Settled = { row: LoanRow | undefined; newlyOverdue: boolean };

/**
 * One loan past its date: take what cash there is, then, if anything is still owed, mark it overdue (with
 * its notice, once) and charge its late days. Answers the loan as left, and whether this run made it overdue.
 */
export async function settleDue(tx: Tx, loanId: number, nowMs: number): Promise<Settled> {
  const [peek] = await tx.select({ userId: loans.userId }).from(loans).where(eq(loans.id, loanId));
  if (!peek) return { row: undefined, newlyOverdue: false };
  await lockUser(tx, peek.userId);
  let [row] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!row || !isOutstanding(row) || !row.repayDueAt || row.repayDueAt.getTime() > nowMs)
    return { row, newlyOverdue: false };
  const now = new Date(nowMs);
  row = await chargeLateDays(tx, row, nowMs);
  const cash = await cashOf(tx, row.userId);
  const owed = owedMinor(row);
  const take = cash < owed ? cash : owed;
  if (take > 0n) row = (await takeRepayment(tx, row, take, 'auto', now)) ?? row;
  if (row.status !== 'repaying') return { row, newlyOverdue: false };
  const [overdue] = await tx
    .update(loans)
    .set({ status: 'overdue', overdueAt: row.repayDueAt })
    .where(and(eq(loans.id, row.id), eq(loans.status, 'repaying')))
    .returning();
  if (!overdue) return { row, newlyOverdue: false };
  const params = {
    id: String(row.id),
    amount: usdt(owedMinor(overdue)),
    rate: formatDailyRatePercent(overdue.overdueRatePpm),
  };
  await notify(tx, row.userId, 'loanOverdue', params, now);
  // Days already past (the job was down over the date) are charged now, on what is still unpaid.
  return { row: await chargeLateDays(tx, overdue, nowMs), newlyOverdue: true };
}

/** Every loan past its date, one transaction each; answers how many this run made overdue. */
export async function settleDueLoans(db: Db, nowMs: number): Promise<number> {
  let marked = 0;
  for (const id of await dueLoanIds(db, nowMs)) {
    const { newlyOverdue } = await db.transaction((tx) => settleDue(tx, id, nowMs));
    if (newlyOverdue) marked += 1;
  }
  return marked;
}
