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
 * Where customers send coins. `minAmountMinor` is at the coin's scale. No rate is stored: a claim locks the
 * feed's last price (DESIGN.md §1.3) less `spreadBps`, the disclosed haircut that is all the back office
 * sets. Off until enabled with an address that passes its network's check.
 */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    minAmountMinor: bigint('min_amount_minor', { mode: 'bigint' }).notNull(),
    spreadBps: integer('spread_bps').notNull().default(0),
    enabled: boolean('enabled').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('deposit_channels_asset_network').on(t.asset, t.network),
    check('deposit_channels_asset_valid', sql`${t.asset} in ('USDT', 'BTC', 'ETH')`),
    check('deposit_channels_min_positive', sql`${t.minAmountMinor} > 0`),
    check(
      'deposit_channels_network_valid',
      sql`(${t.asset}, ${t.network}) in (('USDT', 'TRC20'), ('USDT', 'ERC20'), ('BTC', 'Bitcoin'), ('ETH', 'Ethereum'))`,
    ),
    check(
      'deposit_channels_spread_valid',
      sql`${t.spreadBps} between 0 and 500 and (${t.asset} <> 'USDT' or ${t.spreadBps} = 0)`,
    ),
  ],
);
export type DepositChannelRow = typeof depositChannels.$inferSelect;
