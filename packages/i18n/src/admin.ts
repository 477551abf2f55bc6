// The back office's UI text in the 11 languages (packages/i18n/locales/<lng>/admin.json). English comes with
// the first load (the default language, and what a missing key falls back to); each other language is its
// own chunk, fetched when an operator chooses it, so the initial JS carries one catalogue, not eleven.
import type { Locale } from './locales.ts';
import en from '../locales/en/admin.json' with { type: 'json' };

/** Keys grouped by screen. */
export type AdminCatalogue = typeof en;

export const adminEnglish: AdminCatalogue = en;

type Module = { default: AdminCatalogue };
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Module>> = {
  ja: () => import('../locales/ja/admin.json', { with: { type: 'json' } }),
  ko: () => import('../locales/ko/admin.json', { with: { type: 'json' } }),
  de: () => import('../locales/de/admin.json', { with: { type: 'json' } }),
  fr: () => import('../locales/fr/admin.json', { with: { type: 'json' } }),
  it: () => import('../locales/it/admin.json', { with: { type: 'json' } }),
  es: () => import('../locales/es/admin.json', { with: { type: 'json' } }),
  ar: () => import('../locales/ar/admin.json', { with: { type: 'json' } }),
  th: () => import('../locales/th/admin.json', { with: { type: 'json' } }),
  'zh-TW': () => import('../locales/zh-TW/admin.json', { with: { type: 'json' } }),
  'zh-CN': () => import('../locales/zh-CN/admin.json', { with: { type: 'json' } }),
};

/** The catalogue of `locale`: English at once, another language from its chunk. */
export async function loadAdminCatalogue(locale: Locale): Promise<AdminCatalogue> {
  return locale === 'en' ? en : (await loaders[locale]()).default;
}
