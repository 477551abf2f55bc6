// Market figures through Intl for the interface language. Prices and amounts stay decimal strings: Intl
// formats the string itself (no float), showing exactly the digits the server sent.
import { rtlLocales, type Locale } from '@tradewind/i18n';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const asLiteral = (value: string) => value as Intl.StringNumericLiteral;

function fractionDigitsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** A price with as many decimals as the server sent (its price scale): "66378.57" → "66,378.57". */
export function formatPrice(value: string, locale: Locale): string {
  const digits = Math.min(fractionDigitsOf(value), 20);
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'trunc',
  }).format(asLiteral(value));
}

/** The 24 h change ("-2.21", in percent) with its sign: "−2.21 %", "+0.14 %". */
export function formatChange(zdf: string, locale: Locale): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(asLiteral(zdf));
}

/** A fraction as a percent: fee rate "0.002" → "0.2%". */
export function formatRate(fraction: string, locale: Locale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(asLiteral(fraction));
}

/**
 * Large US-dollar amounts, compact: "104900058905.31" → "$104.9B" (de: "104,9 Mrd. $"). Right to left the
 * symbol is "US$", whose "$" would otherwise float to the far side of the letters ("$US"): it is isolated
 * as a left-to-right unit (LRI … PDI), so Arabic reads "US$ 70.2 مليار" whole (issue 12).
 */
export function formatCompactUsd(value: string, locale: Locale): string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    // "$", not "US$", in the languages that would spell it out.
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
    roundingMode: 'trunc',
  });
  if (!rtlLocales.has(locale)) return format.format(asLiteral(value));
  return format
    .formatToParts(asLiteral(value))
    .map((part) => (part.type === 'currency' ? `\u2066${part.value}\u2069` : part.value))
    .join('');
}

/** Traded quantity, compact: "2817405.9024" → "2.8M". */
export function formatCompact(value: string, locale: Locale): string {
  return numberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 2,
    roundingMode: 'trunc',
  }).format(asLiteral(value));
}

export function formatCount(value: number | string, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(
    typeof value === 'number' ? value : asLiteral(value),
  );
}

/** A plain decimal (lots, sizes) with up to 8 decimals. */
export function formatQuantity(value: string, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 8 }).format(asLiteral(value));
}

type DurationUnit = 'second' | 'minute' | 'hour' | 'day' | 'week';

/** A duration in the largest whole unit: 300 s → "5 min", 3600 s → "1 hr" ("5 Min.", "1 Std." in German). */
export function formatDuration(
  seconds: number,
  locale: Locale,
  unitDisplay: 'narrow' | 'short' | 'long' = 'short',
): string {
  const units: readonly [DurationUnit, number][] = [
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, s]) => seconds >= s && seconds % s === 0) ?? ['second', 1];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay }).format(seconds / size);
}

/** Leverage choice: 30 → "30×". */
export function formatLeverage(value: number, locale: Locale): string {
  return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(value)}×`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** A moment in the user's own time zone, with weekday: "Mon, Nov 23, 2:30 PM". */
export function formatMoment(epochMs: number, locale: Locale): string {
  return dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(epochMs);
}

/**
 * How long until `atMs`, in the largest unit that reads well, through Intl: "in 2 hours" → "in 2 hr."
 * (en, short), "dans 2 h" (fr). Under a minute: "in 1 min"; the wait rounds up, never promising early.
 */
export function formatOpensIn(atMs: number, nowMs: number, locale: Locale): string {
  const minutes = Math.max(1, Math.ceil((atMs - nowMs) / 60_000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  if (minutes < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

/**
 * How old something is, short and in the interface language: "45 sec", "2 min", "3 hr", "2 days". Whole
 * units, rounded down: a price 119 s old is "1 min" old.
 */
export function formatAge(ageMs: number, locale: Locale): string {
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.floor(seconds / 60), 'minute']
        : seconds < 172_800
          ? [Math.floor(seconds / 3600), 'hour']
          : [Math.floor(seconds / 86_400), 'day'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
