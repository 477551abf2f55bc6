// Money on screen: wire decimal strings read with the shared money module (@tradewind/contract/money) at the
// asset's scale, then written with Intl in the operator's language, exactly (no rounding, no float).
import { assets, formatMinor, isAsset, tryParseDecimal } from '@tradewind/contract/money';
import type { Locale } from '@tradewind/i18n/locales';
import { intlLocale } from '../i18n/i18n.ts';

/** A decimal string that formatMinor wrote is a numeric literal for Intl, which formats it exactly. */
const numeric = (decimal: string) => decimal as Intl.StringNumericLiteral;

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(
  locale: Locale,
  fractionDigits: number,
  style: 'decimal' | 'percent',
): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: true,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * "1234.5" USDT → "1,234.5" (en) or "1.234,5" (de): grouped, with the decimals the amount has. An amount of
 * an unknown asset is read at its own precision; a string that is no decimal is shown as sent.
 */
export function formatAmount(value: string, asset: string | undefined, locale: Locale): string {
  const given = /\.(\d+)$/.exec(value)?.[1]?.length ?? 0;
  const scale = asset !== undefined && isAsset(asset) ? assets[asset].scale : given;
  const minor = tryParseDecimal(value, scale);
  if (minor === undefined) return value;
  const exact = formatMinor(minor, scale);
  const digits = exact.split('.')[1]?.length ?? 0;
  return numberFormat(locale, digits, 'decimal').format(numeric(exact));
}

/** A rate kept as a fraction ("0.0125") as a percentage ("1.25 %"), exactly. */
export function formatFraction(value: string, locale: Locale): string {
  const minor = tryParseDecimal(value, 18);
  if (minor === undefined) return value;
  const exact = formatMinor(minor, 18);
  const digits = Math.max(0, (exact.split('.')[1]?.length ?? 0) - 2);
  return numberFormat(locale, digits, 'percent').format(numeric(exact));
}

/** A signed amount typed by an operator, at USDT's scale: undefined when it is no such amount or zero. */
export function parseUsdtAmount(text: string): bigint | undefined {
  const minor = tryParseDecimal(text.trim(), assets.USDT.scale);
  return minor === undefined || minor === 0n ? undefined : minor;
}
