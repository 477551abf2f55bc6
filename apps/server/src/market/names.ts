// Instrument names in the reader's language (issue 23): the catalogue keeps one English name per instrument,
// and the market answers name it in the request's language from packages/i18n's instruments.json: a forex
// pair by its two currencies, a metal, index, commodity or coin by its local name. Companies and other
// brands keep the catalogue's name.
import { instrumentTypes, type MarketItem } from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n';
import { instrumentNames } from '@tradewind/i18n/instruments';

type Named = Pick<MarketItem, 'code' | 'type' | 'name'>;

/** The name of `item` in `locale`, or the catalogue's own when the language has none for it. */
export function nameIn(item: Named, locale: Locale): string {
  const { names, currencies } = instrumentNames[locale];
  const listed = names[item.code];
  if (listed) return listed;
  if (item.type === instrumentTypes.forex && item.code.length === 6) {
    const base = currencies[item.code.slice(0, 3)];
    const quote = currencies[item.code.slice(3)];
    if (base && quote) return `${base} / ${quote}`;
  }
  return item.name;
}

/** The item with its name in `locale` (answers are cached in English; each request gets a copy). */
export function named<T extends Named>(item: T, locale: Locale): T {
  const name = nameIn(item, locale);
  return name === item.name ? item : { ...item, name };
}
