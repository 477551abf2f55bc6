// The withdrawal fee: a rate read from `withdraw_fee_rate` ("0.01") applied to the amount in integers, with
// a floor of `withdraw_fee_min`, so no withdrawal is free of its review cost.
import { roundHalfEven, tryParseDecimal } from '@tradewind/contract/money';

/** Rates are kept in millionths: generous enough for any rate an operator would set (0.125 % = 1250). */
export const feeRatePpmScale = 6;
const ppmPerOne = 1_000_000n;

/** "0.01" → 10000; undefined unless 0 ≤ rate < 1 with at most 6 decimals. */
export function parseFeeRatePpm(text: string): number | undefined {
  const ppm = tryParseDecimal(text, feeRatePpmScale);
  if (ppm === undefined || ppm < 0n || ppm >= ppmPerOne) return undefined;
  return Number(ppm);
}

/**
 * fee = max(amount × rate rounded half to even to the asset's minor unit, minFee). Half-even because it
 * favours neither side over many withdrawals; the floor is what a tiny amount pays. The fee is part of the
 * amount: the customer's cash goes down by `amountMinor` and the destination receives `amountMinor − fee`.
 */
export function withdrawalFeeMinor(amountMinor: bigint, feeRatePpm: number, minFeeMinor: bigint): bigint {
  const proportional = roundHalfEven(amountMinor * BigInt(feeRatePpm), ppmPerOne);
  return proportional > minFeeMinor ? proportional : minFeeMinor;
}
