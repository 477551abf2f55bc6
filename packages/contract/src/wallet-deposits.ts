// Deposits: channels, the recharge claim and its record, and the back office's channel and review shapes
// (CONTRACT.md "User" recharge/listRecharge, "Market and content" listDepositChannel, "Back office").
import { z } from 'zod';
import { decimalString, idString } from './common.ts';

/** Coins a deposit channel can receive; the scale of each is chosen once in the server's money module. */
export const depositAssets = ['USDT', 'BTC', 'ETH'] as const;
export type DepositAsset = (typeof depositAssets)[number];
export const depositStatuses = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** A positive decimal string (no sign). */
export const positiveDecimalString = decimalString.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  'must be positive',
);

/** listDepositChannel: `minAmount` in coin units, `rate` USDT per one coin. */
export const depositChannel = z.object({
  id: z.string(),
  asset: z.enum(depositAssets),
  network: z.string(),
  address: z.string(),
  minAmount: decimalString,
  rate: decimalString,
});
export type DepositChannel = z.infer<typeof depositChannel>;

/**
 * The text fields of the `recharge` multipart form; the `proof` image is a file part beside them.
 * `amount` is in USDT; the coin amount is computed by the server at the channel's rate and locked.
 */
export const rechargeFields = z.strictObject({
  channelId: idString,
  amount: positiveDecimalString,
  txHash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/),
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
  network: z.string(),
  /** USDT credited on approval. */
  amount: decimalString,
  /** Coin amount to send, locked at claim. */
  payAmount: decimalString,
  /** USDT per coin, locked at claim. */
  rate: decimalString,
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
  sort: z.number().int(),
  updatedAt: z.number().int(),
});
export type DepositChannelAdmin = z.infer<typeof depositChannelAdmin>;

const networkName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 ._-]{2,32}$/);
const channelAddress = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{8,128}$/);

export const depositChannelCreateBody = z.strictObject({
  asset: z.enum(depositAssets),
  network: networkName,
  address: channelAddress,
  minAmount: positiveDecimalString,
  rate: positiveDecimalString,
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(1000).default(0),
});
export const depositChannelUpdateBody = z
  .strictObject({
    network: networkName.optional(),
    address: channelAddress.optional(),
    minAmount: positiveDecimalString.optional(),
    rate: positiveDecimalString.optional(),
    enabled: z.boolean().optional(),
    sort: z.number().int().min(0).max(1000).optional(),
    reason: z.string().trim().min(1).max(500).optional(),
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
