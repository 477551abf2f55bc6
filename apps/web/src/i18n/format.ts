// Numbers and dates through Intl for the interface language (STYLE.md "Front end"); money through the rules
// of @tradewind/contract/money-format.
import { numberFormat } from '@tradewind/contract/money-format';
import type { Locale } from '@tradewind/i18n';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatInteger(value: number, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

export function formatDateTime(epochMs: number, locale: Locale): string {
  const key = locale;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(key, format);
  }
  return format.format(epochMs);
}

export function formatDate(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(epochMs);
}

/** Localized region name for a dial-code entry, e.g. "GB" → "Royaume-Uni". */
export function regionName(region: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/**
 * A figure or code set into a translated sentence, isolated as text (FSI … PDI, the plain-text `<bdi>`): in
 * Arabic "حجم السوق: 70.2 مليار US$" keeps the amount whole and in order whatever surrounds it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
