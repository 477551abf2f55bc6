// Transaction-scoped advisory locks, for a rule between rows that different services write and that row locks
// cannot guard: a row inserted by one transaction is invisible to the other's check until it commits, so two
// such writes, each checked against the other's old rows, could both commit. Taking the rule's lock first
// makes them run one after the other; it is released at commit or rollback.
import { sql } from 'drizzle-orm';
import type { Tx } from './db.ts';

/** One number per rule (any fixed numbers apart from db.ts's migration lock, 7_311_001). */
export const xactLockKeys = {
  /** Smart plan rates against loan costs (DESIGN.md §1.11): both back-office editors take it. */
  productRates: 7_311_024,
} as const;

export async function lockForTransaction(tx: Tx, rule: keyof typeof xactLockKeys): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${xactLockKeys[rule]})`);
}
