import {
  pgTable,
  bigserial,
  bigint,
  text,
  integer,
  boolean,
  timestamp,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Where customers send coins. Amounts are integer minor units: `minAmountMinor` at the coin's scale,
 * `rateMinor` USDT (scale 6) per one whole coin. The rate is a configured reference until the market feed
 * supplies one; whichever is used is recorded on each claim.
 */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    minAmountMinor: bigint('min_amount_minor', { mode: 'bigint' }).notNull(),
    rateMinor: bigint('rate_minor', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('deposit_channels_asset_network').on(t.asset, t.network),
    check('deposit_channels_asset_valid', sql`${t.asset} in ('USDT', 'BTC', 'ETH')`),
    check('deposit_channels_min_positive', sql`${t.minAmountMinor} > 0`),
    check('deposit_channels_rate_positive', sql`${t.rateMinor} > 0`),
  ],
);
export type DepositChannelRow = typeof depositChannels.$inferSelect;
