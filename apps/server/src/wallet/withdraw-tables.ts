// Withdrawals: pending until finance decides; the amount sits in the customer's withdrawal hold meanwhile.
import {
  pgTable,
  bigserial,
  bigint,
  integer,
  text,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DepositChain } from '@tradewind/contract/deposit-rules';
import { users } from '../users/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { journalEntries } from '../ledger/tables.ts';
import { withdrawalMethods } from './methods-tables.ts';

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    methodId: bigint('method_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawalMethods.id),
    asset: text('asset').notNull(),
    /** What leaves the customer's cash, fee included; the destination receives amount − fee. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    /** `withdraw_fee_rate` when the withdrawal was placed, in millionths (0.01 → 10000). */
    feeRatePpm: integer('fee_rate_ppm').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** cash → withdrawal_hold, posted with the row: a withdrawal never exists without its hold. */
    holdEntryId: bigint('hold_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    /** hold → clearing + fee income (approved) or hold → cash (rejected). */
    settleEntryId: bigint('settle_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => admins.id),
    /** A crypto payout's chain and transaction (64 lower-case hex digits), recorded on approval (0027). */
    payoutChain: text('payout_chain').$type<DepositChain>(),
    payoutTxHash: text('payout_tx_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user').on(t.userId, t.id),
    index('withdrawals_status').on(t.status, t.id),
    /** The per-customer pending limit counts these (wallet/withdraw.ts). */
    index('withdrawals_user_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('withdrawals_hold_entry').on(t.holdEntryId),
    uniqueIndex('withdrawals_settle_entry').on(t.settleEntryId),
    /** One transaction pays one withdrawal. */
    uniqueIndex('withdrawals_payout_chain_tx')
      .on(t.payoutChain, t.payoutTxHash)
      .where(sql`${t.payoutTxHash} is not null`),
    check('withdrawals_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('withdrawals_reviewed', sql`(${t.status} = 'pending') = (${t.reviewedAt} is null)`),
    check(
      'withdrawals_amounts',
      sql`${t.amountMinor} > 0 and ${t.feeMinor} >= 0 and ${t.feeMinor} < ${t.amountMinor}`,
    ),
    check('withdrawals_fee_rate', sql`${t.feeRatePpm} between 0 and 999999`),
    check(
      'withdrawals_payout_tx',
      sql`(${t.payoutChain} is null and ${t.payoutTxHash} is null)
          or (${t.payoutChain} in ('tron', 'ethereum', 'bitcoin') and ${t.payoutTxHash} ~ '^[0-9a-f]{64}$'
              and ${t.status} = 'approved')`,
    ),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;
