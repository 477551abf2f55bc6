// The arithmetic of a smart plan (CONTRACT.md "Orders", DESIGN.md §5), without zod: the server applies it and
// the customer app's calculator and confirm dialogs show it, from the same code, so the figures shown are the
// figures applied. Amounts are bigint USDT minor units; every division is named (half-even, DESIGN.md §1.1).
import { formatMinor, parseDecimal, roundHalfEven, tryParseDecimal, usdtScale } from './money.ts';

/**
 * A daily rate travels as a decimal fraction with at most this many places ("0.0003" is 0.03 % a day) and is
 * stored as an integer count of 1e-8: 0.03 % a day is 30,000.
 */
export const dailyRateScale = 8;
/** The early-exit penalty travels in percent with at most two places ("5", "2.5") and is stored in basis points. */
export const penaltyPctScale = 2;
/** One plan day: interest is paid at each anniversary of the purchase time. */
export const dayMs = 86_400_000;

export const smartOrderStatuses = ['earning', 'completed', 'redeemed'] as const;
export type SmartOrderStatus = (typeof smartOrderStatuses)[number];

const rateUnit = 10n ** BigInt(dailyRateScale);
const bpsUnit = 10_000n;

/** Interest earned from the start through the end of `day` (0 … days): amount × rate × day, half-even. */
export function interestThroughDayMinor(amountMinor: bigint, dailyRateUnits: bigint, day: number): bigint {
  return roundHalfEven(amountMinor * dailyRateUnits * BigInt(day), rateUnit);
}

/** totalInterest = amount × dailyRate × days, half-even at the USDT scale. */
export function totalInterestMinor(amountMinor: bigint, dailyRateUnits: bigint, days: number): bigint {
  return interestThroughDayMinor(amountMinor, dailyRateUnits, days);
}

/**
 * What day `day` (1 … days) pays: the rounded total through that day less the rounded total through the day
 * before. Each day is then within half a minor unit of amount × rate, and the days add up to totalInterest
 * exactly, so no minor unit is lost or invented by rounding each day separately.
 */
export function interestOfDayMinor(amountMinor: bigint, dailyRateUnits: bigint, day: number): bigint {
  return (
    interestThroughDayMinor(amountMinor, dailyRateUnits, day) -
    interestThroughDayMinor(amountMinor, dailyRateUnits, day - 1)
  );
}

/** The calculator's "daily interest": amount × dailyRate, half-even. */
export function dailyInterestMinor(amountMinor: bigint, dailyRateUnits: bigint): bigint {
  return interestThroughDayMinor(amountMinor, dailyRateUnits, 1);
}

/**
 * The early-exit penalty: earlyExitPenaltyPct × (principal + interest paid so far), half-even, never more than
 * the principal (the principal less the penalty goes back to cash, and that is never negative).
 */
export function earlyExitPenaltyMinor(
  principalMinor: bigint,
  interestPaidMinor: bigint,
  penaltyBps: bigint,
): bigint {
  const penalty = roundHalfEven((principalMinor + interestPaidMinor) * penaltyBps, bpsUnit);
  return penalty > principalMinor ? principalMinor : penalty;
}

/** When day `day` (1 … days) is paid: `day` whole days after the purchase. */
export const earningAtMs = (startMs: number, day: number): number => startMs + day * dayMs;
/** Maturity: the last day's anniversary, when the principal comes back. */
export const maturityAtMs = (startMs: number, days: number): number => earningAtMs(startMs, days);

/** "0.0003" → 30000n; undefined when it is not a rate of at most `dailyRateScale` places. */
export const parseDailyRate = (text: string): bigint | undefined => {
  const units = /^\d{1,3}(\.\d{1,20})?$/.test(text.trim())
    ? tryParseDecimal(text, dailyRateScale)
    : undefined;
  return units === undefined || units < 0n ? undefined : units;
};
export const formatDailyRate = (units: bigint): string => formatMinor(units, dailyRateScale);
/** The daily rate in percent for people: 30000n → "0.03" (%). */
export const dailyRatePercent = (units: bigint): string => formatMinor(units, dailyRateScale - 2);
export const formatPenaltyPct = (bps: bigint): string => formatMinor(bps, penaltyPctScale);
export const parsePenaltyPct = (text: string): bigint | undefined => {
  const bps = tryParseDecimal(text, penaltyPctScale);
  return bps === undefined || bps < 0n ? undefined : bps;
};

export type SmartQuote = {
  dailyInterest: string;
  totalInterest: string;
  /** Principal + total interest, what comes back at maturity. */
  maturityAmount: string;
  maturityAt: number;
  /** The early-exit penalty before any interest is paid (grows with the interest paid). */
  earlyExitPenalty: string;
};

/**
 * The calculator from wire values: `amount` USDT, `dailyRate` as listSmartProduct gives it, `days` a plan's,
 * `earlyExitPenaltyPct` the product's, bought at `startMs`. Throws on a malformed rate or amount.
 */
export function quoteSmartPlan(p: {
  amount: string;
  dailyRate: string;
  days: number;
  earlyExitPenaltyPct: string;
  startMs: number;
}): SmartQuote {
  const amountMinor = parseDecimal(p.amount, usdtScale);
  const rate = parseDailyRate(p.dailyRate);
  const bps = parsePenaltyPct(p.earlyExitPenaltyPct);
  if (rate === undefined || bps === undefined) throw new RangeError('not a daily rate or a penalty percent');
  const total = totalInterestMinor(amountMinor, rate, p.days);
  const money = (minor: bigint) => formatMinor(minor, usdtScale);
  return {
    dailyInterest: money(dailyInterestMinor(amountMinor, rate)),
    totalInterest: money(total),
    maturityAmount: money(amountMinor + total),
    maturityAt: maturityAtMs(p.startMs, p.days),
    earlyExitPenalty: money(earlyExitPenaltyMinor(amountMinor, 0n, bps)),
  };
}

/**
 * pct × (amount + interestPaid) from an order's wire figures. What redeemSmart expects is the order's own
 * `redeemPenalty`, which also counts days whose anniversary has passed but are not paid yet (the exit pays
 * them first); the two agree whenever the interest job is up to date.
 */
export function redeemPenaltyOf(order: {
  amount: string;
  interestPaid: string;
  earlyExitPenaltyPct: string;
}): string {
  const bps = parsePenaltyPct(order.earlyExitPenaltyPct);
  if (bps === undefined) throw new RangeError('not a penalty percent');
  const penalty = earlyExitPenaltyMinor(
    parseDecimal(order.amount, usdtScale),
    parseDecimal(order.interestPaid, usdtScale),
    bps,
  );
  return formatMinor(penalty, usdtScale);
}
