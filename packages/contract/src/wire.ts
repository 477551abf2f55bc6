// Wire formats and enumerations as plain values, without zod. The schemas (common.ts, market.ts) and the
// zod-free checks of live.ts are built from them, and a front end imports them without loading zod: a
// constant taken from a schema module keeps that whole module, and so all of zod, in the bundle.

/** A decimal string as money and prices travel on the wire: no exponent, no float. */
export const decimalPattern = /^-?\d{1,20}(\.\d{1,18})?$/;

/** The 24 h change in percent, always two decimals: "-1.25", "0.00", "12.40". */
export const percentPattern = /^-?\d{1,12}\.\d{2}$/;

/** The values of market.ts's `priceSource`, for live.ts's check without zod. */
export const priceSources = ['simulated', 'live'] as const;

/**
 * CONTRACT.md "Price status": `live` a live source's tick younger than `price_stale_after_s`; `stale` a
 * live source gone quiet longer; `simulated` the walk or a replay not declared live; `closed` outside the
 * instrument's trading hours. The real book moves money on `live` only (DESIGN.md §1.10).
 */
export const priceStatuses = ['live', 'stale', 'simulated', 'closed'] as const;
export type PriceStatus = (typeof priceStatuses)[number];

/** A SHA-256 in lower-case hex, as terms and documents are hashed (CONTRACT.md "Terms shown"). */
export const sha256Pattern = /^[0-9a-f]{64}$/;

/** K-line periods, each built from the 1-minute candles. */
export const klinePeriods = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;

/** users.kyc_status and `userInfo.kycStatus`: failed may submit again, pending and verified may not. */
export const kycStatuses = { none: 0, pending: 1, verified: 2, failed: 3 } as const;

/** users.status and `userInfo.status`: a disabled user cannot sign in and gets 401 everywhere. */
export const userStatuses = { enabled: 1, disabled: 2 } as const;

/** The digits of a row id on the wire (common.ts's `idString`): 16 at most, leading zeros allowed. */
export const idPattern = /^\d{1,16}$/;

/**
 * `idString` without zod: ids are read as JS numbers, exact only up to 2^53 − 1, so a larger one is no id.
 * A front end checks a route's id with this before asking, so an over-long id shows its "not found" state
 * rather than a 400 from the server.
 */
export function isIdString(text: string): boolean {
  return idPattern.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER;
}

/** The `operator_licence` parameter's value for an operator without a licence, said plainly (content.ts). */
export const operatorNotLicensed = 'not licensed';
