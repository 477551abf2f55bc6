// Wallet amounts for display: wire decimal strings handed to Intl as strings (exact, never a float), with
// the locale's digits and signs.
import type { Locale } from '@tradewind/i18n';

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * "1250.5" → "1,250.50" (en). At least two decimals, at most `maxDecimals` (the asset's scale), so every
 * digit the server sent is shown; `signed` adds "+" to credits.
 */
export function formatAmount(value: string, locale: Locale, maxDecimals = 6, signed = false): string {
  return formatFor(locale, {
    minimumFractionDigits: Math.min(2, maxDecimals),
    maximumFractionDigits: maxDecimals,
    roundingMode: 'trunc',
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value as Intl.StringNumericLiteral);
}

/** A rate as a wire decimal ("0.01") shown as a percentage ("1%"), exactly. */
export function formatRate(value: string, locale: Locale): string {
  return formatFor(locale, { style: 'percent', maximumFractionDigits: 4, roundingMode: 'trunc' }).format(
    value as Intl.StringNumericLiteral,
  );
}
