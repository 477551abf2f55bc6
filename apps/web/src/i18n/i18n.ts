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
import { homeNamespaces } from './namespaces.ts';

const loaders = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/{web,market,wallet,trade,loans,nft,invite,help,ledger,security}.json',
  { import: 'default' },
);

export const i18n = i18next.createInstance();

function loaderFor(locale: Locale, namespace: WebNamespace): () => Promise<Record<string, unknown>> {
  const loader = loaders[`../../../../packages/i18n/locales/${locale}/${namespace}.json`];
  if (!loader) throw new Error(`no ${namespace} catalogue for ${locale}`);
  return loader;
}

/** Loads the namespaces of a language not loaded yet, in parallel (by default all of webNamespaces). */
async function ensureCatalogue(
  locale: Locale,
  namespaces: readonly WebNamespace[] = webNamespaces,
): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
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

/** Every namespace of the current language: a screen other than home waits for them with its chunk. */
export function ensureAllNamespaces(): Promise<void> {
  return ensureCatalogue(currentLocale());
}

/**
 * DESIGN.md §6: zh-CN backs up any missing text. The catalogues are complete (scripts/check-i18n.ts), so it
 * is fetched only when a text is missing (i18next's missing-key hook), never on every visit: loading it at
 * idle was the second copy of every namespace in the home page's scripts (issue 23).
 */
let fallbackRequested = false;
function loadFallback(): void {
  if (fallbackRequested || currentLocale() === fallbackLocale) return;
  fallbackRequested = true;
  const loaded = webNamespaces.filter((ns) => i18n.hasResourceBundle(currentLocale(), ns));
  ensureCatalogue(fallbackLocale, loaded).then(
    // The screens re-render on this event, now finding the text in the fallback.
    () => i18n.emit('languageChanged', i18n.language),
    () => {
      fallbackRequested = false;
    },
  );
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
    saveMissing: true,
    missingKeyHandler: loadFallback,
  });
  // Home's namespaces only; another first screen waits for the rest with its chunk (app/screens.ts).
  await ensureCatalogue(locale, homeNamespaces);
  applyToDocument(locale);
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
