// "Terms shown are terms applied" (DESIGN.md §1.7, CONTRACT.md "Terms shown = terms applied"): the confirm
// step sends back the terms it displayed, and the service compares them with the terms in force inside its
// transaction, before anything is written. Single values (a withdrawal's quotedFee, a contract's quotedPrice
// within the slippage tolerance) go through `assertTermsUnchanged`; a whole set of disclosed terms (a
// contract's, a smart plan's, the loan agreement's bytes) goes through one SHA-256 (`termsSha256`), so no
// term can change between the quote and the click without the hash changing.
import { createHash } from 'node:crypto';
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

/** A disclosed term as hashed: text (decimal strings for money and rates), whole numbers, lists, records. */
export type DisclosedValue =
  string | number | boolean | null | DisclosedValue[] | { [k: string]: DisclosedValue };

/**
 * The canonical encoding the hashes are taken over: JSON with object keys sorted (by UTF-16 code units, as
 * `Array.prototype.sort` orders them), no whitespace, numbers only as whole numbers (money and rates travel
 * as the decimal strings the screen showed, never as floats), arrays in their given order. The same bytes
 * for the same terms on every node, so a hash a client holds can be checked by any of them.
 */
export function canonicalJson(value: DisclosedValue): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new Error(`canonical terms hold whole numbers only, not ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] ?? null)}`).join(',')}}`;
}

/** SHA-256 (lower-case hex) of the canonical encoding of `terms`: what a confirm step shows and sends back. */
export function termsSha256(terms: { [k: string]: DisclosedValue }): string {
  return createHash('sha256').update(canonicalJson(terms), 'utf8').digest('hex');
}

/** Refuses with 10112 when the hash the confirm step sent is not the hash of the terms in force. */
export function assertTermsHash(shown: string, inForce: { [k: string]: DisclosedValue }): void {
  if (shown !== termsSha256(inForce)) throw new AppError(codes.termsChanged);
}

/** SHA-256 (lower-case hex) of a disclosed document's bytes (the loan agreement PDF the customer read). */
export function documentSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
