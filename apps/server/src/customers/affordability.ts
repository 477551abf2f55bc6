// The arithmetic a loan decision weighs (issue 24, DESIGN §1.11), pure and on bigint minor units: what is the
// applicant's own, how far it covers the repayment, how much of what they would hold is borrowed, and what a
// past loan's late cost came to. Each rounding leans the lender's way: cover is rounded down, the borrowed
// share up, so a figure never looks safer than the money behind it.
import { formatMinor, roundDown, roundUp } from '@tradewind/contract/money';
import { assert } from '../platform/errors.ts';

/** Decimals of the cover ratio ("0.85") and of the borrowed share ("0.8334"). */
export const coverRatioScale = 2;
export const borrowedShareScale = 4;

/** cash + plan principal − principal owed: money that is the customer's, not the platform's lent back. */
export function ownFundsMinor(p: {
  cashMinor: bigint;
  planPrincipalMinor: bigint;
  owedPrincipalMinor: bigint;
}) {
  return p.cashMinor + p.planPrincipalMinor - p.owedPrincipalMinor;
}

/** Negative own funds cover nothing and hold nothing: both ratios read them as zero. */
const held = (ownMinor: bigint): bigint => (ownMinor > 0n ? ownMinor : 0n);

export type Affordability = { coverRatio: string; covered: boolean; borrowedShare: string };

export function affordability(
  ownMinor: bigint,
  loan: { amountMinor: bigint; repayMinor: bigint },
): Affordability {
  assert(
    loan.amountMinor > 0n && loan.repayMinor >= loan.amountMinor,
    'a loan lends something and is repaid with its interest (loans_amounts)',
  );
  const own = held(ownMinor);
  const coverUnit = 10n ** BigInt(coverRatioScale);
  const shareUnit = 10n ** BigInt(borrowedShareScale);
  return {
    coverRatio: formatMinor(roundDown(own * coverUnit, loan.repayMinor), coverRatioScale),
    covered: ownMinor >= loan.repayMinor,
    borrowedShare: formatMinor(
      roundUp(loan.amountMinor * shareUnit, own + loan.amountMinor),
      borrowedShareScale,
    ),
  };
}

/**
 * The part of a loan's late cost that has been paid: repayments go to interest and late cost first (one
 * income line, loans/repay.ts), and the interest was due before any late day, so what income exceeds the
 * interest by is late cost, never more than accrued.
 */
export function latePaidMinor(p: {
  paidIncomeMinor: bigint;
  interestMinor: bigint;
  lateChargeMinor: bigint;
}) {
  const beyondInterest = p.paidIncomeMinor - p.interestMinor;
  if (beyondInterest <= 0n) return 0n;
  return beyondInterest < p.lateChargeMinor ? beyondInterest : p.lateChargeMinor;
}
