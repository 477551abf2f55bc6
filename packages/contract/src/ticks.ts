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
  /** The feed that produced it: `sim`, `replay` or `ccxt:<exchange>`. */
  feed: z.string(),
});
export type Tick = z.infer<typeof tick>;
