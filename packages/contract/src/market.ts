// Market calls under /swx/customer/index, the watchlist under /swx/customer/user and the live-price
// WebSocket at /ws (CONTRACT.md "Market and content", "Live prices").
import { z } from 'zod';
import { decimalString, text } from './common.ts';
import { wsSubscriptionMax } from './live.ts';
import { klinePeriods, percentPattern, priceStatuses, sha256Pattern } from './wire.ts';

/** 1 forex, 2 crypto, 3 stocks (ETFs among them, flagged), 4 futures, 5 metals. */
export const instrumentTypes = { forex: 1, crypto: 2, stocks: 3, futures: 4, metals: 5 } as const;
export type InstrumentType = (typeof instrumentTypes)[keyof typeof instrumentTypes];

/** Instrument codes: upper-case letters and digits (`BTCUSDT`, `EURUSD`, `AAPL`, `0700`, `US500`). */
export const instrumentCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/)
  .transform((v) => v.toUpperCase());

/** The 24 h change in percent, always two decimals: "-1.25", "0.00", "12.40". */
export const percentString = z.string().regex(percentPattern);

export const instrumentTypeParam = z.coerce.number().pipe(z.literal([1, 2, 3, 4, 5]));

/** The most items one list call returns when asked for a head (`limit`): more than any category holds. */
export const listMarketLimitMax = 1000;

export const listMarketQuery = z.strictObject({
  type: instrumentTypeParam,
  keyword: text().trim().max(32).optional(),
  /** Only the first `limit` items, in the list's order: the home page shows eight rows of 400+ pairs. */
  limit: z.coerce.number().int().min(1).max(listMarketLimitMax).optional(),
});

/** The most items one search answers: a keyword as short as "a" matches hundreds of pairs. */
export const searchMarketLimitMax = 100;

/**
 * A search across every category (the market page's search box finds "gold" from the crypto tab): code,
 * display name or long name, best matches first (exact, then prefix, then anywhere).
 */
export const searchMarketQuery = z.strictObject({
  keyword: text().trim().min(1).max(32),
  limit: z.coerce.number().int().min(1).max(searchMarketLimitMax).optional(),
});

/**
 * `live`: a real market's prices as they happen; `simulated`: the walk or a replay. Every answer that
 * carries a price says which (DESIGN.md §1.8), and the screens label simulated prices as such.
 */
export const priceSource = z.enum(['simulated', 'live']);
export type PriceSource = z.infer<typeof priceSource>;

/** Whether money may move on the price now (CONTRACT.md "Price status"); the screens draw it beside it. */
export const priceStatus = z.enum(priceStatuses);
export type { PriceStatus } from './wire.ts';

/** The hash of every contract term a confirm step discloses; sent back with buyOptions (10112 on change). */
export const termsSha256 = z.string().regex(sha256Pattern);

export const marketItem = z.object({
  id: z.string(),
  code: z.string(),
  type: z.number().int().min(1).max(5),
  /** Listed under stocks (type 3) with its own tab. */
  etf: z.boolean(),
  /** Display name: `BTC/USDT`, `EUR/USD`, `AAPL`, `XAU/USD`, `US500`. */
  appName: z.string(),
  /** Long name: `Bitcoin`, `Euro / US Dollar`, `Apple Inc.`, `Gold`. */
  name: z.string(),
  /** URL of the logo (an SVG generated from the code unless an image is shipped). */
  logo: z.string(),
  /** The price 24 h ago. */
  price: decimalString,
  /** The last price. */
  nowPrice: decimalString,
  /** (nowPrice − price) / price × 100, rounded half-even to two decimals. */
  zdf: percentString,
  /** At most 100 latest prices (one per minute, the last one the current price), oldest first. */
  hundred: z.array(decimalString).max(100),
  /** Where the prices come from: a real market as it happens, or a simulated (or replayed) feed. */
  source: priceSource,
  /** live, stale (with `priceAt` telling how old), simulated or closed (with `nextOpenAt`). */
  priceStatus,
  /** When the last price was made, epoch ms (the source's own time: an exchange's, Pyth's publish time). */
  priceAt: z.number().int().optional(),
  /** The last 24 h (the feed's figures): highest and lowest price, quantity of the underlying traded. */
  high24h: decimalString,
  low24h: decimalString,
  volume24h: decimalString,
  /** Open for contracts now (inside its trading hours). */
  tradable: z.boolean(),
  /** When closed: the next opening, epoch ms (absent when open, or when none is due within 10 days). */
  nextOpenAt: z.number().int().optional(),
});
export type MarketItem = z.infer<typeof marketItem>;

export const codeParams = z.strictObject({ code: instrumentCode });

// Kept in wire.ts, without zod: the K-line screen imports the list without loading this module's schemas.
export { klinePeriods };
export type KlinePeriod = (typeof klinePeriods)[number];
export const klineLimitMax = 1000;

export const klineQuery = z.strictObject({
  code: instrumentCode,
  period: z.enum(klinePeriods),
  /** Epoch ms; candles whose period starts at or after it. */
  from: z.coerce.number().int().min(0).optional(),
  /** Epoch ms; candles whose period starts at or before it (default now). */
  to: z.coerce.number().int().min(0).optional(),
  /** The latest `limit` candles of the range (default 500). */
  limit: z.coerce.number().int().min(1).max(klineLimitMax).optional(),
});

export const candle = z.object({
  /** Start of the period, epoch ms (UTC; weeks start on Monday). */
  time: z.number().int(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  /** Quantity of the underlying traded (coins, shares, ounces, currency units). */
  volume: decimalString,
});
export type Candle = z.infer<typeof candle>;

/** A weekly session in the market's own time zone; days 0 (Sunday) … 6 (Saturday), times `HH:MM`. */
export const tradingSession = z.object({
  openDay: z.number().int().min(0).max(6),
  open: z.string().regex(/^\d{2}:\d{2}$/),
  /** The close may fall on a later day than the open (FX: Sunday 22:00 → Friday 22:00). */
  closeDay: z.number().int().min(0).max(6),
  close: z.string().regex(/^\d{2}:\d{2}$/),
});
export const tradingHours = z.object({
  /** IANA zone the sessions are written in, e.g. `America/New_York`, `UTC`. */
  timeZone: z.string(),
  /** Crypto: always open; `sessions` is empty. */
  alwaysOpen: z.boolean(),
  sessions: z.array(tradingSession),
  /**
   * Dates (`YYYY-MM-DD`, in `timeZone`) the market is closed all day, sorted; absent where none are set.
   * Holidays close sessions only: a contract running into one settles at the first tick after it.
   */
  holidays: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).optional(),
});
export type TradingHours = z.infer<typeof tradingHours>;

export const contractTerm = z.object({ id: z.string(), seconds: z.number().int().positive() });

/** The item (with its 24 h high, low, volume and open/closed state) and the instrument's terms. */
export const marketInfo = marketItem.extend({
  open24h: decimalString,
  /**
   * What `volume24h` (and each candle's volume) counts: the base asset's units, named as the pair names it
   * (`BTC` of BTC/USDT, `EUR` of EUR/USD, `XAU` of XAU/USD: troy ounces) or the instrument's code (`AAPL`:
   * shares, `USOIL`: barrels).
   */
  volumeUnit: z.string().min(1).max(16),
  /** Quote currency of the price: `USDT`, `USD`, `JPY`, … */
  quote: z.string(),
  priceScale: z.number().int().min(0).max(18),
  /** Step of the lot count. */
  lotSize: decimalString,
  /** Units of the underlying in one lot. */
  contractSize: decimalString,
  minLots: decimalString,
  maxLots: decimalString,
  /** Leverage choices, capped per category (FX 30, metals 20, futures 10, stocks 5, crypto 2). */
  leverages: z.array(z.number().int().positive()),
  /** Fee as a fraction of the notional: "0.001" is 0.1 %. */
  feeRate: decimalString,
  terms: z.array(contractTerm),
  tradingHours,
  /** Margin level (percent) at which a position is closed out. */
  closeOutLevelPct: decimalString,
  /** The most the open price may move from `nowPrice` between confirm and open, percent. */
  maxSlippagePct: decimalString,
  /**
   * SHA-256 over every term above that the confirm step discloses (contract size, lots, leverages, fee,
   * terms offered, close-out level, slippage, trading hours): buyOptions sends it back (platform/terms.ts).
   */
  termsSha256,
});
export type MarketInfo = z.infer<typeof marketInfo>;

export const marketStats = z.object({
  /** Notional of Tradewind's own contracts over the last 24 h, in USD (0 until contracts exist). */
  platformVolume24h: decimalString,
  /** What the feed says the markets traded over the last 24 h, all instruments, in USD. */
  marketVolume24h: decimalString,
  /** `live` only when no instrument is priced by a simulated source (then the market figure is real). */
  source: priceSource,
  instrumentCount: z.number().int(),
  cryptoCount: z.number().int(),
  userCount: z.number().int(),
  /** The highest fee rate of any instrument, as a fraction. */
  feeRateMax: decimalString,
});
export type MarketStats = z.infer<typeof marketStats>;

/** Watchlist changes; an unknown code is refused with 10111. */
export const watchBody = z.strictObject({ code: instrumentCode });
export const watchlistMax = 200;

/** Live prices: the server pushes `WsPriceItem[]` at most every 500 ms. */
export const wsPriceItem = z.object({
  code: z.string(),
  price: decimalString,
  zdf: percentString,
  source: priceSource,
  priceStatus,
  priceAt: z.number().int().optional(),
});
export type WsPriceItem = z.infer<typeof wsPriceItem>;
// Kept in live.ts, which the customer app's first page imports without this module's schemas.
export { wsSubscriptionMax };
/** Client → server, optional: narrow the pushes to these codes (an empty list: every instrument again). */
export const wsClientMessage = z.strictObject({
  op: z.literal('sub'),
  codes: z.array(z.string().regex(/^[A-Za-z0-9]{1,20}$/)).max(wsSubscriptionMax),
});
export type WsClientMessage = z.infer<typeof wsClientMessage>;
