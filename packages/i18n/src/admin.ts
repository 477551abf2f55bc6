// The back office's UI text in the 11 languages (packages/i18n/locales/<lng>/admin.json). English comes with
// the first load (the default language, and what a missing key falls back to); each other language is its
// own chunk, fetched when an operator chooses it, so the initial JS carries one catalogue, not eleven.
import type { Locale } from './locales.ts';
import en from '../locales/en/admin.json' with { type: 'json' };
import enEntries from '../locales/en/ledger.json' with { type: 'json' };

/**
 * Keys grouped by screen, and under `entries` the names of ledger entry kinds shared with the customer app
 * (locales/<lng>/ledger.json), merged in as each language loads.
 */
export type AdminCatalogue = typeof en & { entries: typeof enEntries };

export const adminEnglish: AdminCatalogue = { ...en, entries: enEntries };

type Module<T> = { default: T };
type Loader = () => Promise<[Module<typeof en>, Module<typeof enEntries>]>;
const loaders: Record<Exclude<Locale, 'en'>, Loader> = {
  ja: () =>
    Promise.all([
      import('../locales/ja/admin.json', { with: { type: 'json' } }),
      import('../locales/ja/ledger.json', { with: { type: 'json' } }),
    ]),
  ko: () =>
    Promise.all([
      import('../locales/ko/admin.json', { with: { type: 'json' } }),
      import('../locales/ko/ledger.json', { with: { type: 'json' } }),
    ]),
  de: () =>
    Promise.all([
      import('../locales/de/admin.json', { with: { type: 'json' } }),
      import('../locales/de/ledger.json', { with: { type: 'json' } }),
    ]),
  fr: () =>
    Promise.all([
      import('../locales/fr/admin.json', { with: { type: 'json' } }),
      import('../locales/fr/ledger.json', { with: { type: 'json' } }),
    ]),
  it: () =>
    Promise.all([
      import('../locales/it/admin.json', { with: { type: 'json' } }),
      import('../locales/it/ledger.json', { with: { type: 'json' } }),
    ]),
  es: () =>
    Promise.all([
      import('../locales/es/admin.json', { with: { type: 'json' } }),
      import('../locales/es/ledger.json', { with: { type: 'json' } }),
    ]),
  ar: () =>
    Promise.all([
      import('../locales/ar/admin.json', { with: { type: 'json' } }),
      import('../locales/ar/ledger.json', { with: { type: 'json' } }),
    ]),
  th: () =>
    Promise.all([
      import('../locales/th/admin.json', { with: { type: 'json' } }),
      import('../locales/th/ledger.json', { with: { type: 'json' } }),
    ]),
  'zh-TW': () =>
    Promise.all([
      import('../locales/zh-TW/admin.json', { with: { type: 'json' } }),
      import('../locales/zh-TW/ledger.json', { with: { type: 'json' } }),
    ]),
  'zh-CN': () =>
    Promise.all([
      import('../locales/zh-CN/admin.json', { with: { type: 'json' } }),
      import('../locales/zh-CN/ledger.json', { with: { type: 'json' } }),
    ]),
};

/** The catalogue of `locale`: English at once, another language from its chunks. */
export async function loadAdminCatalogue(locale: Locale): Promise<AdminCatalogue> {
  if (locale === 'en') return adminEnglish;
  const [admin, entries] = await loaders[locale]();
  return { ...admin.default, entries: entries.default };
}
