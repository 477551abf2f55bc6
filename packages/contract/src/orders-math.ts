// The arithmetic of a contract (CONTRACT.md "Orders", DESIGN.md §5), without zod: the server applies it and
// the customer app's confirm step shows it, from the same code, so the figures shown are the figures applied.
// Everything is a bigint count of minor units; every division is named (half-even, DESIGN.md §1.1).
import { roundHalfEven, roundUp, usdtScale } from './money.ts';

/** Lot counts travel as decimals with this many places: "0.01" lot is 1. */
export const lotScale = 2;

export const contractDirections = ['up', 'down'] as const;
export type ContractDirection = (typeof contractDirections)[number];

export const closeReasons = ['tp', 'sl', 'expiry', 'manual', 'margin'] as const;
export type CloseReason = (typeof closeReasons)[number];

/** A position is closed out when its equity (margin + P&L) falls to this share of its margin. */
export const closeOutLevelPct = 50n;

/**
 * How a price in the instrument's quote currency becomes USDT: × num ÷ den. USD and USDT settle 1:1; another
 * currency at the USD pair's price locked at open (JPY by USDJPY: ÷ price; GBP by GBPUSD: × price).
 */
export type Conversion = { num: bigint; den: bigint };
export const parity: Conversion = { num: 1n, den: 1n };

/** The conversion of `quote` given the price of its USD pair (`invert` when the pair is USD/quote). */
export function conversionOf(pair: { priceMinor: bigint; priceScale: number; invert: boolean }): Conversion {
  const unit = 10n ** BigInt(pair.priceScale);
  return pair.invert ? { num: unit, den: pair.priceMinor } : { num: pair.priceMinor, den: unit };
}

export type ContractSpec = {
  lotsMinor: bigint;
  contractSize: bigint;
  priceScale: number;
  conversion: Conversion;
};

const usdtUnit = 10n ** BigInt(usdtScale);

/** USDT minor units of `priceDeltaMinor` (at the price scale) on the whole position, as n ÷ d unrounded. */
function valueOf(spec: ContractSpec, priceDeltaMinor: bigint): { n: bigint; d: bigint } {
  return {
    n: spec.lotsMinor * spec.contractSize * priceDeltaMinor * spec.conversion.num * usdtUnit,
    d: 10n ** BigInt(lotScale + spec.priceScale) * spec.conversion.den,
  };
}

export type ContractTerms = { notionalMinor: bigint; marginMinor: bigint; feeMinor: bigint };

/**
 * notional = lots × contractSize × price (in USDT), margin = notional ÷ leverage, fee = notional × feeRate,
 * each rounded half-even from the exact value (not from each other's rounded figure).
 */
export function contractTerms(
  spec: ContractSpec,
  p: { priceMinor: bigint; leverage: number; feeRateBps: number },
): ContractTerms {
  const { n, d } = valueOf(spec, p.priceMinor);
  return {
    notionalMinor: roundHalfEven(n, d),
    marginMinor: roundHalfEven(n, d * BigInt(p.leverage)),
    feeMinor: roundHalfEven(n * BigInt(p.feeRateBps), d * 10_000n),
  };
}

const sign = (direction: ContractDirection) => (direction === 'up' ? 1n : -1n);

/** direction × (close − open) × lots × contractSize in USDT, half-even, before the negative-balance cap. */
export function rawPnlMinor(
  spec: ContractSpec,
  direction: ContractDirection,
  openMinor: bigint,
  closeMinor: bigint,
): bigint {
  const { n, d } = valueOf(spec, sign(direction) * (closeMinor - openMinor));
  return roundHalfEven(n, d);
}

/** The P&L a close books: never below −margin (negative balance protection; the platform absorbs the rest). */
export function settledPnlMinor(
  spec: ContractSpec,
  direction: ContractDirection,
  openMinor: bigint,
  closeMinor: bigint,
  marginMinor: bigint,
): bigint {
  const pnl = rawPnlMinor(spec, direction, openMinor, closeMinor);
  return pnl < -marginMinor ? -marginMinor : pnl;
}

/** Equity (margin + P&L) at or below 50 % of the margin. */
export function closeOutReached(pnlMinor: bigint, marginMinor: bigint): boolean {
  return (marginMinor + pnlMinor) * 100n <= marginMinor * closeOutLevelPct;
}

/**
 * Take-profit beyond the open price in the position's favour, stop-loss beyond it against: "up" wants
 * TP > open > SL, "down" TP < open < SL. An absent level is fine.
 */
export function levelsOnTheRightSide(
  direction: ContractDirection,
  openMinor: bigint,
  levels: { takeProfitMinor?: bigint | undefined; stopLossMinor?: bigint | undefined },
): boolean {
  const s = sign(direction);
  const tp = levels.takeProfitMinor;
  const sl = levels.stopLossMinor;
  if (tp !== undefined && (tp <= 0n || s * (tp - openMinor) <= 0n)) return false;
  if (sl !== undefined && (sl <= 0n || s * (openMinor - sl) <= 0n)) return false;
  return true;
}

/**
 * The price levels at which the position closes on its own, for the engine: at or beyond `high` (up: TP;
 * down: SL or close-out) or at or beyond `low`. The close-out level is found by bisection on the same
 * rounding `rawPnlMinor` uses, so the level and the P&L test can never disagree by a minor unit.
 */
export function triggerLevels(
  spec: ContractSpec,
  direction: ContractDirection,
  openMinor: bigint,
  marginMinor: bigint,
  levels: { takeProfitMinor?: bigint | undefined; stopLossMinor?: bigint | undefined },
): { low: bigint | undefined; high: bigint | undefined } {
  const hits = (price: bigint) =>
    closeOutReached(rawPnlMinor(spec, direction, openMinor, price), marginMinor);
  const closeOut = direction === 'up' ? highestHit(openMinor, hits) : lowestHit(openMinor, hits);
  const { takeProfitMinor: tp, stopLossMinor: sl } = levels;
  if (direction === 'up') {
    return { low: maxOf(sl, closeOut), high: tp };
  }
  return { low: tp, high: minOf(sl, closeOut) };
}

/** The highest price ≤ open at which `hits` holds (it holds for every lower price); undefined: none ≥ 0. */
function highestHit(openMinor: bigint, hits: (p: bigint) => boolean): bigint | undefined {
  if (!hits(0n)) return undefined;
  let lo = 0n; // hits
  let hi = openMinor; // does not hit (P&L 0 at the open price)
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (hits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The lowest price ≥ open at which `hits` holds (it holds for every higher price). */
function lowestHit(openMinor: bigint, hits: (p: bigint) => boolean): bigint {
  let lo = openMinor; // does not hit
  let step = openMinor > 0n ? openMinor : 1n;
  while (!hits(lo + step)) step *= 2n;
  let hi = lo + step; // hits
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (hits(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

const maxOf = (a: bigint | undefined, b: bigint | undefined) =>
  a === undefined ? b : b === undefined ? a : a > b ? a : b;
const minOf = (a: bigint | undefined, b: bigint | undefined) =>
  a === undefined ? b : b === undefined ? a : a < b ? a : b;

/** The result after the opening fee, what the contract adds to or takes from cash: P&L − fee. */
export const netPnlMinor = (pnlMinor: bigint, feeMinor: bigint): bigint => pnlMinor - feeMinor;

/**
 * The most a loss can cost, fee included: the margin (a loss never exceeds it, negative balance protection)
 * plus the opening fee, which is not returned.
 */
export const maxLossMinor = (terms: Pick<ContractTerms, 'marginMinor' | 'feeMinor'>): bigint =>
  terms.marginMinor + terms.feeMinor;

/**
 * What a price move of `priceDeltaMinor` (≥ 0) is worth on the whole position in USDT minor units, rounded
 * up: the confirm step states the slippage tolerance as "up to" this amount, so it never understates it.
 */
export function moveValueMinor(spec: ContractSpec, priceDeltaMinor: bigint): bigint {
  const { n, d } = valueOf(spec, priceDeltaMinor);
  return roundUp(n, d);
}

/** Slippage tolerance in price minor units: `pctHundredths` (0.5 % is 50) of the quoted price, rounded down. */
export function slippageToleranceMinor(quotedMinor: bigint, pctHundredths: bigint): bigint {
  return (quotedMinor * pctHundredths) / 10_000n;
}
