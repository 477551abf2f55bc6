// A smart order on the wire (CONTRACT.md "Orders" smart order): money at the USDT scale, times in epoch ms,
// and while earning the next payment time and what an early exit would cost now.
import type { SmartOrder, SmartOrderStatus } from '@tradewind/contract';
import { assets, formatMinor } from '@tradewind/contract/money';
import {
  dailyInterestMinor,
  dayMs,
  earlyExitPenaltyMinor,
  earningAtMs,
  interestThroughDayMinor,
  formatDailyRate,
  formatPenaltyPct,
  smartOrderStatuses,
} from '@tradewind/contract/smart-math';
import { assert } from '../platform/errors.ts';
import type { SmartOrderRow } from './tables.ts';

const money = (minor: bigint) => formatMinor(minor, assets.USDT.scale);
const isStatus = (s: string): s is SmartOrderStatus => (smartOrderStatuses as readonly string[]).includes(s);

/** What the payments table says about an order: interest paid so far and how many days. */
export type Paid = { interestPaidMinor: bigint; daysPaid: number };

/**
 * The days of an earning order whose anniversary has passed by `nowMs`, short of the last: an early exit pays
 * them before it judges the penalty, so a day earned is never lost to the job not having run yet. At or past
 * maturity there is no early exit (the order completes).
 */
export function daysEarnedBeforeMaturity(row: SmartOrderRow, nowMs: number): number {
  const elapsed = Math.floor((nowMs - row.startAt.getTime()) / dayMs);
  return Math.max(0, Math.min(row.days - 1, elapsed));
}

/**
 * The penalty an early exit at `nowMs` keeps: pct × (principal + interest paid by then), the days already
 * earned counted as paid (the exit pays them first). Undefined at or past maturity.
 */
export function redeemPenaltyAt(row: SmartOrderRow, paid: Paid, nowMs: number): bigint | undefined {
  if (nowMs >= row.maturityAt.getTime()) return undefined;
  const earned = Math.max(paid.daysPaid, daysEarnedBeforeMaturity(row, nowMs));
  // Days are paid in order and each pays the rounded total through it less the day before's, so the interest
  // paid through day k is exactly the rounded total through day k.
  const interest = interestThroughDayMinor(row.amountMinor, BigInt(row.dailyRateE8), earned);
  return earlyExitPenaltyMinor(row.amountMinor, interest, BigInt(row.earlyExitPenaltyBps));
}

export function smartOrderView(
  row: SmartOrderRow,
  productName: string,
  paid: Paid,
  nowMs: number,
): SmartOrder {
  assert(isStatus(row.status), `smart order ${row.id} has a known status`);
  const rate = BigInt(row.dailyRateE8);
  const bps = BigInt(row.earlyExitPenaltyBps);
  const earning = row.status === 'earning';
  const redeemPenalty = earning ? redeemPenaltyAt(row, paid, nowMs) : undefined;
  const startMs = row.startAt.getTime();
  return {
    id: String(row.id),
    productId: String(row.productId),
    productName,
    amount: money(row.amountMinor),
    days: row.days,
    dailyRate: formatDailyRate(rate),
    dailyInterest: money(dailyInterestMinor(row.amountMinor, rate)),
    totalInterest: money(row.totalInterestMinor),
    interestPaid: money(paid.interestPaidMinor),
    daysPaid: paid.daysPaid,
    earlyExitPenaltyPct: formatPenaltyPct(bps),
    startAt: startMs,
    ...(earning && paid.daysPaid < row.days
      ? { nextEarningAt: earningAtMs(startMs, paid.daysPaid + 1) }
      : {}),
    maturityAt: row.maturityAt.getTime(),
    status: row.status,
    autoRenew: row.autoRenew,
    ...(redeemPenalty === undefined ? {} : { redeemPenalty: money(redeemPenalty) }),
    ...(row.penaltyMinor === null ? {} : { penalty: money(row.penaltyMinor) }),
    ...(row.status === 'redeemed' && row.closedAt ? { redeemedAt: row.closedAt.getTime() } : {}),
    ...(row.status === 'completed' && row.closedAt ? { completedAt: row.closedAt.getTime() } : {}),
    ...(row.renewedFromId === null ? {} : { renewedFromId: String(row.renewedFromId) }),
  };
}
