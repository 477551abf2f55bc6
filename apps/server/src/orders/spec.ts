// A contract row as the shared arithmetic sees it (packages/contract/src/orders-math.ts), and the USD pair
// that converts an instrument's quote currency into USDT.
import { settledPnlMinor, type ContractDirection, type ContractSpec } from '@tradewind/contract/orders-math';
import type { Catalogue, Instrument } from '../market/catalogue.ts';
import type { OptionOrderRow } from './tables.ts';

export const specOf = (row: OptionOrderRow): ContractSpec => ({
  lotsMinor: row.lotsMinor,
  contractSize: row.contractSize,
  priceScale: row.priceScale,
  conversion: { num: row.conversionNum, den: row.conversionDen },
});

export const directionOf = (row: OptionOrderRow): ContractDirection =>
  row.direction === 'down' ? 'down' : 'up';

/**
 * The P&L of the contract at `priceMinor` as a close there would book it (and as the customer sees it while
 * open): the shared arithmetic with the conversion locked at open, never below −margin.
 */
export const pnlAtMinor = (row: OptionOrderRow, priceMinor: bigint): bigint =>
  settledPnlMinor(specOf(row), directionOf(row), row.openPriceMinor, priceMinor, row.marginMinor);

/** Quotes that settle 1:1 in USDT (USDT is a dollar stablecoin; the confirm step says so). */
export const dollarQuotes: ReadonlySet<string> = new Set(['USD', 'USDT']);

/**
 * The USD pair that prices `quote` in dollars: `GBPUSD` (× price) or `USDJPY` (÷ price, `invert`).
 * Undefined for dollar quotes, and for a currency the catalogue has no enabled pair for.
 */
export function conversionPairOf(
  catalogue: Catalogue,
  quote: string,
): { instrument: Instrument; invert: boolean } | undefined {
  if (dollarQuotes.has(quote)) return undefined;
  const direct = catalogue.get(`${quote}USD`);
  if (direct) return { instrument: direct, invert: false };
  const inverse = catalogue.get(`USD${quote}`);
  return inverse ? { instrument: inverse, invert: true } : undefined;
}
