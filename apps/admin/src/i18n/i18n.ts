// The back office's text: a typed lookup over the admin catalogues, the chosen language (saved as `lang`,
// like the customer app), `<html lang dir>` and Intl formatting for that language. English is always there;
// another language's catalogue is fetched before it is switched to (startI18n, setLocale), so a lookup never
// waits and the initial JS carries one catalogue (the budget, apps/admin/scripts/bundle-size.ts). Each
// language's Noto font is fetched with it, and on screens that show other languages beside it (useLocaleFonts).
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { adminEnglish, loadAdminCatalogue, type AdminCatalogue } from '@tradewind/i18n/admin';
import { loadLocaleFont } from '@tradewind/i18n/fonts';
import { defaultLocale, isLocale, rtlLocales, type Locale } from '@tradewind/i18n/locales';

/** Dotted paths of every string in the catalogue: `reviews.approve`, `kycStatus.2`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<AdminCatalogue>;
export type Params = Readonly<Record<string, string | number>>;

const langKey = 'lang';

function readLang(): Locale {
  try {
    const value = localStorage.getItem(langKey);
    return isLocale(value) ? value : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

const loaded = new Map<Locale, AdminCatalogue>([['en', adminEnglish]]);
/** English until the stored language's catalogue is in (startI18n). */
let current: Locale = defaultLocale;
const listeners = new Set<() => void>();

async function ensureLoaded(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) loaded.set(locale, await loadAdminCatalogue(locale));
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = rtlLocales.has(locale) ? 'rtl' : 'ltr';
  document.title = lookup(locale, 'app.title') ?? document.title;
}

export function currentLocale(): Locale {
  return current;
}

/** Switches to `locale` once its catalogue is loaded; a failed fetch leaves the current language. */
export async function setLocale(locale: Locale): Promise<void> {
  loadLocaleFont(locale);
  await ensureLoaded(locale);
  current = locale;
  try {
    localStorage.setItem(langKey, locale);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page view.
  }
  applyToDocument(locale);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Before the first render: the stored language, when its catalogue loads; English otherwise. */
export async function startI18n(): Promise<void> {
  const wanted = readLang();
  // The font's stylesheet comes in beside the catalogue, not after it.
  loadLocaleFont(wanted);
  try {
    await ensureLoaded(wanted);
    current = wanted;
  } catch {
    current = defaultLocale;
  }
  applyToDocument(current);
}

function lookup(locale: Locale, key: string): string | undefined {
  let node: unknown = loaded.get(locale);
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, params: Params | undefined): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

// Latin digits in Arabic too: amounts are shown exactly as the API sends them (Latin digits), and one
// table should not mix two digit systems.
export const intlLocale = (locale: Locale): string => (locale === 'ar' ? 'ar-u-nu-latn' : locale);

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const integerFormats = new Map<Locale, Intl.NumberFormat>();

function dateTimeFormat(locale: Locale, timeStyle: 'medium' | 'short'): Intl.DateTimeFormat {
  const key = `${locale}|${timeStyle}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle });
    dateTimeFormats.set(key, format);
  }
  return format;
}

export type Translator = {
  locale: Locale;
  t: (key: MessageKey, params?: Params) => string;
  /** For keys built from data (a field name, a status word); undefined when the catalogue has none. */
  tMaybe: (key: string, params?: Params) => string | undefined;
  /** Date and time to the second: audit rows, review details. */
  dateTime: (epochMs: number) => string;
  /** Date and time to the minute: list columns. */
  dateTimeShort: (epochMs: number) => string;
  integer: (value: number) => string;
  /** A country's name in the interface language, from its ISO 3166 alpha-2 code. */
  region: (code: string) => string;
};

export function translator(locale: Locale): Translator {
  const tMaybe = (key: string, params?: Params) => {
    // Every catalogue is complete (scripts/check-i18n.ts); English is the one always loaded to fall back on.
    const text = lookup(locale, key) ?? lookup(defaultLocale, key);
    return text === undefined ? undefined : interpolate(text, params);
  };
  return {
    locale,
    tMaybe,
    t: (key, params) => tMaybe(key, params) ?? key,
    dateTime: (epochMs) => dateTimeFormat(locale, 'medium').format(epochMs),
    dateTimeShort: (epochMs) => dateTimeFormat(locale, 'short').format(epochMs),
    integer: (value) => {
      let format = integerFormats.get(locale);
      if (!format) {
        format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
        integerFormats.set(locale, format);
      }
      return format.format(value);
    },
    region: (code) => {
      try {
        return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
      } catch {
        return code;
      }
    },
  };
}

/** The translator for the chosen language; components re-render when it changes. */
export function useT(): Translator {
  const locale = useSyncExternalStore(subscribe, currentLocale);
  return useMemo(() => translator(locale), [locale]);
}

/** Fetches the fonts of `shown`; each language's stylesheet once, then only the subsets the text needs. */
export function loadLocaleFonts(shown: readonly Locale[]): void {
  for (const locale of shown) loadLocaleFont(locale);
}

/**
 * The fonts of languages a screen shows beside the interface's own (the content editor's tabs, a field per
 * language), so a Thai or Arabic name is not drawn as boxes where the device has no such font.
 */
export function useLocaleFonts(shown: readonly Locale[]): void {
  useEffect(() => loadLocaleFonts(shown), [shown]);
}
