import type { Locale } from './locales.ts';
import en from '../locales/en/server.json' with { type: 'json' };
import ja from '../locales/ja/server.json' with { type: 'json' };
import ko from '../locales/ko/server.json' with { type: 'json' };
import de from '../locales/de/server.json' with { type: 'json' };
import fr from '../locales/fr/server.json' with { type: 'json' };
import it from '../locales/it/server.json' with { type: 'json' };
import es from '../locales/es/server.json' with { type: 'json' };
import ar from '../locales/ar/server.json' with { type: 'json' };
import th from '../locales/th/server.json' with { type: 'json' };
import zhTW from '../locales/zh-TW/server.json' with { type: 'json' };
import zhCN from '../locales/zh-CN/server.json' with { type: 'json' };

export type ServerCatalogue = typeof en;

export const serverCatalogues: Record<Locale, ServerCatalogue> = {
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
