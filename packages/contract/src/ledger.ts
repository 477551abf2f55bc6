// Book records and notifications (CONTRACT.md "User"); adjustments are in reviews.ts.
import { z } from 'zod';
import { decimalString, idString } from './common.ts';

/**
 * Every kind of journal entry the server posts: the ledger's post() takes nothing else, and both front ends
 * name each one (packages/i18n/locales/<locale>/ledger.json, `kinds`). A new kind goes here first.
 */
export const entryKinds = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'contract_open',
  'contract_close',
  'smart_open',
  'smart_interest',
  'smart_maturity',
  'smart_redeem',
  'loan_disburse',
  'loan_repay',
  'nft_bid',
  'nft_settle',
  'nft_payout',
  'invite_reward',
  'adjustment',
  'demo_mint',
  'demo_reset',
] as const;
export const entryKind = z.enum(entryKinds);
export type EntryKind = (typeof entryKinds)[number];
export const isEntryKind = (value: string): value is EntryKind =>
  (entryKinds as readonly string[]).includes(value);

/** What a customer filters fund records by (ledger.json `categories`): each kind belongs to one. */
export const entryCategories = [
  'deposits',
  'withdrawals',
  'contracts',
  'smart',
  'loans',
  'nft',
  'invite',
  'adjustments',
  'demo',
] as const;
export const entryCategory = z.enum(entryCategories);
export type EntryCategory = (typeof entryCategories)[number];

export const categoryOfKind = {
  deposit: 'deposits',
  withdrawal_hold: 'withdrawals',
  withdrawal_release: 'withdrawals',
  withdrawal_payout: 'withdrawals',
  contract_open: 'contracts',
  contract_close: 'contracts',
  smart_open: 'smart',
  smart_interest: 'smart',
  smart_maturity: 'smart',
  smart_redeem: 'smart',
  loan_disburse: 'loans',
  loan_repay: 'loans',
  nft_bid: 'nft',
  nft_settle: 'nft',
  nft_payout: 'nft',
  invite_reward: 'invite',
  adjustment: 'adjustments',
  demo_mint: 'demo',
  demo_reset: 'demo',
} as const satisfies Record<EntryKind, EntryCategory>;

export const kindsOfCategory = (category: EntryCategory): EntryKind[] =>
  entryKinds.filter((kind) => categoryOfKind[kind] === category);

/**
 * The ledger.json key that names a cash line of `kind`: `kinds.<kind>`, except a credit of a bid (the bid
 * of someone outbid, returned: the same entry as the new bid) and a kind this build does not know yet
 * (a server newer than the app), which reads as `unknown`.
 */
export function entryLabelKey(
  kind: string,
  amount: string,
): `kinds.${EntryKind}` | 'returnedBid' | 'unknown' {
  if (!isEntryKind(kind)) return 'unknown';
  if (kind === 'nft_bid' && !amount.trim().startsWith('-')) return 'returnedBid';
  return `kinds.${kind}`;
}

/** Fund records of one page, optionally of one kind or one category (CONTRACT.md "User"). */
export const fundRecordQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  kind: entryKind.optional(),
  category: entryCategory.optional(),
});
export type FundRecordQuery = z.infer<typeof fundRecordQuery>;
export const fundRecord = z.object({
  id: z.string(),
  /** An entry kind (`entryKinds`); a string on the wire, so an older app shows a newer kind as "other". */
  kind: z.string(),
  amount: decimalString,
  balanceAfter: decimalString,
  ref: z.string(),
  createdAt: z.number().int(),
});
export type FundRecord = z.infer<typeof fundRecord>;

export const notificationItem = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.number().int(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationPage = z.object({
  list: z.array(notificationItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  unread: z.number().int(),
});
/** Marks `id`, the `ids` shown on a page (at most a page of 100), or with neither every notification read. */
export const readNotificationBody = z
  .strictObject({ id: idString.optional(), ids: z.array(idString).min(1).max(100).optional() })
  .optional();
