// Deposits: channels, the recharge claim and its record, and the back office's channel and review shapes
// (CONTRACT.md "User" recharge/listRecharge, "Market and content" listDepositChannel, "Back office").
import { z } from 'zod';
import { decimalString, idString, text } from './common.ts';
import { tick } from './ticks.ts';
import { priceStatuses } from './wire.ts';
import { depositAssets, depositChains, depositNetworks, depositSpreadBpsMax } from './deposit-rules.ts';

export * from './deposit-rules.ts';

export const depositStatuses = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** A positive decimal string (no sign). */
export const positiveDecimalString = decimalString.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  'must be positive',
);

/**
 * The feed's last price behind a channel's indicative rate: shown before a claim, not kept. `priceStatus`
 * as CONTRACT.md "Price status": a claim locks only a `live` price.
 */
export const indicativePrice = z.object({
  code: z.string(),
  price: decimalString,
  at: z.number().int(),
  source: z.enum(['simulated', 'live']),
  priceStatus: z.enum(priceStatuses),
});
export type IndicativePrice = z.infer<typeof indicativePrice>;

/** listDepositChannel: enabled channels with a valid address; `minAmount` in coin units. */
export const depositChannel = z.object({
  id: z.string(),
  asset: z.enum(depositAssets),
  network: z.enum(depositNetworks),
  chain: z.enum(depositChains),
  address: z.string(),
  minAmount: decimalString,
  /**
   * USDT per coin a claim made now would lock: the feed's last price less `spreadBps`; "1" for USDT;
   * null while paused or while the feed has no price for the coin (claims are refused with 10116 until it
   * has).
   */
  rate: decimalString.nullable(),
  /**
   * True for a BTC/ETH channel while its coin's price is not live (simulated, stale beyond
   * `price_stale_after_s`, or none): the channel shows "paused: no live BTC price" and a claim is refused
   * with 10161. Always false for USDT.
   */
  paused: z.boolean(),
  /** The disclosed spread (haircut) taken from the feed's price, in basis points; 0 for USDT. */
  spreadBps: z.number().int().min(0).max(depositSpreadBpsMax),
  /** The price `rate` comes from; null for USDT. */
  indicative: indicativePrice.nullable(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

/**
 * The text fields of the `recharge` multipart form; the `proof` image is a file part beside them.
 * `amount` is in USDT; the server locks the rate from the tape and computes the coin amount. `quotedRate`
 * is the rate the form displayed (terms shown = terms applied): a locked rate further from it than the
 * `deposit_rate_tolerance_bps` parameter is refused with 10112.
 */
export const rechargeFields = z.strictObject({
  channelId: idString,
  amount: positiveDecimalString,
  quotedRate: positiveDecimalString,
  // The chain's own format is checked by the server once the channel is known.
  txHash: z
    .string()
    .trim()
    .regex(/^(0[xX])?[0-9a-fA-F]{64}$/),
  last6: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{6}$/)
    .optional(),
});
export type RechargeFields = z.infer<typeof rechargeFields>;

export const deposit = z.object({
  id: z.string(),
  channelId: z.string(),
  asset: z.enum(depositAssets),
  network: z.enum(depositNetworks),
  chain: z.enum(depositChains),
  /** USDT credited on approval. */
  amount: decimalString,
  /** Coin amount to send, locked at claim. */
  payAmount: decimalString,
  /** USDT per coin, locked at claim: the tick's price less `spreadBps`. */
  rate: decimalString,
  spreadBps: z.number().int().min(0),
  /** The tick the rate was locked from (see getTick); null for USDT, credited 1:1. */
  rateTickId: z.string().nullable(),
  rateTick: tick.nullable(),
  /** As the chain's explorers write it (`0x…` on Ethereum). */
  txHash: z.string(),
  status: z.enum(depositStatuses),
  reason: z.string().optional(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().optional(),
});
export type Deposit = z.infer<typeof deposit>;

// Back office: /admin/api/deposit-channels (manageCatalogue) and /admin/api/reviews/deposits (reviewMoney).

export const depositChannelAdmin = depositChannel.extend({
  /** "USDT (TRC20)": how the channel is named in messages. */
  name: z.string(),
  enabled: z.boolean(),
  /** Whether the address passes its network's own check; a channel can be enabled only when it does. */
  addressValid: z.boolean(),
  sort: z.number().int(),
  updatedAt: z.number().int(),
});
export type DepositChannelAdmin = z.infer<typeof depositChannelAdmin>;

const channelAddress = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{8,128}$/);
const spreadBps = z.number().int().min(0).max(depositSpreadBpsMax);

/** No field sets a rate: the rate comes from the feed; the back office sets only the disclosed spread. */
export const depositChannelCreateBody = z.strictObject({
  asset: z.enum(depositAssets),
  network: z.enum(depositNetworks),
  address: channelAddress,
  minAmount: positiveDecimalString,
  spreadBps: spreadBps.default(0),
  enabled: z.boolean().default(false),
  sort: z.number().int().min(0).max(1000).default(0),
});
export const depositChannelUpdateBody = z
  .strictObject({
    address: channelAddress.optional(),
    minAmount: positiveDecimalString.optional(),
    spreadBps: spreadBps.optional(),
    enabled: z.boolean().optional(),
    sort: z.number().int().min(0).max(1000).optional(),
    reason: text().trim().min(1).max(500).optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'nothing to change');
export const depositChannelParams = z.strictObject({ id: idString });

export const reviewedCustomer = z.object({ id: z.string(), userName: z.string(), email: z.string() });

export const depositReviewItem = deposit.extend({
  user: reviewedCustomer,
  channelName: z.string(),
  /** The address the customer was shown when claiming. */
  address: z.string(),
  last6: z.string().nullable(),
  /** The proof image, served to authorized admins only. */
  proofUrl: z.string(),
  reviewedBy: z.string().nullable(),
  entryId: z.string().nullable(),
});
export type DepositReviewItem = z.infer<typeof depositReviewItem>;
