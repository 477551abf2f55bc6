// The live-price WebSocket's items (CONTRACT.md "Live prices"), checked without zod: the customer app checks
// every pushed item from its first page on, where zod would cost 5 KB (zod/mini) to 23 KB (classic) of
// first-load JS. market.ts's `wsPriceItem` schema is built from the same patterns, and live.test.ts holds
// the two to the same answer for every kind of item.
import type { WsPriceItem } from './market.ts';
import { decimalPattern, percentPattern, priceSources, priceStatuses } from './wire.ts';

/** Codes in one subscription message at most; above it a client subscribes to everything. */
export const wsSubscriptionMax = 200;

const isPriceSource = (value: unknown): value is WsPriceItem['source'] =>
  priceSources.some((source) => source === value);

const isPriceStatus = (value: unknown): value is WsPriceItem['priceStatus'] =>
  priceStatuses.some((status) => status === value);

/** The item as `wsPriceItem.parse` returns it (unknown keys dropped), or null where it would throw. */
export function parseWsPriceItem(value: unknown): WsPriceItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { code, price, zdf, source, priceStatus, priceAt } = value as Record<string, unknown>;
  if (typeof code !== 'string' || typeof price !== 'string' || typeof zdf !== 'string') return null;
  if (!decimalPattern.test(price) || !percentPattern.test(zdf) || !isPriceSource(source)) return null;
  if (!isPriceStatus(priceStatus)) return null;
  if (priceAt !== undefined && !(typeof priceAt === 'number' && Number.isInteger(priceAt))) return null;
  return { code, price, zdf, source, priceStatus, ...(priceAt === undefined ? {} : { priceAt }) };
}
