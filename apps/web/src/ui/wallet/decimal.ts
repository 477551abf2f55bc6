// Decimal strings as bigint minor units in the browser (DESIGN.md §1: money is never a float). The wallet
// screens use it to read what the user types, to estimate a deposit's coin amount exactly as the server
// computes it, and to compare amounts; display goes through Intl (i18n/format.ts) on the strings.

/** Minor-unit scale of each coin a deposit channel can receive (the server's money module, `assets`). */
export const coinScales = { USDT: 6, BTC: 8, ETH: 18 } as const satisfies Record<string, number>;
export const usdtScale = coinScales.USDT;

const decimalPattern = /^(\d{1,20})(?:\.(\d+))?$/;

/**
 * "1250.5" at scale 6 → 1250500000n. Undefined for anything that is not a plain non-negative decimal or that
 * has more decimals than the scale (refused rather than rounded, as the server does).
 */
export function parseMinor(text: string, scale: number): bigint | undefined {
  const match = decimalPattern.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return undefined;
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** 1250500000n at scale 6 → "1250.5": trailing zeros trimmed, sign kept. */
export function formatMinor(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  const whole = (abs / unit).toString();
  const fraction = scale === 0 ? '' : (abs % unit).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The coin amount to send for `usdtAmount` at `rate` USDT per coin, in the coin's decimals, rounded up
 * like the server's claim (wallet/deposits.ts payAmountMinor): sent × rate is never short of the amount.
 */
export function coinEstimate(usdtAmount: string, rate: string, coinScale: number): string | undefined {
  const amountMinor = parseMinor(usdtAmount, usdtScale);
  const rateMinor = parseMinor(rate, usdtScale);
  if (amountMinor === undefined || rateMinor === undefined || rateMinor === 0n) return undefined;
  const numerator = amountMinor * 10n ** BigInt(coinScale);
  return formatMinor((numerator + rateMinor - 1n) / rateMinor, coinScale);
}

/** The USDT value of `coinAmount` at `rate` USDT per coin, rounded up to the USDT minor unit. */
export function usdtValue(coinAmount: string, rate: string, coinScale: number): string | undefined {
  const coinMinor = parseMinor(coinAmount, coinScale);
  const rateMinor = parseMinor(rate, usdtScale);
  if (coinMinor === undefined || rateMinor === undefined) return undefined;
  const unit = 10n ** BigInt(coinScale);
  return formatMinor((coinMinor * rateMinor + unit - 1n) / unit, usdtScale);
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
