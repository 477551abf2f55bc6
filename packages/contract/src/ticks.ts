// A kept tick of the tape (CONTRACT.md "Market and content" getTick): the price an order, a settlement or a
// deposit rate names, readable by anyone so that the price behind any figure can be checked.
import { z } from 'zod';
import { decimalString, idString } from './common.ts';

export const tickParams = z.strictObject({ id: idString });

export const tick = z.object({
  id: z.string(),
  /** The instrument: `BTCUSDT`. */
  code: z.string(),
  /** At the instrument's price scale, in its quote currency. */
  price: decimalString,
  /** When the source produced it, epoch ms. */
  at: z.number().int(),
  /** `simulated` unless the price was taken from a real market as it happened. */
  source: z.enum(['simulated', 'live']),
  /** The feed that produced it: `sim`, `replay`, `replay:live`, `ccxt:<exchange>` or `pyth`. */
  feed: z.string(),
  /**
   * What a live source said about the tick, to check a settlement against the source: ccxt
   * `{exchange, exchangeTimeMs}` (the exchange's own timestamp); Pyth `{feedId, publishTime, conf}` (feed id,
   * publish time in epoch seconds, confidence as a decimal in the quote currency). Absent for simulated ticks.
   */
  meta: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Tick = z.infer<typeof tick>;
