// Sorting the market list by a column: name, last price, 24 h change or 24 h turnover. Prices and changes
// compare as decimals (no float); turnover (volume × last price, in the quote currency) in bigint. The
// order is taken from the fetched list, not the live ticks, so rows do not jump under the pointer.
import type { MarketItem } from '@tradewind/contract';
import { compareDecimal, formatMinor, tryParseDecimal } from '@tradewind/contract/money';

export const sortKeys = ['name', 'price', 'change', 'volume'] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortDir = 'asc' | 'desc';
export type Sort = { key: SortKey; dir: SortDir };

const decimals = (text: string) => text.split('.')[1]?.length ?? 0;

/** volume24h × nowPrice as a decimal string ("0" when either is not a decimal). */
export function turnover(item: Pick<MarketItem, 'volume24h' | 'nowPrice'>): string {
  const [sv, sp] = [decimals(item.volume24h), decimals(item.nowPrice)];
  const v = tryParseDecimal(item.volume24h, sv);
  const p = tryParseDecimal(item.nowPrice, sp);
  if (v === undefined || p === undefined) return '0';
  return formatMinor(v * p, sv + sp);
}

function compare(a: MarketItem, b: MarketItem, key: SortKey, collator: Intl.Collator): number {
  switch (key) {
    case 'name':
      return collator.compare(a.appName, b.appName);
    case 'price':
      return compareDecimal(a.nowPrice, b.nowPrice);
    case 'change':
      return compareDecimal(a.zdf, b.zdf);
    case 'volume':
      return compareDecimal(turnover(a), turnover(b));
  }
}

/** A sorted copy; no sort: the catalogue's own order. Ties keep the catalogue order. */
export function sortItems(
  items: readonly MarketItem[],
  sort: Sort | undefined,
  locale: string,
): MarketItem[] {
  if (!sort) return [...items];
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.dir === 'asc' ? 1 : -1;
  // Turnover is computed once per item, not once per comparison.
  const keyed = items.map((item, index) => ({ item, index }));
  return keyed
    .sort((x, y) => sign * compare(x.item, y.item, sort.key, collator) || x.index - y.index)
    .map((x) => x.item);
}

/** A header click: a new column starts descending (names ascending); the same column flips. */
export function nextSort(current: Sort | undefined, key: SortKey): Sort {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: key === 'name' ? 'asc' : 'desc' };
}

/** aria-sort of a column header. */
export function ariaSort(current: Sort | undefined, key: SortKey): 'ascending' | 'descending' | 'none' {
  if (current?.key !== key) return 'none';
  return current.dir === 'asc' ? 'ascending' : 'descending';
}
