import { pgTable, bigserial, bigint, text, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { admins } from '../admin/tables.ts';
import { journalEntries } from '../ledger/tables.ts';
import { uploads } from '../platform/uploads-tables.ts';
import { depositChannels } from './channels-tables.ts';

/**
 * A deposit claim: pending until finance decides; nothing is posted before approval. The channel's asset,
 * network, address and rate are copied at claim so later channel edits never change a claim.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => depositChannels.id),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    /** USDT (scale 6) credited on approval. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Coin amount (the coin's scale) the customer was asked to send. */
    payAmountMinor: bigint('pay_amount_minor', { mode: 'bigint' }).notNull(),
    /** USDT (scale 6) per whole coin, as used for `payAmountMinor`. */
    rateMinor: bigint('rate_minor', { mode: 'bigint' }).notNull(),
    txHash: text('tx_hash').notNull(),
    last6: text('last6'),
    proofName: text('proof_name')
      .notNull()
      .references(() => uploads.name),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => admins.id),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('deposits_user').on(t.userId, t.id),
    index('deposits_status').on(t.status, t.id),
    // One live claim per on-chain transaction: the same hash cannot be credited twice.
    uniqueIndex('deposits_tx_hash_live')
      .on(t.network, sql`lower(${t.txHash})`)
      .where(sql`${t.status} <> 'rejected'`),
    check('deposits_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'deposits_amounts_positive',
      sql`${t.amountMinor} > 0 and ${t.payAmountMinor} > 0 and ${t.rateMinor} > 0`,
    ),
    // Approved exactly when posted: the deferred trigger deposits_posted_iff_approved (migration 0010)
    // checks it at commit, since the review helper claims the row before it posts.
  ],
);
export type DepositRow = typeof deposits.$inferSelect;
