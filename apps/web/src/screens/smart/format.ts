// Figures of the smart-plan screens through Intl for the interface language: days, daily rates and the
// penalty percent, formatted from the wire strings themselves (no float).
import type { Locale } from '@tradewind/i18n';

/** "30 days", "30 Tage", "30日": Intl's own unit, so every language gets its plural right. */
export function formatDays(days: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}

/** A daily rate fraction as a percent: "0.00015" → "0.015%". */
export function formatDailyRate(fraction: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 6,
    roundingMode: 'trunc',
  }).format(fraction as Intl.StringNumericLiteral);
}

/** A percent as the product states it: "5" → "5%". */
export function formatPct(value: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'percent',
    maximumFractionDigits: 2,
  }).format(value as Intl.StringNumericLiteral);
}

export function formatDay(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
}
