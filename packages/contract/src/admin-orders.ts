// The back office's read-only view of contracts (CONTRACT.md "Back office"; issue 9): positions of every
// customer, and the platform's exposure per instrument. Nothing here writes: no staff call opens, closes or
// changes a contract, and none takes a price (the platform is the counterparty; prices come from the feed).
import { z } from 'zod';
import { decimalString, idString, pageQuery } from './common.ts';
import { instrumentCode } from './market.ts';
import { closeReasons, contractDirections } from './orders-math.ts';
import { contractStatuses } from './orders.ts';

export const positionBooks = ['demo', 'real'] as const;

export const adminPositionsQuery = pageQuery.extend({
  status: z.enum(contractStatuses).default('open'),
  code: instrumentCode.optional(),
  userId: idString.optional(),
  book: z.enum(positionBooks).optional(),
});
export type AdminPositionsQuery = z.infer<typeof adminPositionsQuery>;

export const adminPosition = z.object({
  id: z.string(),
  orderNo: z.string(),
  user: z.object({ id: z.string(), userName: z.string() }),
  book: z.enum(positionBooks),
  code: z.string(),
  /** Quote currency of the prices (money is always USDT). */
  quote: z.string(),
  direction: z.enum(contractDirections),
  lots: decimalString,
  leverage: z.number().int(),
  openPrice: decimalString,
  openTickId: z.string(),
  openAt: z.number().int(),
  notional: decimalString,
  margin: decimalString,
  fee: decimalString,
  takeProfit: decimalString.optional(),
  stopLoss: decimalString.optional(),
  expiresAt: z.number().int(),
  status: z.enum(contractStatuses),
  closePrice: decimalString.optional(),
  closeTickId: z.string().optional(),
  closeAt: z.number().int().optional(),
  closeReason: z.enum(closeReasons).optional(),
  /**
   * Realized once closed; while open, unrealized at `markPrice` (never below −margin, as the customer sees
   * it). Null while open when the feed has no price for the instrument yet.
   */
  pnl: decimalString.nullable(),
  /** While open: the latest price of the feed the unrealized P&L was taken at. */
  markPrice: decimalString.optional(),
});
export type AdminPosition = z.infer<typeof adminPosition>;

export const adminExposureQuery = z.strictObject({ book: z.enum(positionBooks).default('real') });

/** Lots and notional are at open; `unrealizedPnl` is the customers' total, the platform's is its negative. */
const exposureFigures = {
  openCount: z.number().int(),
  longNotional: decimalString,
  shortNotional: decimalString,
  /** long − short: positive when customers are net long, so the platform is net short. */
  netNotional: decimalString,
  marginTotal: decimalString,
  unrealizedPnl: decimalString,
};

export const exposureRow = z.object({
  code: z.string(),
  quote: z.string(),
  longLots: decimalString,
  shortLots: decimalString,
  netLots: decimalString,
  ...exposureFigures,
  /** The latest price of the feed the P&L was taken at; absent when the feed has none yet. */
  markPrice: decimalString.optional(),
});
export type ExposureRow = z.infer<typeof exposureRow>;

export const exposure = z.object({
  book: z.enum(positionBooks),
  /** When the figures were taken (epoch ms). */
  at: z.number().int(),
  list: z.array(exposureRow),
  totals: z.object(exposureFigures),
});
export type Exposure = z.infer<typeof exposure>;
