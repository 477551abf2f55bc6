// Withdrawal methods, withdrawals and their review (CONTRACT.md "User": withdrawalType/*, withdrawal,
// listWithdrwal; "Back office": reviews/withdrawals). Checksums (Luhn, base58check, EIP-55) are checked by the
// server; the shapes here are what a form can check before sending.
import { z } from 'zod';
import { amountString, decimalString, idString, text } from './common.ts';
import { usdtScale } from './money.ts';
import { otpSchema } from './security.ts';
import { chainOfNetwork, depositChains, type DepositChain } from './deposit-rules.ts';

export const withdrawalNetworks = ['TRC20', 'ERC20'] as const;
export type WithdrawalNetwork = (typeof withdrawalNetworks)[number];

/** The chain each network pays out on: the deposit side's map (TRC20 → tron, ERC20 → ethereum). */
export const chainOfWithdrawalNetwork = (network: WithdrawalNetwork): DepositChain => chainOfNetwork[network];

/** The public explorer of each chain, by its own name (a brand: not translated). */
export const explorerNames: Record<DepositChain, string> = {
  tron: 'Tronscan',
  ethereum: 'Etherscan',
  bitcoin: 'mempool.space',
};

/** A public explorer's page of a transaction, from the hash as the wire shows it (`0x` only on Ethereum). */
export function explorerTxUrl(chain: DepositChain, shownHash: string): string {
  const hex = shownHash.replace(/^0x/, '');
  if (chain === 'tron') return `https://tronscan.org/#/transaction/${hex}`;
  if (chain === 'ethereum') return `https://etherscan.io/tx/0x${hex}`;
  return `https://mempool.space/tx/${hex}`;
}

/**
 * How long after the payout transaction the money is usually spendable at the destination, in minutes: the
 * confirmations wallets and exchanges commonly wait for (TRON ~19 blocks of 3 s, Ethereum ~12–64 blocks of
 * 12 s, Bitcoin 1–6 blocks of ~10 min). An estimate shown as such, never a promise.
 */
export const payoutArrivalMinutes: Record<DepositChain, { min: number; max: number }> = {
  tron: { min: 1, max: 5 },
  ethereum: { min: 3, max: 15 },
  bitcoin: { min: 10, max: 60 },
};

export const withdrawalMethodTypes = ['bank', 'usdt'] as const;
export type WithdrawalMethodType = (typeof withdrawalMethodTypes)[number];

/** How many methods one customer may keep. */
export const withdrawalMethodsMax = 20;

/**
 * What adding a payout method costs besides its details (issue 25's allowlist): the login password (missing:
 * 10036, wrong: 10143) and, once two-factor is on, its code (missing: 10113, wrong or used: 10165). A new method
 * is usable from `usableAt`, after the `withdraw_method_cooldown_h` cool-down.
 */
const stepUp = {
  password: text().max(128).optional(),
  otp: otpSchema.optional(),
};

export const saveBankMethodBody = z.strictObject({
  ...stepUp,
  type: z.literal('bank'),
  bankName: text().trim().min(1).max(100),
  holderName: text().trim().min(1).max(100),
  /** 12–19 digits; spaces and hyphens between groups are allowed and dropped. */
  cardNumber: text().trim().min(1).max(40),
});
export const saveUsdtMethodBody = z.strictObject({
  ...stepUp,
  type: z.literal('usdt'),
  network: z.enum(withdrawalNetworks),
  address: text().trim().min(1).max(100),
});
export const saveWithdrawalMethodBody = z.discriminatedUnion('type', [
  saveBankMethodBody,
  saveUsdtMethodBody,
]);
export type SaveWithdrawalMethodBody = z.infer<typeof saveWithdrawalMethodBody>;

/** A saved method as its owner sees it: a card only by its last four digits, never in full. */
export const withdrawalMethod = z.object({
  id: z.string(),
  type: z.enum(withdrawalMethodTypes),
  label: z.string(),
  bankName: z.string().optional(),
  holderName: z.string().optional(),
  cardMasked: z.string().optional(),
  network: z.enum(withdrawalNetworks).optional(),
  address: z.string().optional(),
  /** Epoch ms from which a withdrawal may go to it (before: 10163); its save time plus the cool-down. */
  usableAt: z.number().int(),
});
export type WithdrawalMethod = z.infer<typeof withdrawalMethod>;

/** `withdrawalType/remove`: immediate, no password (removing only narrows where money may go). */
export const removeWithdrawalMethodBody = z.strictObject({ id: idString });

/**
 * `withdrawalPause`: when a password change or reset or a two-factor reset paused withdrawals, the epoch ms
 * they open again (10177 until then); null when they are not paused.
 */
export const withdrawalPause = z.object({ pausedUntil: z.number().int().nullable() });
export type WithdrawalPause = z.infer<typeof withdrawalPause>;

/** A positive USDT amount with at most 6 decimals (the asset's scale), within what the columns hold. */
export const withdrawalAmount = amountString(usdtScale, { positive: true });

/** A fee as the quote showed it: zero or more USDT, within what the columns hold. */
export const withdrawalQuotedFee = amountString(usdtScale);

export const withdrawalBody = z.strictObject({
  /** Missing or not one of the customer's methods: 10025. */
  methodId: idString.optional(),
  amount: withdrawalAmount,
  /** The login password; missing or empty: 10036. */
  password: text().max(128).optional(),
  /** The second factor, once the customer has turned it on (missing: 10113). */
  otp: otpSchema.optional(),
  /**
   * The fee the confirm step displayed (CONTRACT.md "Terms shown = terms applied"). Compared with the fee
   * in force inside the transaction: any difference is refused with 10112 and nothing is held.
   */
  quotedFee: withdrawalQuotedFee,
});

export const withdrawalQuoteQuery = z.strictObject({ amount: withdrawalAmount });

/**
 * The terms shown before confirmation. `amount` leaves the balance; the fee is taken from it, so the
 * destination receives `netAmount` = amount − fee. fee = max(amount × feeRate rounded half to even to the
 * minor unit, minFee); amounts below `minAmount` are refused (10120). Both limits are parameters
 * (`withdraw_amount_min`, `withdraw_fee_min`), disclosed here.
 */
export const withdrawalQuote = z.object({
  amount: decimalString,
  fee: decimalString,
  feeRate: decimalString,
  netAmount: decimalString,
  minAmount: decimalString,
  minFee: decimalString,
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuote>;

export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawal = z.object({
  id: z.string(),
  methodId: z.string(),
  amount: decimalString,
  fee: decimalString,
  feeRate: decimalString,
  netAmount: decimalString,
  status: z.enum(withdrawalStatuses),
  reason: z.string().optional(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().optional(),
  /** The chain of a crypto payout, once finance recorded its transaction (approved crypto withdrawals). */
  payoutChain: z.enum(depositChains).optional(),
  /** The payout transaction as explorers write it (`0x…` on Ethereum, bare on TRON and Bitcoin). */
  payoutTxHash: z.string().optional(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/**
 * Approving a withdrawal: the audit note, and for a crypto method the payout's transaction hash (required
 * there, validated per chain like a deposit's; refused for a bank card, which has none).
 */
export const withdrawalApproveBody = z
  .strictObject({
    note: text().trim().max(500).optional(),
    payoutTxHash: text().trim().max(100).optional(),
  })
  .nullish();

/** A withdrawal in the back-office queue: with its customer and its destination (card masked there too). */
export const withdrawalReviewItem = withdrawal.extend({
  user: z.object({ id: z.string(), userName: z.string(), email: z.string(), kycStatus: z.number().int() }),
  method: withdrawalMethod,
});
export type WithdrawalReviewItem = z.infer<typeof withdrawalReviewItem>;
