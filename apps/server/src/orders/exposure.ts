// The platform's exposure per instrument for the back office: what customers hold open against it (the
// platform is the counterparty of every contract), and the customers' unrealized P&L at the feed's latest
// price, whose negative is the platform's. Read-only.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Book, Exposure, ExposureRow } from '@tradewind/contract';
import { formatMinor, usdtScale } from '@tradewind/contract/money';
import { lotScale } from '@tradewind/contract/orders-math';
import type { Db } from '../platform/db.ts';
import { formatPrice } from '../market/service.ts';
import { pnlAtMinor } from './spec.ts';
import { optionOrders } from './tables.ts';

/** The feed's latest price of an instrument (price minor units), undefined while it has none. */
export type MarkPrices = (code: string) => bigint | undefined;

const money = (minor: bigint) => formatMinor(minor, usdtScale);
const lots = (minor: bigint) => formatMinor(minor, lotScale, lotScale);

/** A bigint sum from SQL: PostgreSQL sums bigint as numeric, which arrives as text; never a float. */
const sumOf = (column: unknown, where = sql`true`) =>
  sql<string>`coalesce(sum(${column}) filter (where ${where}), 0)::text`;

async function openAggregates(db: Db, book: Book) {
  const up = sql`${optionOrders.direction} = 'up'`;
  const down = sql`${optionOrders.direction} = 'down'`;
  return db
    .select({
      code: optionOrders.code,
      quote: optionOrders.quote,
      priceScale: sql<number>`max(${optionOrders.priceScale})::int`,
      openCount: sql<number>`count(*)::int`,
      longLots: sumOf(optionOrders.lotsMinor, up),
      shortLots: sumOf(optionOrders.lotsMinor, down),
      longNotional: sumOf(optionOrders.notionalMinor, up),
      shortNotional: sumOf(optionOrders.notionalMinor, down),
      marginTotal: sumOf(optionOrders.marginMinor),
    })
    .from(optionOrders)
    .where(and(eq(optionOrders.status, 'open'), eq(optionOrders.book, book)))
    .groupBy(optionOrders.instrumentId, optionOrders.code, optionOrders.quote)
    .orderBy(asc(optionOrders.code));
}

/**
 * Σ of each open position's unrealized P&L per instrument. Each position rounds and caps on its own (its
 * loss stops at its margin), so this sum cannot be an SQL aggregate of prices: it reads the open rows and
 * adds up exactly what each customer is shown, with the shared arithmetic.
 */
async function unrealizedByCode(db: Db, book: Book, marks: MarkPrices): Promise<Map<string, bigint>> {
  const rows = await db
    .select()
    .from(optionOrders)
    .where(and(eq(optionOrders.status, 'open'), eq(optionOrders.book, book)));
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    const mark = marks(row.code);
    if (mark === undefined) continue;
    totals.set(row.code, (totals.get(row.code) ?? 0n) + pnlAtMinor(row, mark));
  }
  return totals;
}

type Figures = {
  openCount: number;
  longNotional: bigint;
  shortNotional: bigint;
  marginTotal: bigint;
  unrealizedPnl: bigint;
};

const figuresOut = (f: Figures) => ({
  openCount: f.openCount,
  longNotional: money(f.longNotional),
  shortNotional: money(f.shortNotional),
  netNotional: money(f.longNotional - f.shortNotional),
  marginTotal: money(f.marginTotal),
  unrealizedPnl: money(f.unrealizedPnl),
});

/** Exposure of `book` per instrument with open positions, and its totals, at the feed's latest prices. */
export async function exposureOf(db: Db, book: Book, marks: MarkPrices, nowMs: number): Promise<Exposure> {
  const [groups, pnl] = [await openAggregates(db, book), await unrealizedByCode(db, book, marks)];
  const totals: Figures = {
    openCount: 0,
    longNotional: 0n,
    shortNotional: 0n,
    marginTotal: 0n,
    unrealizedPnl: 0n,
  };
  const list = groups.map((g): ExposureRow => {
    const f: Figures = {
      openCount: g.openCount,
      longNotional: BigInt(g.longNotional),
      shortNotional: BigInt(g.shortNotional),
      marginTotal: BigInt(g.marginTotal),
      unrealizedPnl: pnl.get(g.code) ?? 0n,
    };
    totals.openCount += f.openCount;
    totals.longNotional += f.longNotional;
    totals.shortNotional += f.shortNotional;
    totals.marginTotal += f.marginTotal;
    totals.unrealizedPnl += f.unrealizedPnl;
    const [long, short] = [BigInt(g.longLots), BigInt(g.shortLots)];
    const mark = marks(g.code);
    return {
      code: g.code,
      quote: g.quote,
      longLots: lots(long),
      shortLots: lots(short),
      netLots: lots(long - short),
      ...figuresOut(f),
      ...(mark === undefined ? {} : { markPrice: formatPrice(mark, g.priceScale) }),
    };
  });
  return { book, at: nowMs, list, totals: figuresOut(totals) };
}
