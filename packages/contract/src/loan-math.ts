// The arithmetic of a loan (DESIGN.md §5, issue 10 "Loans"), without zod: the server applies it and the
// customer app's calculator shows it, from the same code, so the figures shown are the figures applied.
// Amounts are bigint USDT minor units; the daily rate is a bigint count of millionths (ppm) a day.
import { formatMinor, parseDecimal, roundHalfEven, tryParseDecimal, usdtScale } from './money.ts';

/** Decimals a daily rate travels with: "0.0005" (0.05 % a day) is 500 ppm. */
export const loanRateScale = 6;
const rateUnit = 10n ** BigInt(loanRateScale);
const dayMs = 86_400_000;

export const loanStatuses = ['pending', 'rejected', 'repaying', 'overdue', 'repaid'] as const;
export type LoanStatus = (typeof loanStatuses)[number];

export type LoanTermsInput = {
  amountMinor: bigint;
  /** Millionths of the amount charged per interest-bearing day. */
  dailyRatePpm: bigint;
  termDays: number;
  freeDays: number;
};

/** Days that bear interest: the term less the interest-free days, never below zero. */
export function interestDays(termDays: number, freeDays: number): number {
  return Math.max(0, termDays - freeDays);
}

/** interest = amount × dailyRate × max(0, termDays − freeDays), half-even at the USDT scale. */
export function loanInterestMinor(t: LoanTermsInput): bigint {
  const days = BigInt(interestDays(t.termDays, t.freeDays));
  return roundHalfEven(t.amountMinor * t.dailyRatePpm * days, rateUnit);
}

/** What the customer repays: amount + interest. */
export function loanRepayMinor(t: LoanTermsInput): bigint {
  return t.amountMinor + loanInterestMinor(t);
}

/** The repayment date: the approval time plus the term in whole days. */
export function loanRepayDateMs(approvedAtMs: number, termDays: number): number {
  return approvedAtMs + termDays * dayMs;
}

/**
 * One day's late cost: the unpaid principal × the overdue daily rate (ppm), half-even at the USDT scale. It
 * accrues once per whole day past the repayment date on the principal still unpaid that day (no charge on
 * a charge), and repayments go to interest and late cost first, then principal.
 */
export function loanLateChargeMinor(unpaidPrincipalMinor: bigint, overdueRatePpm: bigint): bigint {
  return roundHalfEven(unpaidPrincipalMinor * overdueRatePpm, rateUnit);
}

/** "0.0005" → 500n; refuses more than six decimals rather than rounding. */
export const parseDailyRate = (rate: string): bigint => parseDecimal(rate, loanRateScale);
/** A rate for people, in percent a day: 1000n (0.001) → "0.1". */
export const formatDailyRatePercent = (ppm: bigint): string => formatMinor(ppm, loanRateScale - 2);
/** 500n → "0.0005". */
export const formatDailyRate = (ppm: bigint): string => formatMinor(ppm, loanRateScale);

/**
 * The calculator's figures from wire values (product decimals and a typed amount), as decimal strings at
 * the USDT scale; undefined when the amount is not a valid USDT amount. `approvedAtMs` (default: now) only
 * sets the shown repayment date, which the server fixes at approval.
 */
export function loanQuote(
  product: { dailyRate: string; termDays: number; freeDays: number; overdueDailyRate: string },
  amount: string,
  approvedAtMs: number = Date.now(),
):
  | { interest: string; repayAmount: string; interestDays: number; repayDate: number; latePerDay: string }
  | undefined {
  const amountMinor = tryParseDecimal(amount, usdtScale);
  if (amountMinor === undefined || amountMinor < 0n) return undefined;
  const terms = { ...product, amountMinor, dailyRatePpm: parseDailyRate(product.dailyRate) };
  return {
    interest: formatMinor(loanInterestMinor(terms), usdtScale, usdtScale),
    repayAmount: formatMinor(loanRepayMinor(terms), usdtScale, usdtScale),
    interestDays: interestDays(product.termDays, product.freeDays),
    repayDate: loanRepayDateMs(approvedAtMs, product.termDays),
    /** A day's late cost if nothing of the principal were repaid by the date. */
    latePerDay: formatMinor(
      loanLateChargeMinor(amountMinor, parseDailyRate(product.overdueDailyRate)),
      usdtScale,
      usdtScale,
    ),
  };
}
