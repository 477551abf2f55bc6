// The smart-plan calculator without React: the amount typed checked against the product's range, and every
// figure the card, the confirm step and the early-exit dialog show, through the shared arithmetic
// (`@tradewind/contract/smart-math`) the server applies, so the figures shown are the figures applied.
import type { SmartOrder, SmartProduct } from '@tradewind/contract';
import { formatMinor, tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import { dayMs, quoteSmartPlan, redeemPenaltyOf, type SmartQuote } from '@tradewind/contract/smart-math';

export type AmountCheck =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'below'; min: string }
  | { kind: 'above'; max: string }
  | { kind: 'ok'; minor: bigint; text: string };

/** At most this many characters are typed into the amount (the largest product maximum has far fewer). */
export const amountInputMax = 24;

/** The amount typed, as the server would take it: USDT with at most 6 decimals, within min..max. */
export function checkAmount(
  text: string,
  product: Pick<SmartProduct, 'minAmount' | 'maxAmount'>,
): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const minor = /^\d+(\.\d+)?$/.test(trimmed) ? tryParseDecimal(trimmed, usdtScale) : undefined;
  if (minor === undefined || minor <= 0n) return { kind: 'invalid' };
  const min = tryParseDecimal(product.minAmount, usdtScale);
  const max = tryParseDecimal(product.maxAmount, usdtScale);
  if (min !== undefined && minor < min) return { kind: 'below', min: product.minAmount };
  if (max !== undefined && minor > max) return { kind: 'above', max: product.maxAmount };
  return { kind: 'ok', minor, text: formatMinor(minor, usdtScale) };
}

/** The plan of `days` of a product, or the first one when `days` is not offered (the default chip). */
export function planOf(product: Pick<SmartProduct, 'plans'>, days: number | undefined) {
  return product.plans.find((plan) => plan.days === days) ?? product.plans[0];
}

/** The calculator's figures for an amount that passed checkAmount, bought now; undefined on a bad rate. */
export function quoteOf(
  product: Pick<SmartProduct, 'earlyExitPenaltyPct'>,
  plan: { days: number; dailyRate: string },
  amount: string,
  nowMs: number,
): SmartQuote | undefined {
  try {
    return quoteSmartPlan({
      amount,
      dailyRate: plan.dailyRate,
      days: plan.days,
      earlyExitPenaltyPct: product.earlyExitPenaltyPct,
      startMs: nowMs,
    });
  } catch {
    return undefined;
  }
}

/**
 * What an early exit costs now: the server's own figure when it sent one (redeemPenalty, what redeemSmart
 * expects), else the same arithmetic on the order's figures.
 */
export function exitPenaltyOf(
  order: Pick<SmartOrder, 'amount' | 'interestPaid' | 'earlyExitPenaltyPct' | 'redeemPenalty'>,
): string {
  return order.redeemPenalty ?? redeemPenaltyOf(order);
}

/** What comes back to cash on an early exit: principal less the penalty (interest already paid stays paid). */
export function exitReturnOf(order: Pick<SmartOrder, 'amount'>, penalty: string): string {
  const principal = tryParseDecimal(order.amount, usdtScale) ?? 0n;
  const kept = tryParseDecimal(penalty, usdtScale) ?? 0n;
  return formatMinor(principal - kept, usdtScale);
}

/** Whole percent of the term's days paid, 0 … 100, for the progress bar. */
export function progressPercent(order: Pick<SmartOrder, 'daysPaid' | 'days' | 'status'>): number {
  if (order.status === 'completed') return 100;
  if (order.days <= 0) return 0;
  const ratio = Math.floor((Math.min(order.daysPaid, order.days) * 100) / order.days);
  return Math.max(0, Math.min(100, ratio));
}

export type Countdown = { hours: number; minutes: number; seconds: number };

/** Time left until `atMs` (never negative); a day's interest is paid within 24 hours, so hours suffice. */
export function countdownTo(atMs: number, nowMs: number): Countdown {
  const left = Math.max(0, Math.min(atMs - nowMs, dayMs));
  const totalSeconds = Math.floor(left / 1000);
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** "05:07:09": the countdown in two-digit groups (digits are localized by the caller through Intl). */
export function countdownText({ hours, minutes, seconds }: Countdown): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}
