// Which translation of a content item answers a reader: the reader's language, then the nearest one that
// exists. Traditional Chinese readers get Simplified Chinese before English; everyone else gets English, which
// every item has (the editor refuses an item without it, 10152). The server answers customers by this chain
// and the back office's editor shows with it which language each missing one falls back to.
import type { Locale } from '@tradewind/i18n/locales';

export function fallbackChain(locale: Locale): Locale[] {
  if (locale === 'en') return ['en'];
  if (locale === 'zh-TW') return ['zh-TW', 'zh-CN', 'en'];
  return [locale, 'en'];
}

/** The best of the translations at hand for `locale`, or undefined when none is in its chain. */
export function pickTranslation<T extends { locale: string }>(found: T[], locale: Locale): T | undefined {
  for (const wanted of fallbackChain(locale)) {
    const hit = found.find((t) => t.locale === wanted);
    if (hit) return hit;
  }
  return undefined;
}
