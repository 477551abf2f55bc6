// No plan rate a loan could fund at a profit (DESIGN.md §1.11, issue 24): the back office refuses a smart plan
// whose yield over its term exceeds what borrowing for those days costs with any enabled loan product, and a
// loan product that would make an enabled plan such a bargain. Integer arithmetic only, in 1e-8 of the
// principal (smart-math's dailyRateScale): a plan's daily rate is already in 1e-8, a loan's in 1e-6 (×100).
//
// A plan of d days at rE8 a day pays d × rE8 over its term.
//
// A loan product (term T days, f interest-free days, rate r ppm per interest-bearing day) costs at least
//     cost(d) = r × max(0, d − k·f),  k = ceil(d / T)
// to hold borrowed money for d days. Why that is a lower bound, whatever the customer does:
// - Money locked in a plan for d days must be borrowed for all of them: leaving the plan early costs the
//   disclosed penalty and the interest not yet paid.
// - A customer has one loan at a time, and a loan is due T days after it is paid out, so n ≥ k loans one
//   after another are needed (or fewer kept past their date, below).
// - A loan's interest is fixed when it is granted: r × (T − f), whenever it is repaid. So n ≥ k loans cost
//   n·r·(T − f) ≥ r·(k·T − k·f) ≥ r·(d − k·f), as k·T ≥ d: re-borrowing to get the free days again never
//   gets under the bound, and the bound charges no day of the last loan beyond the plan's end.
// - Days past a loan's date cost `loan_overdue_daily_rate` on the principal (0.1 % a day by default, above
//   every loan rate), and the back office keeps it at least every loan's r on offer (both editors refuse
//   otherwise, loans/admin-products.ts): so n < k loans kept late cost ≥ r·(d − n·f) ≥ r·(d − k·f) too.
// Plan interest and loan interest are each rounded half-even on the amount, so an equal yield and cost
// (allowed) differ by less than a minor unit per loan.
import { formatMinor } from './money.ts';

/** A plan: its term in days and its daily rate in 1e-8 of the principal (the table's integer). */
export type PlanRate = { days: number; dailyRateE8: bigint | number };
/** A loan product's terms: daily rate in millionths (ppm) of the principal per interest-bearing day. */
export type LoanRate = { termDays: number; freeDays: number; dailyRatePpm: bigint };

/** ppm (1e-6) → 1e-8. */
const ppmToE8 = 100n;

/** A fraction in 1e-8 as percent for people: 450_000n → "0.45" (%). */
export const percentOfE8 = (e8: bigint): string => formatMinor(e8, 6);

/** What a plan pays over its whole term, in 1e-8 of the principal: days × daily rate. */
export function planYieldE8(plan: PlanRate): bigint {
  return BigInt(plan.days) * BigInt(plan.dailyRateE8);
}

/** The least that borrowing for `days` days with `loan` can cost, in 1e-8 of the principal (see above). */
export function borrowingCostE8(loan: LoanRate, days: number): bigint {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`not a plan term: ${days}`);
  if (!Number.isInteger(loan.termDays) || loan.termDays < 1 || loan.freeDays < 0)
    throw new RangeError(`not a loan term: ${loan.termDays} days, ${loan.freeDays} free`);
  const d = BigInt(days);
  const term = BigInt(loan.termDays);
  const loans = (d + term - 1n) / term;
  const charged = d - loans * BigInt(loan.freeDays);
  return charged > 0n ? loan.dailyRatePpm * ppmToE8 * charged : 0n;
}

export type Arbitrage<P extends PlanRate, L extends LoanRate> = {
  plan: P;
  /** The cheapest of the loans for this plan's days: the one that makes it a bargain by the most. */
  loan: L;
  yieldE8: bigint;
  costE8: bigint;
  /** The highest daily rate (1e-8) this plan could have and pass against these loans: floor(cost / days). */
  dailyRateE8Max: bigint;
};

/**
 * The rule: every plan's yield over its term is at most the cost of borrowing for those days with every loan
 * (equal passes). Undefined when it holds; otherwise the first plan (in the order given) that pays more than
 * some loan costs, with the cheapest such loan. Pass only what is on offer: enabled plans and loan products.
 */
export function ratesArbitrage<P extends PlanRate, L extends LoanRate>(
  plans: readonly P[],
  loans: readonly L[],
): Arbitrage<P, L> | undefined {
  for (const plan of plans) {
    let cheapest: { loan: L; costE8: bigint } | undefined;
    for (const loan of loans) {
      const costE8 = borrowingCostE8(loan, plan.days);
      if (!cheapest || costE8 < cheapest.costE8) cheapest = { loan, costE8 };
    }
    const yieldE8 = planYieldE8(plan);
    if (cheapest && yieldE8 > cheapest.costE8)
      return { plan, ...cheapest, yieldE8, dailyRateE8Max: cheapest.costE8 / BigInt(plan.days) };
  }
  return undefined;
}
