// What the payments table says about orders: interest paid so far and the number of days paid.
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db.ts';
import { smartInterestPayments } from './tables.ts';
import type { Paid } from './view.ts';

export async function paidOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, Paid>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: smartInterestPayments.orderId,
      total: sql<string>`coalesce(sum(${smartInterestPayments.amountMinor}), 0)::text`,
      days: sql<number>`count(*)::int`,
    })
    .from(smartInterestPayments)
    .where(inArray(smartInterestPayments.orderId, orderIds))
    .groupBy(smartInterestPayments.orderId);
  return new Map(
    rows.map((r) => [r.orderId, { interestPaidMinor: BigInt(r.total), daysPaid: Number(r.days) }]),
  );
}
