// Market categories as tabs (spec.md §1: 1 forex, 2 crypto, 3 stocks, 4 futures, 5 metals). ETFs are
// stocks flagged `etf` (DESIGN.md §4) and get a tab of their own; the watchlist is the user's own list.
import type { InstrumentType, MarketItem } from '@tradewind/contract';

export type CategoryId = 'crypto' | 'forex' | 'stocks' | 'etfs' | 'futures' | 'metals';

export type Category = {
  id: CategoryId;
  /** The `type` query parameter of /market and of the list call. */
  param: string;
  type: InstrumentType;
  /** Keeps part of the category's list: stocks without ETFs, ETFs only. */
  filter?: (item: MarketItem) => boolean;
};

export const categories: readonly Category[] = [
  { id: 'crypto', param: '2', type: 2 },
  { id: 'forex', param: '1', type: 1 },
  { id: 'stocks', param: '3', type: 3, filter: (item) => !item.etf },
  { id: 'etfs', param: 'etf', type: 3, filter: (item) => item.etf },
  { id: 'futures', param: '4', type: 4 },
  { id: 'metals', param: '5', type: 5 },
];

export const watchParam = 'watch';
export const defaultCategory: Category = categories[0] ?? { id: 'crypto', param: '2', type: 2 };

export function categoryByParam(param: string | null): Category | undefined {
  return categories.find((c) => c.param === param);
}

/** The category an item belongs to (ETFs to their own tab). */
export function categoryOf(item: Pick<MarketItem, 'type' | 'etf'>): Category | undefined {
  if (item.type === 3) return categoryByParam(item.etf ? 'etf' : '3');
  return categories.find((c) => c.type === item.type);
}

/** The currency detail route of spec.md §2: /cruuency?code&type&id. */
export function detailHref(item: Pick<MarketItem, 'code' | 'type' | 'id'>): string {
  return `/cruuency?${new URLSearchParams({ code: item.code, type: String(item.type), id: item.id }).toString()}`;
}
