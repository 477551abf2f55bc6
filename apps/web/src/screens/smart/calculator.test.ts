// The smart-plan calculator: the amount range, the figures from the shared arithmetic, the early exit, and the
// progress and countdown of a plan.
import { describe, expect, it } from 'vitest';
import { dayMs } from '@tradewind/contract/smart-math';
import {
  checkAmount,
  countdownText,
  countdownTo,
  exitPenaltyOf,
  exitReturnOf,
  planOf,
  progressPercent,
  quoteOf,
} from './calculator.ts';

const product = {
  minAmount: '100',
  maxAmount: '50000',
  earlyExitPenaltyPct: '5',
  plans: [
    { days: 7, dailyRate: '0.0001', termsSha256: '0'.repeat(64) },
    { days: 30, dailyRate: '0.00015', termsSha256: '1'.repeat(64) },
  ],
};

describe('checkAmount', () => {
  it('takes an amount inside min..max with up to six decimals', () => {
    expect(checkAmount('1000.5', product)).toEqual({ kind: 'ok', minor: 1_000_500_000n, text: '1000.5' });
    expect(checkAmount('100', product)).toMatchObject({ kind: 'ok' });
    expect(checkAmount('50000', product)).toMatchObject({ kind: 'ok' });
  });
  it('names the bound an amount outside the range passes', () => {
    expect(checkAmount('99.999999', product)).toEqual({ kind: 'below', min: '100' });
    expect(checkAmount('50000.000001', product)).toEqual({ kind: 'above', max: '50000' });
  });
  it('refuses what the server would not take: seven decimals, signs, exponents, zero', () => {
    for (const text of ['1.0000001', '-5', '1e3', '0', 'abc', '1,000']) {
      expect(checkAmount(text, product).kind, text).toBe('invalid');
    }
    expect(checkAmount('  ', product)).toEqual({ kind: 'empty' });
  });
});

describe('quoteOf', () => {
  it('gives the daily and total interest, maturity and the penalty in money, half-even', () => {
    const now = Date.UTC(2026, 0, 1);
    const quote = quoteOf(product, { days: 30, dailyRate: '0.00015' }, '1000', now);
    expect(quote).toEqual({
      dailyInterest: '0.15',
      totalInterest: '4.5',
      maturityAmount: '1004.5',
      maturityAt: now + 30 * dayMs,
      earlyExitPenalty: '50',
    });
  });
  it('rounds the total once, not each day (33.333333 × 0.0001 × 7)', () => {
    const quote = quoteOf(product, { days: 7, dailyRate: '0.0001' }, '33.333333', 0);
    expect(quote?.dailyInterest).toBe('0.003333');
    expect(quote?.totalInterest).toBe('0.023333');
  });
  it('gives nothing for a malformed rate instead of a wrong figure', () => {
    expect(quoteOf(product, { days: 7, dailyRate: 'x' }, '100', 0)).toBeUndefined();
  });
  it('falls back to the first plan when the chosen days are not offered', () => {
    expect(planOf(product, 90)?.days).toBe(7);
    expect(planOf(product, 30)?.days).toBe(30);
  });
});

describe('early exit', () => {
  const order = { amount: '1000', interestPaid: '1.5', earlyExitPenaltyPct: '5' };
  it("takes the server's penalty when it sent one", () => {
    expect(exitPenaltyOf({ ...order, redeemPenalty: '50.08' })).toBe('50.08');
  });
  it('otherwise computes pct × (principal + interest paid), half-even', () => {
    expect(exitPenaltyOf(order)).toBe('50.075');
    expect(exitReturnOf(order, '50.075')).toBe('949.925');
  });
});

describe('progress and countdown', () => {
  it('counts paid days in whole percent, full once completed', () => {
    expect(progressPercent({ daysPaid: 1, days: 3, status: 'earning' })).toBe(33);
    expect(progressPercent({ daysPaid: 0, days: 30, status: 'earning' })).toBe(0);
    expect(progressPercent({ daysPaid: 9, days: 30, status: 'completed' })).toBe(100);
    expect(progressPercent({ daysPaid: 40, days: 30, status: 'redeemed' })).toBe(100);
  });
  it('counts down to the next payment and never below zero', () => {
    expect(countdownText(countdownTo(3_725_000, 0))).toBe('01:02:05');
    expect(countdownText(countdownTo(0, 5_000))).toBe('00:00:00');
  });
});
