// The rate rule of DESIGN.md §1.11 on the seeded products (the loans of migration 0013, the plans of
// smart/seed.ts as migration 0030 leaves them), each pair's yield and cost worked out by hand, and the rule's
// edges: equal passes, free days re-borrowed, a plan shorter than the free days.
import { describe, expect, it } from 'vitest';
import { borrowingCostE8, percentOfE8, planYieldE8, ratesArbitrage } from './product-rates.ts';

const quick15 = { name: 'quick-15', termDays: 15, freeDays: 7, dailyRatePpm: 500n };
const standard30 = { name: 'standard-30', termDays: 30, freeDays: 7, dailyRatePpm: 400n };
const extended90 = { name: 'extended-90', termDays: 90, freeDays: 7, dailyRatePpm: 300n };
const seededLoans = [quick15, standard30, extended90];

const plan = (name: string, days: number, dailyRateE8: number) => ({ name, days, dailyRateE8 });
const seededPlans = [
  plan('steady', 14, 10_000),
  plan('steady', 30, 15_000),
  plan('steady', 90, 20_000),
  plan('steady', 180, 25_000),
  plan('growth', 30, 20_000),
  plan('growth', 90, 25_000),
  plan('growth', 180, 26_000),
];

// Cost in 1e-8 of the principal: ppm × 100 × (d − ceil(d / T) × 7).
const seededCosts: Record<string, Record<number, bigint>> = {
  // 14 d: 1 loan, 7 days charged; 30 d: 2 loans, 16; 90 d: 6 loans, 48; 180 d: 12 loans, 96.
  'quick-15': { 14: 350_000n, 30: 800_000n, 90: 2_400_000n, 180: 4_800_000n },
  // 1 loan: 7, 23; 3 loans: 69; 6 loans: 138.
  'standard-30': { 14: 280_000n, 30: 920_000n, 90: 2_760_000n, 180: 5_520_000n },
  // 1 loan: 7, 23, 83; 2 loans: 166.
  'extended-90': { 14: 210_000n, 30: 690_000n, 90: 2_490_000n, 180: 4_980_000n },
};
const seededYields = [140_000n, 450_000n, 1_800_000n, 4_500_000n, 600_000n, 2_250_000n, 4_680_000n];

describe('the seeded products', () => {
  it('every loan × plan pair: the plan pays no more over its term than the loan costs for those days', () => {
    const pairs: string[] = [];
    for (const [i, p] of seededPlans.entries()) {
      expect(planYieldE8(p), `${p.name} ${p.days} d`).toBe(seededYields[i]);
      for (const loan of seededLoans) {
        const cost = borrowingCostE8(loan, p.days);
        expect(cost, `${loan.name} for ${p.days} d`).toBe(seededCosts[loan.name]?.[p.days]);
        expect(planYieldE8(p) <= cost, `${p.name} ${p.days} d vs ${loan.name}`).toBe(true);
        expect(ratesArbitrage([p], [loan])).toBeUndefined();
        pairs.push(`${p.name}-${p.days}×${loan.name}`);
      }
    }
    expect(pairs).toHaveLength(21);
    expect(ratesArbitrage(seededPlans, seededLoans)).toBeUndefined();
  });

  it('the plans seeded before issue 24 fail, each named with the loan that funds it at a profit', () => {
    // Steady 7 days: inside any loan's 7 free days, borrowing costs nothing.
    expect(ratesArbitrage([plan('steady', 7, 10_000)], seededLoans)).toMatchObject({
      loan: quick15,
      yieldE8: 70_000n,
      costE8: 0n,
      dailyRateE8Max: 0n,
    });
    // Growth 90 days at 0.04 %: 3.6 % against 2.4 % with six quick loans in a row (the attack used
    // the 90-day loan: 2.49 %).
    expect(ratesArbitrage([plan('growth', 90, 40_000)], seededLoans)).toMatchObject({
      plan: { name: 'growth', days: 90 },
      loan: quick15,
      yieldE8: 3_600_000n,
      costE8: 2_400_000n,
      dailyRateE8Max: 26_666n,
    });
    expect(ratesArbitrage([plan('growth', 30, 30_000)], seededLoans)).toMatchObject({
      loan: extended90,
      costE8: 690_000n,
    });
    expect(ratesArbitrage([plan('growth', 180, 50_000)], seededLoans)?.costE8).toBe(4_800_000n);
  });
});

describe('the rule', () => {
  it('a yield equal to the cost passes; one unit of rate above it is refused', () => {
    // 14 days at 0.015 %: 0.21 %, what 7 charged days at 0.03 % cost.
    expect(ratesArbitrage([plan('p', 14, 15_000)], [extended90])).toBeUndefined();
    expect(ratesArbitrage([plan('p', 14, 15_001)], [extended90])).toMatchObject({
      yieldE8: 210_014n,
      costE8: 210_000n,
      dailyRateE8Max: 15_000n,
    });
  });

  it('re-borrowing gets the free days again: ceil(d / T) loans, each with its free days', () => {
    // 15 days: one loan. 16 days: two loans, 14 free days.
    expect(borrowingCostE8(quick15, 15)).toBe(8n * 500n * 100n);
    expect(borrowingCostE8(quick15, 16)).toBe(2n * 500n * 100n);
    // Two loans of 15 days with 15 free days each: 30 days cost nothing.
    expect(borrowingCostE8({ termDays: 15, freeDays: 15, dailyRatePpm: 500n }, 30)).toBe(0n);
    // Fewer days than the free days: nothing charged, never a negative cost.
    expect(borrowingCostE8(quick15, 3)).toBe(0n);
  });

  it('answers the first failing plan in the order given, with its cheapest loan', () => {
    const plans = [plan('ok', 30, 10_000), plan('first', 90, 30_000), plan('second', 180, 90_000)];
    const found = ratesArbitrage(plans, seededLoans);
    expect(found?.plan.name).toBe('first');
    expect(found?.loan.name).toBe('quick-15');
  });

  it('nothing to borrow (no enabled loan) or nothing to fund: no pair fails', () => {
    expect(ratesArbitrage(seededPlans, [])).toBeUndefined();
    expect(ratesArbitrage([], seededLoans)).toBeUndefined();
  });

  it('reads a yield or cost in percent for people: 1e-8 of the amount at 6 places', () => {
    expect([percentOfE8(450_000n), percentOfE8(4_680_000n), percentOfE8(0n), percentOfE8(1n)]).toEqual([
      '0.45',
      '4.68',
      '0',
      '0.000001',
    ]);
  });

  it('refuses a fractional rate or a term that is not a whole number of days: programmer errors', () => {
    expect(() => planYieldE8({ days: 7, dailyRateE8: 1.5 })).toThrow(RangeError);
    expect(() => borrowingCostE8(quick15, 0)).toThrow(RangeError);
    expect(() => borrowingCostE8({ ...quick15, termDays: 0 }, 7)).toThrow(RangeError);
  });
});
