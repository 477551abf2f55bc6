// The affordability arithmetic at its edges: rounding that leans the lender's way, own funds below zero, and
// a late cost paid only once the interest is.
import { describe, expect, it } from 'vitest';
import { affordability, latePaidMinor, ownFundsMinor } from './affordability.ts';

const usdt = (whole: bigint) => whole * 1_000_000n;

describe('affordability', () => {
  it('own funds are cash and plans less the principal owed, and may be negative', () => {
    expect(ownFundsMinor({ cashMinor: 5n, planPrincipalMinor: 3n, owedPrincipalMinor: 2n })).toBe(6n);
    expect(ownFundsMinor({ cashMinor: 4n, planPrincipalMinor: 0n, owedPrincipalMinor: 10n })).toBe(-6n);
  });

  it('rounds cover down and the borrowed share up: 2/3 covers 0.66, 1000 of 3000 borrowed is 0.3334', () => {
    const loan = { amountMinor: usdt(1000n), repayMinor: usdt(3000n) };
    expect(affordability(usdt(2000n), loan)).toEqual({
      coverRatio: '0.66',
      covered: false,
      borrowedShare: '0.3334',
    });
  });

  it('covers exactly at the repayment amount, not a unit below', () => {
    const loan = { amountMinor: usdt(1000n), repayMinor: usdt(1010n) };
    expect(affordability(usdt(1010n), loan)).toMatchObject({ coverRatio: '1', covered: true });
    expect(affordability(usdt(1010n) - 1n, loan)).toMatchObject({ coverRatio: '0.99', covered: false });
    expect(affordability(usdt(1000n), loan).borrowedShare).toBe('0.5');
  });

  it('negative own funds cover nothing and leave the loan wholly borrowed', () => {
    const loan = { amountMinor: usdt(1000n), repayMinor: usdt(1010n) };
    expect(affordability(-usdt(600n), loan)).toEqual({ coverRatio: '0', covered: false, borrowedShare: '1' });
  });

  it('refuses a loan its table could not hold (a programmer error)', () => {
    expect(() => affordability(0n, { amountMinor: 0n, repayMinor: 0n })).toThrow(/assertion failed/);
    expect(() => affordability(0n, { amountMinor: 10n, repayMinor: 9n })).toThrow(/assertion failed/);
  });

  it('a late cost counts as paid only beyond the interest, and never beyond what accrued', () => {
    const loan = { interestMinor: 40n, lateChargeMinor: 10n };
    expect(latePaidMinor({ ...loan, paidIncomeMinor: 30n })).toBe(0n);
    expect(latePaidMinor({ ...loan, paidIncomeMinor: 40n })).toBe(0n);
    expect(latePaidMinor({ ...loan, paidIncomeMinor: 47n })).toBe(7n);
    expect(latePaidMinor({ ...loan, paidIncomeMinor: 50n })).toBe(10n);
    expect(latePaidMinor({ ...loan, paidIncomeMinor: 60n })).toBe(10n);
  });
});
