// Smart plans on the wire (CONTRACT.md "Orders", "Market and content"; issue 10): the products with their
// plans, buying with the daily rate the confirm step showed, the customer's orders, the early exit with the
// penalty it showed, and the auto-renew switch. The arithmetic both sides use is in smart-math.ts (no zod).
import { z } from 'zod';
import { amountString, decimalString, idString, pageQuery } from './common.ts';
import { termsSha256 } from './market.ts';
import { usdtScale } from './money.ts';
import { smartOrderStatuses } from './smart-math.ts';

export { smartOrderStatuses, type SmartOrderStatus } from './smart-math.ts';

/** One duration of a product: `dailyRate` a decimal fraction ("0.0003" is 0.03 % a day), fixed for the term. */
export const smartPlanTerms = z.object({ days: z.number().int().positive(), dailyRate: decimalString });
/** A plan as the customer's card shows it, with the hash of what the card disclosed. */
export const smartPlan = smartPlanTerms.extend({
  /** SHA-256 over this plan's terms (rate, days, amounts, early-exit penalty); buySmart sends it back. */
  termsSha256,
});
export type SmartPlan = z.infer<typeof smartPlan>;

export const smartProduct = z.object({
  id: z.string(),
  /** In the request's language. */
  name: z.string(),
  /** Plain words: who pays the interest and what the plan is not. */
  description: z.string(),
  minAmount: decimalString,
  maxAmount: decimalString,
  plans: z.array(smartPlan),
  /** Percent of (principal + interest paid so far) kept on an early exit: "5" is 5 %. */
  earlyExitPenaltyPct: decimalString,
});
export type SmartProduct = z.infer<typeof smartProduct>;

export const buySmartBody = z.strictObject({
  productId: idString,
  days: z.number().int().min(1).max(3650),
  /** USDT, at most 6 decimals. */
  amount: amountString(usdtScale, { positive: true }),
  /** The daily rate the confirm step showed; any other than the plan's rate in force: 10112. */
  quotedDailyRate: decimalString,
  /** The plan's `termsSha256` from listSmartProduct as the confirm step showed it; any change: 10112. */
  termsSha256,
});
export type BuySmartBody = z.infer<typeof buySmartBody>;

export const smartOrderIdParams = z.strictObject({ id: idString });

export const listSmartOrderQuery = pageQuery.extend({ status: z.enum(smartOrderStatuses).optional() });
export type ListSmartOrderQuery = z.infer<typeof listSmartOrderQuery>;

export const redeemSmartBody = z.strictObject({
  /** The penalty (USDT) the early-exit dialog showed; any other amount: 10112. */
  quotedPenalty: amountString(usdtScale),
});
export type RedeemSmartBody = z.infer<typeof redeemSmartBody>;

/** POST /swx/customer/order/smartAutoRenew/{id} **+**: renew at maturity or not (while earning). */
export const smartAutoRenewBody = z.strictObject({ autoRenew: z.boolean() });
export type SmartAutoRenewBody = z.infer<typeof smartAutoRenewBody>;

export const smartOrder = z.object({
  id: z.string(),
  productId: z.string(),
  /** In the request's language. */
  productName: z.string(),
  amount: decimalString,
  days: z.number().int(),
  /** Locked at purchase for the whole term. */
  dailyRate: decimalString,
  dailyInterest: decimalString,
  totalInterest: decimalString,
  interestPaid: decimalString,
  /** Days whose interest has been paid (0 … days). */
  daysPaid: z.number().int(),
  /** Locked at purchase. */
  earlyExitPenaltyPct: decimalString,
  startAt: z.number().int(),
  /** While earning: when the next day's interest is paid. */
  nextEarningAt: z.number().int().optional(),
  maturityAt: z.number().int(),
  status: z.enum(smartOrderStatuses),
  autoRenew: z.boolean(),
  /**
   * While earning and before maturity: what an early exit costs now, what redeemSmart expects as
   * `quotedPenalty`. Days already earned but not yet paid by the job count as paid (the exit pays them first).
   */
  redeemPenalty: decimalString.optional(),
  /** Redeemed: the penalty kept. */
  penalty: decimalString.optional(),
  redeemedAt: z.number().int().optional(),
  completedAt: z.number().int().optional(),
  /** The order this one renewed (auto-renew), if any. */
  renewedFromId: z.string().optional(),
});
export type SmartOrder = z.infer<typeof smartOrder>;

/** Back office: a product as edited, with every language's texts and each plan's rate (CRUD smart-products). */
export const adminSmartProduct = z.object({
  id: z.string(),
  code: z.string(),
  names: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  minAmount: decimalString,
  maxAmount: decimalString,
  earlyExitPenaltyPct: decimalString,
  /** As the editor writes them back (no hash: the back office edits terms, it does not buy). */
  plans: z.array(smartPlanTerms),
  enabled: z.boolean(),
  /** Orders earning on it now: they keep the rate and penalty they were bought at. */
  earningOrders: z.number().int().min(0),
  updatedAt: z.number().int(),
});
export type AdminSmartProduct = z.infer<typeof adminSmartProduct>;
// The request bodies are in catalogue.ts, with the other products the back office edits.
