// Contracts ("options"): one row per position, opened with its ledger entry and closed, exactly once, by a
// conditional update in the transaction of its settling entry. Rows never change after the close; the
// trigger in migrations/0011_contracts.sql refuses any other update, and the checks below keep every
// closed row complete and its loss within the margin.
import {
  pgTable,
  bigserial,
  bigint,
  integer,
  smallint,
  text,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { journalEntries } from '../ledger/tables.ts';
import { marketInstruments, marketTicks } from '../market/tables.ts';

export const optionOrders = pgTable(
  'option_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    book: text('book').notNull(),
    instrumentId: bigint('instrument_id', { mode: 'number' })
      .notNull()
      .references(() => marketInstruments.id),
    code: text('code').notNull(),
    direction: text('direction').notNull(),
    /** Lot count at scale 2 (orders-math lotScale). */
    lotsMinor: bigint('lots_minor', { mode: 'bigint' }).notNull(),
    leverage: integer('leverage').notNull(),
    termSeconds: integer('term_seconds').notNull(),
    /** Copied from the instrument at open, so a later catalogue edit cannot change an open contract. */
    contractSize: bigint('contract_size', { mode: 'bigint' }).notNull(),
    priceScale: smallint('price_scale').notNull(),
    quote: text('quote').notNull(),
    /** Quote currency → USDT: × num ÷ den, locked at open (1/1 for USD and USDT). */
    conversionNum: bigint('conversion_num', { mode: 'bigint' }).notNull(),
    conversionDen: bigint('conversion_den', { mode: 'bigint' }).notNull(),
    /** The USD pair's tick the conversion was taken from; null for USD and USDT. */
    conversionTickId: bigint('conversion_tick_id', { mode: 'number' }).references(() => marketTicks.id),
    openPriceMinor: bigint('open_price_minor', { mode: 'bigint' }).notNull(),
    openTickId: bigint('open_tick_id', { mode: 'number' })
      .notNull()
      .references(() => marketTicks.id),
    openAt: timestamp('open_at', { withTimezone: true, precision: 3 }).notNull(),
    notionalMinor: bigint('notional_minor', { mode: 'bigint' }).notNull(),
    marginMinor: bigint('margin_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    feeRateBps: integer('fee_rate_bps').notNull(),
    takeProfitMinor: bigint('take_profit_minor', { mode: 'bigint' }),
    stopLossMinor: bigint('stop_loss_minor', { mode: 'bigint' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    status: text('status').notNull(),
    closePriceMinor: bigint('close_price_minor', { mode: 'bigint' }),
    closeTickId: bigint('close_tick_id', { mode: 'number' }).references(() => marketTicks.id),
    /** The closing tick's time (when the price happened), which may precede the write after a catch-up. */
    closeAt: timestamp('close_at', { withTimezone: true, precision: 3 }),
    closeReason: text('close_reason'),
    pnlMinor: bigint('pnl_minor', { mode: 'bigint' }),
    /** cash → margin + fee income. */
    openEntryId: bigint('open_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    /** margin → cash ± trading P&L. */
    closeEntryId: bigint('close_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('option_orders_order_no').on(t.orderNo),
    index('option_orders_user').on(t.userId, t.book, t.id),
    index('option_orders_open')
      .on(t.instrumentId)
      .where(sql`${t.status} = 'open'`),
    index('option_orders_open_at').on(t.openAt),
    uniqueIndex('option_orders_open_entry').on(t.openEntryId),
    uniqueIndex('option_orders_close_entry').on(t.closeEntryId),
    check('option_orders_book', sql`${t.book} in ('demo', 'real')`),
    check('option_orders_direction', sql`${t.direction} in ('up', 'down')`),
    check('option_orders_status', sql`${t.status} in ('open', 'closed')`),
    check(
      'option_orders_amounts',
      sql`${t.lotsMinor} > 0 and ${t.leverage} > 0 and ${t.termSeconds} > 0 and ${t.contractSize} > 0
        and ${t.conversionNum} > 0 and ${t.conversionDen} > 0 and ${t.openPriceMinor} > 0
        and ${t.marginMinor} > 0 and ${t.feeMinor} >= 0 and ${t.notionalMinor} > 0`,
    ),
    check(
      'option_orders_closed_complete',
      sql`(${t.status} = 'open') = (${t.closePriceMinor} is null and ${t.closeTickId} is null
        and ${t.closeAt} is null and ${t.closeReason} is null and ${t.pnlMinor} is null
        and ${t.closeEntryId} is null and ${t.closedAt} is null)`,
    ),
    check(
      'option_orders_close_reason',
      sql`${t.closeReason} is null or ${t.closeReason} in ('tp', 'sl', 'expiry', 'manual', 'margin')`,
    ),
    /** Negative balance protection, in the database: a loss never exceeds the margin put up. */
    check('option_orders_loss_capped', sql`${t.pnlMinor} is null or ${t.pnlMinor} >= -${t.marginMinor}`),
  ],
);
export type OptionOrderRow = typeof optionOrders.$inferSelect;
