// Instrument names per language (locales/<locale>/instruments.json): currencies, of which forex pairs are
// named, and metals, futures and coins with a common local name. A name not listed (a company, a brand, most
// coins) is the catalogue's own. scripts/check-i18n.ts keeps every locale complete.
import type { Locale } from './locales.ts';
import en from '../locales/en/instruments.json' with { type: 'json' };
import ja from '../locales/ja/instruments.json' with { type: 'json' };
import ko from '../locales/ko/instruments.json' with { type: 'json' };
import de from '../locales/de/instruments.json' with { type: 'json' };
import fr from '../locales/fr/instruments.json' with { type: 'json' };
import it from '../locales/it/instruments.json' with { type: 'json' };
import es from '../locales/es/instruments.json' with { type: 'json' };
import ar from '../locales/ar/instruments.json' with { type: 'json' };
import th from '../locales/th/instruments.json' with { type: 'json' };
import zhTW from '../locales/zh-TW/instruments.json' with { type: 'json' };
import zhCN from '../locales/zh-CN/instruments.json' with { type: 'json' };

export type InstrumentNames = { currencies: Record<string, string>; names: Record<string, string> };

export const instrumentNames: Record<Locale, InstrumentNames> = {
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
