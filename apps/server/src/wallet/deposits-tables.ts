import {
  pgTable,
  bigserial,
  bigint,
  integer,
  numeric,
  text,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { journalEntries } from '../ledger/tables.ts';
import { uploads } from '../platform/uploads-tables.ts';
import { marketTicks } from '../market/tables.ts';
import { depositChannels } from './channels-tables.ts';

/**
 * A deposit claim: pending until finance decides; nothing is posted before approval. The channel's asset,
 * network, chain, address and spread are copied at claim, with the rate locked from a kept tick, so later
 * channel edits and price moves never change a claim.
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
    /** The chain of `network`: a transaction hash is claimed once per chain. */
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    /** USDT (scale 6) credited on approval. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /**
     * Coin amount (the coin's scale) the customer was asked to send. numeric, not bigint: at ETH's 18
     * decimals a bigint holds only 9.22 ETH (migration 0007).
     */
    payAmountMinor: numeric('pay_amount_minor', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    /** USDT (scale 6) per whole coin, as used for `payAmountMinor`: the tick's price less `spreadBps`. */
    rateMinor: bigint('rate_minor', { mode: 'bigint' }).notNull(),
    /** The kept tick the rate was locked from; null for USDT (1:1) and for claims made before ticks. */
    rateTickId: bigint('rate_tick_id', { mode: 'number' }).references(() => marketTicks.id),
    spreadBps: integer('spread_bps').notNull().default(0),
    /** 64 lower-case hex digits, no `0x`: one spelling per transaction (see normalizeTxHash). */
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
    // One live claim per on-chain transaction: the same hash cannot be credited twice, whichever channel
    // of its chain (USDT on ERC20, ETH on Ethereum) it is claimed on.
    uniqueIndex('deposits_chain_tx_hash_live')
      .on(t.chain, t.txHash)
      .where(sql`${t.status} <> 'rejected'`),
    index('deposits_rate_tick')
      .on(t.rateTickId)
      .where(sql`${t.rateTickId} is not null`),
    check(
      'deposits_chain_of_network',
      sql`(${t.network}, ${t.chain}) in (('TRC20', 'tron'), ('ERC20', 'ethereum'), ('Ethereum', 'ethereum'), ('Bitcoin', 'bitcoin'))`,
    ),
    check('deposits_tx_hash_normalized', sql`${t.txHash} ~ '^[0-9a-f]{64}$'`),
    check('deposits_spread_valid', sql`${t.spreadBps} between 0 and 500`),
    // NOT VALID in the migration: claims made before rates came from the tape name no tick.
    check(
      'deposits_rate_origin',
      sql`case when ${t.asset} = 'USDT' then ${t.rateTickId} is null and ${t.spreadBps} = 0 and ${t.rateMinor} = 1000000 else ${t.rateTickId} is not null end`,
    ),
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
