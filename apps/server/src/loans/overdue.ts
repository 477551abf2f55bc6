// The overdue job's work: every repaying loan whose repayment date has passed becomes overdue, with a
// notification, once — the conditional update (`status = 'repaying'`) makes a second run, or a second node,
// find nothing to do.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { notify } from '../notifications/service.ts';
import { loans } from './tables.ts';
import { usdt } from './view.ts';

/** Marks overdue the loans due before `nowMs`; answers how many it marked. */
export async function markOverdue(db: Db, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(loans)
      .set({ status: 'overdue', overdueAt: now })
      .where(and(eq(loans.status, 'repaying'), lt(loans.repayDueAt, now)))
      .returning();
    for (const row of marked) {
      const params = { id: String(row.id), amount: usdt(row.repayMinor) };
      await notify(tx, row.userId, 'loanOverdue', params, now);
    }
    return marked.length;
  });
}
