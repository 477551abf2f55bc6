// Contracts ("options") on the wire (CONTRACT.md "Orders"): opening with the terms the confirm step showed,
// closing, reading. The arithmetic both sides use is in orders-math.ts (no zod, for the customer app).
import { z } from 'zod';
import { decimalString, idString, pageQuery, text } from './common.ts';
import { instrumentCode, termsSha256 } from './market.ts';
import { closeReasons, contractDirections } from './orders-math.ts';

export { closeReasons, contractDirections, type CloseReason, type ContractDirection } from './orders-math.ts';

export const contractStatuses = ['open', 'closed'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** A positive decimal a person typed (lots, a price level); its precision is checked by the server. */
const positiveDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/)
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero');

export const buyOptionsBody = z.strictObject({
  code: instrumentCode,
  direction: z.enum(contractDirections),
  /** In lots: "0.01" … the instrument's maximum, in lot-size steps (10016 otherwise). */
  lots: positiveDecimal,
  /** One of the instrument's leverage choices; above its cap: 400 with a field message. */
  leverage: z.number().int().min(1).max(1000),
  termId: text().trim().min(1).max(20),
  takeProfit: positiveDecimal.optional(),
  stopLoss: positiveDecimal.optional(),
  /** The open price the confirm step showed; refused (10112) beyond `max_slippage_pct` of it. */
  quotedPrice: positiveDecimal,
  /** The fee rate the confirm step showed ("0.0010" is 0.1 %); any difference: 10112. */
  quotedFeeRate: decimalString,
  /** getMarketInfo's `termsSha256` the confirm step showed; any other than the terms in force: 10112. */
  termsSha256,
});
export type BuyOptionsBody = z.infer<typeof buyOptionsBody>;

export const orderIdParams = z.strictObject({ id: idString });

export const listOptionsQuery = pageQuery.extend({ status: z.enum(contractStatuses).optional() });

/** How the instrument's quote currency became USDT for this contract, locked at open. */
export const contractConversion = z.object({
  /** The USD pair whose price was used: `USDJPY`. */
  code: z.string(),
  price: decimalString,
  tickId: z.string(),
  /** USDT per one unit of the quote currency. */
  rate: decimalString,
  /** The pair is USD/quote (USDJPY): the rate is 1 ÷ price; otherwise quote/USD (GBPUSD): the price. */
  invert: z.boolean(),
});

export const optionsContract = z.object({
  id: z.string(),
  orderNo: z.string(),
  code: z.string(),
  appName: z.string(),
  book: z.enum(['demo', 'real']),
  direction: z.enum(contractDirections),
  lots: decimalString,
  leverage: z.number().int(),
  /** Quote currency of the prices: `USDT`, `USD`, `JPY`, … (money is always USDT). */
  quote: z.string(),
  /** Units of the underlying in one lot, copied at open (with lots, what the P&L formula multiplies). */
  contractSize: decimalString,
  /** Prices are written with all the instrument's decimals (the price scale), e.g. "67012.50". */
  openPrice: decimalString,
  openTickId: z.string(),
  openAt: z.number().int(),
  closePrice: decimalString.optional(),
  closeTickId: z.string().optional(),
  closeAt: z.number().int().optional(),
  closeReason: z.enum(closeReasons).optional(),
  notional: decimalString,
  margin: decimalString,
  fee: decimalString,
  feeRate: decimalString,
  takeProfit: decimalString.optional(),
  stopLoss: decimalString.optional(),
  termSeconds: z.number().int(),
  expiresAt: z.number().int(),
  /** Realized once closed; while open, unrealized at the latest price (never below −margin). */
  pnl: decimalString,
  /** The result after the opening fee: `pnl` − `fee`, what the contract added to or took from cash. */
  netPnl: decimalString,
  /** While open: the latest price the unrealized P&L was taken at. */
  markPrice: decimalString.optional(),
  /** Expired while its market is closed: it closes at the first tick when the market opens. */
  awaitingMarketOpen: z.boolean().optional(),
  conversion: contractConversion.optional(),
  status: z.enum(contractStatuses),
});
export type OptionsContract = z.infer<typeof optionsContract>;
