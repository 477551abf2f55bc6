// The smart-plan arithmetic: the days add up to the total exactly, and the penalty never exceeds the principal.
import { describe, expect, it } from 'vitest';
import {
  earlyExitPenaltyMinor,
  interestOfDayMinor,
  parseDailyRate,
  quoteSmartPlan,
  redeemPenaltyOf,
  totalInterestMinor,
} from './smart-math.ts';

describe('smart-plan arithmetic', () => {
  it('totalInterest = amount × dailyRate × days, half-even at 6 decimals', () => {
    // 1000 USDT at 0.03 % a day for 30 days: 9 USDT.
    expect(totalInterestMinor(1_000_000_000n, 30_000n, 30)).toBe(9_000_000n);
    // 0.000001 × 0.00005 × 7 = 3.5e-10 USDT: half-even to 0; 10.000001 USDT at 0.5 (50 %) a day → ties to even.
    expect(totalInterestMinor(1n, 5_000n, 7)).toBe(0n);
    expect(totalInterestMinor(1n, 50_000_000n, 1)).toBe(0n); // 0.5 → 0 (even)
    expect(totalInterestMinor(3n, 50_000_000n, 1)).toBe(2n); // 1.5 → 2 (even)
  });

  it('the days pay the total to the minor unit, each within half a unit of amount × rate', () => {
    const amount = 123_456_789n;
    const rate = 12_345n;
    let paid = 0n;
    for (let day = 1; day <= 180; day++) paid += interestOfDayMinor(amount, rate, day);
    expect(paid).toBe(totalInterestMinor(amount, rate, 180));
  });

  it('penalty = pct × (principal + interest paid), capped at the principal', () => {
    expect(earlyExitPenaltyMinor(1_000_000_000n, 3_000_000n, 500n)).toBe(50_150_000n);
    expect(earlyExitPenaltyMinor(100n, 50n, 20_000n)).toBe(100n);
    expect(redeemPenaltyOf({ amount: '1000', interestPaid: '3', earlyExitPenaltyPct: '5' })).toBe('50.15');
  });

  it('rates with more than 8 places are not rates the server shows', () => {
    expect(parseDailyRate('0.0003')).toBe(30_000n);
    expect(parseDailyRate('0.000300001')).toBeUndefined();
    expect(parseDailyRate('-0.1')).toBeUndefined();
  });

  it('the calculator answers from wire values', () => {
    const q = quoteSmartPlan({
      amount: '1000',
      dailyRate: '0.0003',
      days: 30,
      earlyExitPenaltyPct: '5',
      startMs: 0,
    });
    expect(q).toEqual({
      dailyInterest: '0.3',
      totalInterest: '9',
      maturityAmount: '1009',
      maturityAt: 30 * 86_400_000,
      earlyExitPenalty: '50',
    });
  });
});
