// The early exit (CONTRACT.md redeemSmart): the penalty the dialog showed is compared with
// earlyExitPenaltyPct × (principal + interest paid so far) inside the transaction (10112); the principal less
// the penalty goes back to cash and the penalty to the platform's fee income, in one entry written with the
// status change. Interest already paid stays paid, and days whose anniversary has passed but that the job has
// not paid yet are paid first, in the same transaction, so an exit never loses a day already earned.
import { and, eq } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import { earlyExitPenaltyMinor } from '@tradewind/contract/smart-math';
import { AppError, assert } from '../platform/errors.ts';
import type { Tx } from '../platform/db.ts';
import { assertTermsUnchanged } from '../platform/terms.ts';
import { post, type Line } from '../ledger/post.ts';
import { payDay } from './interest.ts';
import { paidOf } from './paid.ts';
import { daysEarnedBeforeMaturity, redeemPenaltyAt } from './view.ts';
import { smartOrders, type SmartOrderRow } from './tables.ts';

export type RedeemRequest = { userId: number; id: number; quotedPenalty: string; now: Date };

/** The customer's order, locked: another customer's id answers as an unknown one (10111). */
export async function lockMine(tx: Tx, userId: number, id: number): Promise<SmartOrderRow> {
  const [row] = await tx
    .select()
    .from(smartOrders)
    .where(and(eq(smartOrders.id, id), eq(smartOrders.userId, userId)))
    .for('update');
  if (!row) throw new AppError(codes.notFound);
  return row;
}

/**
 * Redeems inside the caller's (idempotency) transaction: 10111 not the customer's, 10112 no longer earning
 * or at maturity (it completed, or completes, since the dialog opened) or a penalty other than the one in
 * force.
 */
export async function redeemSmart(tx: Tx, req: RedeemRequest): Promise<SmartOrderRow> {
  const row = await lockMine(tx, req.userId, req.id);
  const nowMs = req.now.getTime();
  if (row.status !== 'earning' || nowMs >= row.maturityAt.getTime()) throw new AppError(codes.termsChanged);
  const before = (await paidOf(tx, [row.id])).get(row.id) ?? { interestPaidMinor: 0n, daysPaid: 0 };
  for (let day = before.daysPaid + 1; day <= daysEarnedBeforeMaturity(row, nowMs); day++) {
    assert(await payDay(tx, row.id, day, nowMs), `day ${day} of smart order ${row.id} is due and unpaid`);
  }
  const { interestPaidMinor } = (await paidOf(tx, [row.id])).get(row.id) ?? { interestPaidMinor: 0n };
  const penalty = earlyExitPenaltyMinor(row.amountMinor, interestPaidMinor, BigInt(row.earlyExitPenaltyBps));
  assert(penalty === redeemPenaltyAt(row, before, nowMs), 'the penalty is the one the order view shows');
  const quoted = tryParseDecimal(req.quotedPenalty, assets.USDT.scale);
  if (quoted === undefined) throw new AppError(codes.termsChanged);
  assertTermsUnchanged({ penalty: quoted }, { penalty });

  const user = { owner: 'user', userId: row.userId, book: 'real', asset: 'USDT' } as const;
  const lines: Line[] = [
    { account: { ...user, purpose: 'plan_principal' }, amountMinor: -row.amountMinor },
    { account: { ...user, purpose: 'cash' }, amountMinor: row.amountMinor - penalty },
    {
      account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'fee_income' },
      amountMinor: penalty,
    },
  ];
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'smart_redeem',
      ref: `smart:${row.id}`,
      lines: lines.filter((l) => l.amountMinor !== 0n),
    },
    req.now,
  );
  // The plan principal account holds at least this order's principal while it earns.
  assert(entry.ok, `redeeming smart order ${row.id} cannot overdraw`);
  const [redeemed] = await tx
    .update(smartOrders)
    .set({ status: 'redeemed', penaltyMinor: penalty, closeEntryId: entry.entryId, closedAt: req.now })
    .where(eq(smartOrders.id, row.id))
    .returning();
  assert(redeemed, `smart order ${row.id} redeemed`);
  return redeemed;
}
