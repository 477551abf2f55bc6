// Smart plans: products and their durations, the customers' orders, and one row per paid day of interest.
// The rules the database keeps (migrations/0012_smart.sql): an order changes once, from earning to completed
// or redeemed, and never its terms; one earning order per customer and product; a day's interest is paid at
// most once (unique (order, day)), only to an earning order and only on a day of its term.
import {
  pgTable,
  bigserial,
  bigint,
  boolean,
  integer,
  jsonb,
  text,
  timestamp,
  index,
  uniqueIndex,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { journalEntries } from '../ledger/tables.ts';

/** Texts by locale code ("en", "zh-CN", …). */
export type LocalizedText = Record<string, string>;

export const smartProducts = pgTable(
  'smart_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
    minAmountMinor: bigint('min_amount_minor', { mode: 'bigint' }).notNull(),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'bigint' }).notNull(),
    /** Percent of (principal + interest paid) kept on an early exit, in basis points (5 % → 500). */
    earlyExitPenaltyBps: integer('early_exit_penalty_bps').notNull(),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('smart_products_code').on(t.code),
    check(
      'smart_products_amounts',
      sql`${t.minAmountMinor} > 0 and ${t.maxAmountMinor} >= ${t.minAmountMinor}`,
    ),
    check('smart_products_penalty', sql`${t.earlyExitPenaltyBps} between 0 and 10000`),
  ],
);
export type SmartProductRow = typeof smartProducts.$inferSelect;

export const smartProductPlans = pgTable(
  'smart_product_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => smartProducts.id),
    days: integer('days').notNull(),
    /** The daily rate in 1e-8 (smart-math dailyRateScale): 0.03 % a day is 30000. */
    dailyRateE8: integer('daily_rate_e8').notNull(),
  },
  (t) => [
    uniqueIndex('smart_product_plans_days_of').on(t.productId, t.days),
    check('smart_product_plans_days', sql`${t.days} between 1 and 3650`),
    check('smart_product_plans_rate', sql`${t.dailyRateE8} > 0 and ${t.dailyRateE8} <= 1000000`),
  ],
);
export type SmartPlanRow = typeof smartProductPlans.$inferSelect;

export const smartOrders = pgTable(
  'smart_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => smartProducts.id),
    days: integer('days').notNull(),
    /** Copied from the plan at purchase: a later rate change never touches a running order. */
    dailyRateE8: integer('daily_rate_e8').notNull(),
    earlyExitPenaltyBps: integer('early_exit_penalty_bps').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    totalInterestMinor: bigint('total_interest_minor', { mode: 'bigint' }).notNull(),
    /** Day n's interest is paid at start + n days; the principal comes back at maturity (start + days). */
    startAt: timestamp('start_at', { withTimezone: true, precision: 3 }).notNull(),
    maturityAt: timestamp('maturity_at', { withTimezone: true, precision: 3 }).notNull(),
    status: text('status').notNull(),
    autoRenew: boolean('auto_renew').notNull(),
    /** Redeemed: what the early exit kept (to platform fee income). */
    penaltyMinor: bigint('penalty_minor', { mode: 'bigint' }),
    /** cash → plan principal. */
    openEntryId: bigint('open_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    /** plan principal → cash (and the penalty to fee income on an early exit). */
    closeEntryId: bigint('close_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    renewedFromId: bigint('renewed_from_id', { mode: 'number' }).references(
      (): AnyPgColumn => smartOrders.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('smart_orders_user').on(t.userId, t.id),
    index('smart_orders_earning')
      .on(t.startAt)
      .where(sql`${t.status} = 'earning'`),
    uniqueIndex('smart_orders_one_earning')
      .on(t.userId, t.productId)
      .where(sql`${t.status} = 'earning'`),
    uniqueIndex('smart_orders_open_entry').on(t.openEntryId),
    uniqueIndex('smart_orders_close_entry').on(t.closeEntryId),
    uniqueIndex('smart_orders_renewed_from').on(t.renewedFromId),
    check('smart_orders_status', sql`${t.status} in ('earning', 'completed', 'redeemed')`),
    check(
      'smart_orders_amounts',
      sql`${t.amountMinor} > 0 and ${t.totalInterestMinor} >= 0 and ${t.days} > 0
        and ${t.dailyRateE8} > 0 and ${t.earlyExitPenaltyBps} between 0 and 10000`,
    ),
    check(
      'smart_orders_term',
      sql`${t.maturityAt} - ${t.startAt} = make_interval(secs => ${t.days} * 86400)`,
    ),
    check(
      'smart_orders_closed_complete',
      sql`(${t.status} = 'earning') = (${t.closeEntryId} is null and ${t.closedAt} is null)`,
    ),
    check(
      'smart_orders_penalty',
      sql`(${t.status} = 'redeemed') = (${t.penaltyMinor} is not null)
        and (${t.penaltyMinor} is null or ${t.penaltyMinor} between 0 and ${t.amountMinor})`,
    ),
  ],
);
export type SmartOrderRow = typeof smartOrders.$inferSelect;

export const smartInterestPayments = pgTable(
  'smart_interest_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => smartOrders.id),
    /** 1 … the order's days. */
    day: integer('day').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The anniversary the day was due at (the payment may be later, after downtime). */
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
    /** yield expense → cash; null only for a day whose interest rounds to nothing. */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('smart_interest_payments_day_of').on(t.orderId, t.day),
    uniqueIndex('smart_interest_payments_entry').on(t.entryId),
    check('smart_interest_payments_day', sql`${t.day} > 0`),
    check(
      'smart_interest_payments_amount',
      sql`${t.amountMinor} >= 0 and (${t.amountMinor} = 0) = (${t.entryId} is null)`,
    ),
  ],
);
export type SmartInterestPaymentRow = typeof smartInterestPayments.$inferSelect;
