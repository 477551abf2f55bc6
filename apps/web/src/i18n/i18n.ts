// i18next set-up for the customer app: the catalogue of the chosen language is loaded on demand (one chunk per
// language), `<html lang dir>` follows the language, and the choice is saved as `lang` (spec.md §2–§3).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  fallbackLocale,
  isLocale,
  rtlLocales,
  webNamespaces,
  type Locale,
  type WebNamespace,
} from '@tradewind/i18n';
import { readLang, writeLang } from '../app/storage.ts';
import { loadLocaleFont } from '@tradewind/i18n/fonts';
import { isolate } from './format.ts';

const loaders = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/{web,market,wallet,trade,loans,nft,invite,help,ledger}.json',
  { import: 'default' },
);

export const i18n = i18next.createInstance();

function loaderFor(locale: Locale, namespace: WebNamespace): () => Promise<Record<string, unknown>> {
  const loader = loaders[`../../../../packages/i18n/locales/${locale}/${namespace}.json`];
  if (!loader) throw new Error(`no ${namespace} catalogue for ${locale}`);
  return loader;
}

/** Loads every namespace of a language (web, market, wallet, trade, loans, nft, invite, help, ledger) in parallel. */
async function ensureCatalogue(locale: Locale): Promise<void> {
  await Promise.all(
    webNamespaces.map(async (namespace) => {
      if (i18n.hasResourceBundle(locale, namespace)) return;
      const catalogue = await loaderFor(locale, namespace)();
      i18n.addResourceBundle(locale, namespace, catalogue, true, true);
    }),
  );
}

export function currentLocale(): Locale {
  const lang = i18n.language;
  return isLocale(lang) ? lang : readLang();
}

function applyToDocument(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = rtlLocales.has(locale) ? 'rtl' : 'ltr';
}

/** App start (spec.md §4): read the saved language (default en) and load its catalogue before first render. */
export async function startI18n(): Promise<Locale> {
  const locale = readLang();
  // The font's stylesheet comes in beside the catalogue, not after it.
  loadLocaleFont(locale);
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallbackLocale,
    ns: [...webNamespaces],
    defaultNS: 'web',
    resources: {},
    partialBundledLanguages: true,
    interpolation: {
      // The escape hook sees every value set into a sentence. React escapes the text itself; here, right to
      // left, each value (an amount, a count, a name, a code) is isolated, so "حجم السوق: 70.2 مليار US$"
      // keeps the amount whole and in order (issue 12).
      escapeValue: true,
      escape: (value: string) => (rtlLocales.has(currentLocale()) ? isolate(value) : value),
    },
    returnNull: false,
    react: { useSuspense: false },
  });
  await ensureCatalogue(locale);
  applyToDocument(locale);
  // DESIGN.md §6: zh-CN backs up any missing text; it is not needed for the first paint.
  const loadFallback = () => void ensureCatalogue(fallbackLocale).catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(loadFallback);
  else setTimeout(loadFallback, 2000);
  return locale;
}

/** Choosing a language saves it and switches the interface; the footer list reloads by its query key. */
export async function changeLanguage(locale: Locale): Promise<void> {
  loadLocaleFont(locale);
  await ensureCatalogue(locale);
  writeLang(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
}
