// The back office's UI text in the 11 languages (packages/i18n/locales/<lng>/admin.json).
import type { Locale } from './locales.ts';
import en from '../locales/en/admin.json' with { type: 'json' };
import ja from '../locales/ja/admin.json' with { type: 'json' };
import ko from '../locales/ko/admin.json' with { type: 'json' };
import de from '../locales/de/admin.json' with { type: 'json' };
import fr from '../locales/fr/admin.json' with { type: 'json' };
import it from '../locales/it/admin.json' with { type: 'json' };
import es from '../locales/es/admin.json' with { type: 'json' };
import ar from '../locales/ar/admin.json' with { type: 'json' };
import th from '../locales/th/admin.json' with { type: 'json' };
import zhTW from '../locales/zh-TW/admin.json' with { type: 'json' };
import zhCN from '../locales/zh-CN/admin.json' with { type: 'json' };

/** Keys grouped by screen. The back office bundles all 11 languages: the catalogue is small. */
export type AdminCatalogue = typeof en;

export const adminCatalogues: Record<Locale, AdminCatalogue> = {
  en,
  ja,
  ko,
  de,
  fr,
  it,
  es,
  ar,
  th,
  'zh-TW': zhTW,
  'zh-CN': zhCN,
};
