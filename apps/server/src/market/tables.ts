// Market data (DESIGN.md §4): the instrument catalogue, the watchlist, the kept ticks and the recorded
// 1-minute candles of live sources. Simulated candles are a pure function of time and are never stored.
import {
  pgTable,
  bigserial,
  bigint,
  integer,
  smallint,
  text,
  boolean,
  jsonb,
  timestamp,
  index,
  uniqueIndex,
  primaryKey,
  check,
  customType,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TradingHours } from '@tradewind/contract';
import { users } from '../users/tables.ts';
import type { TickMeta } from './snapshot.ts';

export type ContractTermRow = { id: string; seconds: number };
/** Trading hours in force until `untilMs` (an edit replaced them then). */
export type HoursHistoryRow = { untilMs: number; hours: TradingHours };

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const marketInstruments = pgTable(
  'market_instruments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    /** 1 forex, 2 crypto, 3 stocks, 4 futures, 5 metals. */
    type: smallint('type').notNull(),
    etf: boolean('etf').notNull().default(false),
    appName: text('app_name').notNull(),
    name: text('name').notNull(),
    /** A shipped image; null: the SVG generated from the code. */
    logoUrl: text('logo_url'),
    /** Currency the price is quoted in: USDT, USD, JPY, … */
    quote: text('quote').notNull(),
    priceScale: smallint('price_scale').notNull(),
    volumeScale: smallint('volume_scale').notNull(),
    /** The level the simulated walk moves around, at price scale. */
    referencePriceMinor: bigint('reference_price_minor', { mode: 'bigint' }).notNull(),
    /** Simulated daily volatility in basis points. */
    volatilityBps: integer('volatility_bps').notNull(),
    /** Simulated liquidity: 1 ticks every second, 2 about every other second, 3 about every fourth. */
    tickTier: smallint('tick_tier').notNull(),
    /** Lot counts at scale 2: 1 is 0.01 lot. */
    lotStepMinor: bigint('lot_step_minor', { mode: 'bigint' }).notNull(),
    minLotsMinor: bigint('min_lots_minor', { mode: 'bigint' }).notNull(),
    maxLotsMinor: bigint('max_lots_minor', { mode: 'bigint' }).notNull(),
    /** Units of the underlying in one lot. */
    contractSize: bigint('contract_size', { mode: 'bigint' }).notNull(),
    leverages: jsonb('leverages').$type<number[]>().notNull(),
    feeRateBps: integer('fee_rate_bps').notNull(),
    terms: jsonb('terms').$type<ContractTermRow[]>().notNull(),
    tradingHours: jsonb('trading_hours').$type<TradingHours>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last back-office edit (null: as seeded); nodes reload an instrument whose time differs. */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }),
    /** Earlier trading hours, oldest first, so the past is judged by the hours then in force (0022). */
    hoursHistory: jsonb('hours_history').$type<HoursHistoryRow[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('market_instruments_code').on(t.code),
    index('market_instruments_type').on(t.type, t.sort),
    check('market_instruments_type_valid', sql`${t.type} between 1 and 5`),
    check(
      'market_instruments_scales_valid',
      sql`${t.priceScale} between 0 and 12 and ${t.volumeScale} between 0 and 12`,
    ),
    check('market_instruments_reference_positive', sql`${t.referencePriceMinor} > 0`),
    check('market_instruments_tier_valid', sql`${t.tickTier} between 1 and 3`),
    check(
      'market_instruments_lots_valid',
      sql`${t.lotStepMinor} > 0 and ${t.minLotsMinor} >= ${t.lotStepMinor} and ${t.maxLotsMinor} >= ${t.minLotsMinor}`,
    ),
    check('market_instruments_contract_size_positive', sql`${t.contractSize} > 0`),
    check('market_instruments_fee_valid', sql`${t.feeRateBps} between 0 and 1000`),
    // migrations/0022_catalogue_terms.sql: leverage choices within the category's cap, the fee within 1 %.
    check('market_instruments_leverages_capped', sql`market_leverages_valid(${t.leverages}, ${t.type})`),
    check('market_instruments_fee_capped', sql`${t.feeRateBps} <= 100`),
    check('market_instruments_hours_history_array', sql`jsonb_typeof(${t.hoursHistory}) = 'array'`),
  ],
);
export type InstrumentRow = typeof marketInstruments.$inferSelect;
export type NewInstrumentRow = typeof marketInstruments.$inferInsert;

/** Logos uploaded in the back office, re-encoded to PNG and served from this origin (the CSP allows no other). */
export const marketInstrumentLogos = pgTable(
  'market_instrument_logos',
  {
    instrumentId: bigint('instrument_id', { mode: 'number' })
      .primaryKey()
      .references(() => marketInstruments.id),
    png: bytea('png').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('market_instrument_logos_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`)],
);

export const marketWatchlist = pgTable(
  'market_watchlist',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    instrumentId: bigint('instrument_id', { mode: 'number' })
      .notNull()
      .references(() => marketInstruments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instrumentId] })],
);

/**
 * The tick tape: every tick that opens or settles anything is kept here and referenced by id
 * (DESIGN.md §1.3). Rows are never updated; old ones are deleted by the retention job.
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instrumentId: bigint('instrument_id', { mode: 'number' })
      .notNull()
      .references(() => marketInstruments.id),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    /** When the source produced the tick (not when it was written). */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    /** `sim`, `replay`, `replay:live`, `ccxt:<exchange>` or `pyth`. */
    source: text('source').notNull(),
    /** What a live source said about the tick (snapshot.ts TickMeta); null for the walk and replays. */
    meta: jsonb('meta').$type<TickMeta>(),
  },
  (t) => [
    uniqueIndex('market_ticks_instrument_at').on(t.instrumentId, t.at),
    index('market_ticks_at').on(t.at),
    check('market_ticks_price_positive', sql`${t.priceMinor} > 0`),
  ],
);

/** 1-minute candles built from the ticks of live sources (ccxt, replay); every period is built from them. */
export const marketCandles = pgTable(
  'market_candles',
  {
    instrumentId: bigint('instrument_id', { mode: 'number' })
      .notNull()
      .references(() => marketInstruments.id),
    /** Start of the minute, epoch ms: bucketing by period is integer arithmetic. */
    minuteStartMs: bigint('minute_start_ms', { mode: 'number' }).notNull(),
    openMinor: bigint('open_minor', { mode: 'bigint' }).notNull(),
    highMinor: bigint('high_minor', { mode: 'bigint' }).notNull(),
    lowMinor: bigint('low_minor', { mode: 'bigint' }).notNull(),
    closeMinor: bigint('close_minor', { mode: 'bigint' }).notNull(),
    volumeMinor: bigint('volume_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instrumentId, t.minuteStartMs] }),
    check(
      'market_candles_consistent',
      sql`${t.lowMinor} <= ${t.openMinor} and ${t.lowMinor} <= ${t.closeMinor} and ${t.highMinor} >= ${t.openMinor} and ${t.highMinor} >= ${t.closeMinor}`,
    ),
  ],
);
