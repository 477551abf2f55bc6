// Decimal strings as bigint minor units in the browser (DESIGN.md §1: money is never a float). The wallet
// screens use it to read what the user types, to estimate a deposit's coin amount exactly as the server
// computes it, and to compare amounts; display goes through Intl (i18n/format.ts) on the strings. Parsing,
// formatting and rounding are the shared money module's (`@tradewind/contract/money`), never a copy.
import { assets, formatMinor, parseAmount, roundUp, usdtScale, type Asset } from '@tradewind/contract/money';

/** Minor-unit scale of each coin a deposit channel can receive: the shared money module's `assets`. */
export const coinScales = {
  USDT: assets.USDT.scale,
  BTC: assets.BTC.scale,
  ETH: assets.ETH.scale,
} as const satisfies Record<Asset, number>;
export { usdtScale, formatMinor };
/** What a person typed, in minor units: a plain non-negative decimal within the scale, else undefined. */
export const parseMinor = parseAmount;

/**
 * The coin amount to send for `usdtAmount` at `rate` USDT per coin, in the coin's decimals, rounded up
 * like the server's claim (wallet/deposits.ts payAmountMinor): sent × rate is never short of the amount.
 */
export function coinEstimate(usdtAmount: string, rate: string, coinScale: number): string | undefined {
  const amountMinor = parseMinor(usdtAmount, usdtScale);
  const rateMinor = parseMinor(rate, usdtScale);
  if (amountMinor === undefined || rateMinor === undefined || rateMinor === 0n) return undefined;
  return formatMinor(roundUp(amountMinor * 10n ** BigInt(coinScale), rateMinor), coinScale);
}

/** The USDT value of `coinAmount` at `rate` USDT per coin, rounded up to the USDT minor unit. */
export function usdtValue(coinAmount: string, rate: string, coinScale: number): string | undefined {
  const coinMinor = parseMinor(coinAmount, coinScale);
  const rateMinor = parseMinor(rate, usdtScale);
  if (coinMinor === undefined || rateMinor === undefined) return undefined;
  return formatMinor(roundUp(coinMinor * rateMinor, 10n ** BigInt(coinScale)), usdtScale);
}

/** a < b for two decimal strings at one scale; undefined when either does not parse. */
export function isLess(a: string, b: string, scale: number): boolean | undefined {
  const [x, y] = [parseMinor(a, scale), parseMinor(b, scale)];
  return x === undefined || y === undefined ? undefined : x < y;
}

/**
 * What the user typed, as a wire decimal: spaces dropped, Arabic-Indic digits and the Arabic decimal
 * separator read as ASCII, and the locale's decimal comma read as a point ("150,5" in German). Grouping
 * separators are not accepted, so "1,000" in English stays invalid rather than silently becoming 1.
 */
export function normalizeAmountInput(text: string, decimalSeparator: string): string {
  const ascii = text
    .replace(/\s/g, '')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');
  return decimalSeparator === ',' ? ascii.replace(',', '.') : ascii;
}

/** The locale's decimal separator, for `normalizeAmountInput`. */
export function decimalSeparatorOf(locale: string): string {
  const part = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 })
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}
