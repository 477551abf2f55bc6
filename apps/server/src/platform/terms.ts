// "Terms shown are terms applied" (DESIGN.md §1.7, CONTRACT.md "Terms shown = terms applied"): the confirm
// step sends back the terms it displayed, and the service compares them with the terms in force inside its
// transaction, before anything is written. Withdrawals use it now (quotedFee); contracts (quotedPrice,
// quotedFeeRate), smart plans (quotedDailyRate, quotedPenalty) and loans (agreementSha256) are next.
import { codes } from '@tradewind/contract';
import { AppError } from './errors.ts';

/** Money and rates in integer minor units; documents by their hash. Never a float. */
export type TermValue = bigint | string;

/**
 * The names of the terms whose applied value differs from the shown one. A bigint term may move by up to
 * its `tolerance` (e.g. a disclosed maximum slippage on a price); a string term must be identical.
 */
export function changedTerms<K extends string>(
  shown: Record<K, TermValue>,
  applied: Record<K, TermValue>,
  tolerance: Partial<Record<K, bigint>> = {},
): K[] {
  const changed: K[] = [];
  for (const name of Object.keys(applied) as K[]) {
    const [s, a] = [shown[name], applied[name]];
    if (typeof s !== typeof a) throw new Error(`term ${name}: shown and applied are of different kinds`);
    const allowed = tolerance[name] ?? 0n;
    if (allowed < 0n) throw new Error(`term ${name}: a negative tolerance`);
    const same = typeof s === 'bigint' && typeof a === 'bigint' ? abs(a - s) <= allowed : s === a;
    if (!same) changed.push(name);
  }
  return changed;
}

/**
 * Refuses with 10112 (HTTP 409) when any term changed between the quote the customer saw and now. Call it
 * inside the business transaction, after reading the terms in force and before posting: the refusal then
 * rolls everything back, so nothing is held or charged, and the caller's idempotency key stays unspent.
 */
export function assertTermsUnchanged<K extends string>(
  shown: Record<K, TermValue>,
  applied: Record<K, TermValue>,
  tolerance: Partial<Record<K, bigint>> = {},
): void {
  if (changedTerms(shown, applied, tolerance).length > 0) throw new AppError(codes.termsChanged);
}

const abs = (n: bigint) => (n < 0n ? -n : n);
