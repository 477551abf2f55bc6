// Buying a smart plan (CONTRACT.md buySmart, DESIGN.md §5): every rule is checked inside the transaction,
// the daily rate the confirm step showed against the plan's rate in force (10112), then the principal moves
// from cash to plan principal in one entry written with the order row. Renewal at maturity opens its order
// through the same `openOrder`.
import { and, eq, sql } from 'drizzle-orm';
import { codes, type Book, type BuySmartBody } from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import { maturityAtMs, parseDailyRate, totalInterestMinor } from '@tradewind/contract/smart-math';
import { AppError, assert } from '../platform/errors.ts';
import { queryRows, type Tx } from '../platform/db.ts';
import { assertTermsUnchanged } from '../platform/terms.ts';
import { post } from '../ledger/post.ts';
import { lockUser } from '../users/lock.ts';
import { assertOwnFunds } from '../loans/debt.ts';
import { planOf, planTermsSha256 } from './products.ts';
import { smartOrders, type SmartOrderRow, type SmartPlanRow, type SmartProductRow } from './tables.ts';

export type OpenOrder = {
  userId: number;
  product: SmartProductRow;
  plan: SmartPlanRow;
  amountMinor: bigint;
  /** Day n is paid at start + n days. A renewal starts at its predecessor's maturity. */
  startAt: Date;
  autoRenew: boolean;
  renewedFromId: number | null;
  now: Date;
};

/** Writes the order and its cash → plan principal entry; undefined (nothing written) when cash is short. */
export async function openOrder(tx: Tx, o: OpenOrder): Promise<SmartOrderRow | undefined> {
  const [next] = await queryRows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('smart_orders', 'id'))::text as id`,
  );
  assert(next, 'smart order id allocated');
  const id = Number(next.id);
  const user = { owner: 'user', userId: o.userId, book: 'real', asset: 'USDT' } as const;
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'smart_open',
      ref: `smart:${id}`,
      lines: [
        { account: { ...user, purpose: 'cash' }, amountMinor: -o.amountMinor },
        { account: { ...user, purpose: 'plan_principal' }, amountMinor: o.amountMinor },
      ],
    },
    o.now,
  );
  if (!entry.ok) return undefined;
  const rate = BigInt(o.plan.dailyRateE8);
  const [row] = await tx
    .insert(smartOrders)
    .values({
      id,
      userId: o.userId,
      productId: o.product.id,
      days: o.plan.days,
      dailyRateE8: o.plan.dailyRateE8,
      earlyExitPenaltyBps: o.product.earlyExitPenaltyBps,
      amountMinor: o.amountMinor,
      totalInterestMinor: totalInterestMinor(o.amountMinor, rate, o.plan.days),
      startAt: o.startAt,
      maturityAt: new Date(maturityAtMs(o.startAt.getTime(), o.plan.days)),
      status: 'earning',
      autoRenew: o.autoRenew,
      openEntryId: entry.entryId,
      renewedFromId: o.renewedFromId,
      createdAt: o.now,
    })
    .returning();
  assert(row, 'smart order inserted');
  return row;
}

/** Whether `amountMinor` is within the product's min..max. */
export const amountAllowed = (product: SmartProductRow, amountMinor: bigint): boolean =>
  amountMinor >= product.minAmountMinor && amountMinor <= product.maxAmountMinor;

export type BuyRequest = { userId: number; book: Book; body: BuySmartBody; now: Date };

/**
 * Buys inside the caller's (idempotency) transaction, or refuses with nothing written, in this order: 10102
 * demo book, 10010 unknown or disabled product, 10012 days not offered, 10013 amount outside min..max, 10024
 * already earning on this product, 10112 a daily rate other than the one in force, 10172 an overdue loan,
 * 10171 cash that would leave a loan's principal uncovered (borrowed money), 10011 cash short. The
 * customer's row lock makes their purchases take turns, so the "already earning" check is the state left.
 */
export async function buySmart(tx: Tx, req: BuyRequest): Promise<SmartOrderRow> {
  if (req.book !== 'real') throw new AppError(codes.demoSmartForbidden);
  await lockUser(tx, req.userId);
  const { body } = req;
  const { product, plan } = await planOf(tx, Number(body.productId), body.days);
  if (!product?.enabled) throw new AppError(codes.smartProductIncorrect);
  if (!plan) throw new AppError(codes.daysNotFound);
  const amountMinor = tryParseDecimal(body.amount, assets.USDT.scale);
  assert(amountMinor !== undefined, 'amount was checked by the contract schema');
  if (!amountAllowed(product, amountMinor)) throw new AppError(codes.investmentAmountWrong);
  const [earning] = await tx
    .select({ id: smartOrders.id })
    .from(smartOrders)
    .where(
      and(
        eq(smartOrders.userId, req.userId),
        eq(smartOrders.productId, product.id),
        eq(smartOrders.status, 'earning'),
      ),
    )
    .limit(1);
  if (earning) throw new AppError(codes.alreadyBought);
  // A rate written with more places than a rate has was not one we showed.
  const quoted = parseDailyRate(body.quotedDailyRate);
  if (quoted === undefined) throw new AppError(codes.termsChanged);
  assertTermsUnchanged({ dailyRate: quoted }, { dailyRate: BigInt(plan.dailyRateE8) });
  // The rest of what the card disclosed (amounts, early-exit penalty) in one hash.
  if (body.termsSha256 !== planTermsSha256(product, plan)) throw new AppError(codes.termsChanged);
  await assertOwnFunds(tx, req.userId, amountMinor);
  const row = await openOrder(tx, {
    userId: req.userId,
    product,
    plan,
    amountMinor,
    startAt: req.now,
    autoRenew: false,
    renewedFromId: null,
    now: req.now,
  });
  if (!row) throw new AppError(codes.insufficientBalance);
  return row;
}
