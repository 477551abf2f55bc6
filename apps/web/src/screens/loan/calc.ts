// The loan calculator's reading of what the customer typed, on the shared loan arithmetic
// (`@tradewind/contract/loan-math`, the server's own), so the figures shown are the figures applied; and the
// countdown to a repayment date. Pure: no React, no clock of its own.
import type { LoanProduct } from '@tradewind/contract';
import { loanQuote } from '@tradewind/contract/loan-math';
import { parseAmount, usdtScale } from '@tradewind/contract/money';

export type LoanQuote = NonNullable<ReturnType<typeof loanQuote>>;

/** What the amount field holds, for these product bounds. */
export type AmountCheck =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'below'; min: string }
  | { kind: 'above'; max: string }
  /** Above `loan_limit_per_customer` (the server's 10173), where that is lower than the product's maximum. */
  | { kind: 'overLimit'; limit: string }
  | { kind: 'ok'; amount: string; quote: LoanQuote };

/**
 * The typed amount checked against the product (a plain USDT decimal of at most 6 places, within
 * min..max, as the server checks: 10013 otherwise) and the per-customer limit (`limit`, the
 * `loan_limit_per_customer` parameter, when known: 10173 otherwise) and, when it fits, the quote. Of the two
 * ceilings the lower one is named. `nowMs` stands for the approval time, which fixes the real repayment date.
 */
export function checkAmount(
  product: LoanProduct,
  text: string,
  nowMs: number,
  limit?: string | null,
): AmountCheck {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  const minor = parseAmount(typed, usdtScale);
  if (minor === undefined || minor === 0n) return { kind: 'invalid' };
  const min = parseAmount(product.minAmount, usdtScale);
  const max = parseAmount(product.maxAmount, usdtScale);
  const limitMinor = limit ? parseAmount(limit, usdtScale) : undefined;
  if (min !== undefined && minor < min) return { kind: 'below', min: product.minAmount };
  const lowerCeiling = (ceiling: bigint) => max === undefined || ceiling < max;
  if (limit && limitMinor !== undefined && minor > limitMinor && lowerCeiling(limitMinor))
    return { kind: 'overLimit', limit };
  if (max !== undefined && minor > max) return { kind: 'above', max: product.maxAmount };
  const quote = loanQuote(product, typed, nowMs);
  if (!quote) return { kind: 'invalid' };
  return { kind: 'ok', amount: typed, quote };
}

/** The quote for the product's smallest amount: what the cards show before anything is typed. */
export function exampleQuote(product: LoanProduct, nowMs: number): LoanQuote | undefined {
  return loanQuote(product, product.minAmount, nowMs);
}

export type Countdown = { overdue: boolean; days: number; hours: number; minutes: number };

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Time left until `dueMs` (or past it, when overdue), in whole days, hours and minutes. */
export function countdown(dueMs: number, nowMs: number): Countdown {
  const overdue = nowMs > dueMs;
  const left = Math.abs(dueMs - nowMs);
  return {
    overdue,
    days: Math.floor(left / dayMs),
    hours: Math.floor((left % dayMs) / hourMs),
    minutes: Math.floor((left % hourMs) / minuteMs),
  };
}

/** "14 days, 3 hr, 5 min" in the locale (Intl units and list), leaving out leading zero units. */
export function formatCountdown(c: Countdown, locale: string): string {
  const unit = (value: number, unit: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  const parts: string[] = [];
  if (c.days > 0) parts.push(unit(c.days, 'day'));
  if (c.days > 0 || c.hours > 0) parts.push(unit(c.hours, 'hour'));
  parts.push(unit(c.minutes, 'minute'));
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
}

/** "15 days" in the locale, plural forms by Intl (no plural keys in the catalogues). */
export function formatDays(days: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}
