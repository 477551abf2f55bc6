// Money as bigint minor units (DESIGN.md §1.1), shared by the server and both front ends so there is one
// parser, one formatter and one set of scales. Decimal strings in, decimal strings out; no floats anywhere.
// Rounding is explicit and named: one function per mode. Imported as `@tradewind/contract/money`, apart
// from the schemas, so a screen that only formats money does not pull zod into its chunk.

export const assets = {
  USDT: { scale: 6 },
  BTC: { scale: 8 },
  ETH: { scale: 18 },
} as const satisfies Record<string, { scale: number }>;
export type Asset = keyof typeof assets;
export const assetCodes = Object.keys(assets) as Asset[];
export const isAsset = (code: string): code is Asset => Object.hasOwn(assets, code);
export const usdtScale = assets.USDT.scale;

/** The most minor units a PostgreSQL bigint column holds (2^63 − 1): every amount column is one. */
export const minorMax = 2n ** 63n - 1n;
/** Whether `minor` can be stored, as a balance, amount or limit, without the database refusing it. */
export const fitsMinor = (minor: bigint): boolean => minor <= minorMax && minor >= -minorMax;

const decimalPattern = /^(-?)(\d{1,30})(?:\.(\d{1,30}))?$/;

export class MoneyFormatError extends Error {}

/** "1250.50" at scale 6 → 1250500000n. Refuses more decimals than the scale rather than rounding silently. */
export function parseDecimal(text: string, scale: number): bigint {
  const m = decimalPattern.exec(text.trim());
  if (!m) throw new MoneyFormatError(`not a decimal: ${JSON.stringify(text)}`);
  const [, sign = '', whole = '0', frac = ''] = m;
  if (frac.length > scale) throw new MoneyFormatError(`more than ${scale} decimals: ${text}`);
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0');
  return sign === '-' ? -minor : minor;
}

/** Like parseDecimal, but answers undefined instead of throwing: for user input. */
export function tryParseDecimal(text: string, scale: number): bigint | undefined {
  try {
    return parseDecimal(text, scale);
  } catch {
    return undefined;
  }
}

/** 1250500000n at scale 6 → "1250.5" (trailing zeros trimmed), or with `fixed` exactly that many decimals. */
export function formatMinor(minor: bigint, scale: number, fixed?: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  const whole = (abs / unit).toString();
  let frac = (abs % unit).toString().padStart(scale, '0');
  if (fixed !== undefined) frac = fixed <= scale ? frac.slice(0, fixed) : frac.padEnd(fixed, '0');
  else frac = frac.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

function checkDivisor(d: bigint): void {
  if (d <= 0n) throw new RangeError('divisor must be positive');
}

/** n / d rounded toward zero. */
export function roundDown(n: bigint, d: bigint): bigint {
  checkDivisor(d);
  return n / d;
}

/** n / d rounded to nearest, ties to even (banker's rounding). */
export function roundHalfEven(n: bigint, d: bigint): bigint {
  checkDivisor(d);
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice < d) return q;
  const away = n < 0n ? q - 1n : q + 1n;
  if (twice > d) return away;
  return q % 2n === 0n ? q : away;
}

/** n / d rounded up (toward +∞), for n ≥ 0: what a customer must send to cover an amount. */
export function roundUp(n: bigint, d: bigint): bigint {
  checkDivisor(d);
  if (n < 0n) throw new RangeError('roundUp takes n ≥ 0');
  return (n + d - 1n) / d;
}

/** Rescales an amount from one scale to another, rounding with `round` when precision is lost. */
export function rescale(minor: bigint, from: number, to: number, round = roundHalfEven): bigint {
  if (to >= from) return minor * 10n ** BigInt(to - from);
  return round(minor, 10n ** BigInt(from - to));
}

export const sum = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/** Like tryParseDecimal, but only for amounts a person types: no sign, undefined below zero. */
export function parseAmount(text: string, scale: number): bigint | undefined {
  const minor = /^\s*-/.test(text) ? undefined : tryParseDecimal(text, scale);
  return minor === undefined || minor < 0n ? undefined : minor;
}

// Comparison of wire decimal strings ("66378.57", "-0.05") of any scale without turning them into floats:
// the live store needs to know whether a price went up or down, and a float could call two close prices equal.
const anyDecimal = /^(-?)(\d+)(?:\.(\d+))?$/;

export function isDecimal(value: string): boolean {
  return anyDecimal.test(value);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; throws on a string that is not a decimal. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [ma, mb] = [anyDecimal.exec(a), anyDecimal.exec(b)];
  if (!ma || !mb) throw new MoneyFormatError(`not a decimal: ${ma ? b : a}`);
  const scale = Math.max(ma[3]?.length ?? 0, mb[3]?.length ?? 0);
  const [x, y] = [parseDecimal(a, scale), parseDecimal(b, scale)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The larger of two decimals, as given (no reformatting). */
export function maxDecimal(a: string, b: string): string {
  return compareDecimal(a, b) >= 0 ? a : b;
}

export function minDecimal(a: string, b: string): string {
  return compareDecimal(a, b) <= 0 ? a : b;
}
