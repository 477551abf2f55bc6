// The orders domain wired together (CONTRACT.md "Orders"): opening and closing for the customer, reading,
// the settlement engine, and what other domains take from here (equity's unrealized P&L, the demo reset,
// the home page's platform volume).
import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { codes, type Book, type BuyOptionsBody, type OptionsContract, type Page } from '@tradewind/contract';
import { termsInForce } from '../market/catalogue.ts';
import { isOpenAt } from '../market/hours.ts';
import type { Market } from '../market/service.ts';
import { keptTicks } from '../market/ticks.ts';
import type { KeptTick } from '../market/tape.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { closeContract } from './close.ts';
import { SettlementEngine, type EngineOptions } from './engine.ts';
import { openContract, type OpenMarket } from './open.ts';
import { conversionPairOf, dollarQuotes, pnlAtMinor } from './spec.ts';
import { optionOrders, type OptionOrderRow } from './tables.ts';
import { contractView } from './view.ts';
import { rescale, roundDown } from '@tradewind/contract/money';

export class Orders {
  readonly engine: SettlementEngine;

  constructor(
    private readonly ctx: Ctx,
    private readonly market: Market,
    engineOptions: EngineOptions = {},
  ) {
    this.engine = new SettlementEngine(ctx, market, engineOptions);
    if (engineOptions.metrics) this.engine.instrument(engineOptions.metrics);
    ctx.unrealizedPnl.push((userId, book) => this.unrealizedMinor(userId, book));
    ctx.beforeDemoReset.push((userId) => this.closeAllDemo(userId));
    ctx.demoPositionsOpen.push(async (tx, userId) => {
      const [row] = await tx
        .select({ id: optionOrders.id })
        .from(optionOrders)
        .where(
          and(
            eq(optionOrders.userId, userId),
            eq(optionOrders.book, 'demo'),
            eq(optionOrders.status, 'open'),
          ),
        )
        .limit(1);
      return row !== undefined;
    });
    // The back office refuses to disable an instrument with open contracts unless told they stay settleable.
    market.addOpenPositions(async (db, ids) => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: optionOrders.instrumentId, n: count() })
        .from(optionOrders)
        .where(and(eq(optionOrders.status, 'open'), inArray(optionOrders.instrumentId, [...ids])))
        .groupBy(optionOrders.instrumentId);
      return new Map(rows.map((r) => [r.id, r.n]));
    });
    // Tradewind's own volume: the notional of real-book contracts opened in the last 24 h, in US cents.
    market.stats.addPlatformVolume('orders', async (sinceMs) => {
      const [row] = await ctx.db
        .select({ total: sql<string>`coalesce(sum(${optionOrders.notionalMinor}), 0)::text` })
        .from(optionOrders)
        .where(and(eq(optionOrders.book, 'real'), gte(optionOrders.openAt, new Date(sinceMs))));
      return rescale(BigInt(row?.total ?? '0'), 6, 2, roundDown);
    });
  }

  start(): void {
    this.engine.start();
  }

  stop(): Promise<void> {
    return this.engine.stop();
  }

  /**
   * What the transaction needs from the feed, read before it opens: the embedded database runs one
   * transaction at a time and the tape writes on its own connection. The ticks are kept in the tape.
   */
  async openMarket(code: string): Promise<OpenMarket> {
    const instrument = this.market.catalogue.get(code);
    if (!instrument)
      return { instrument, tick: undefined, tradable: false, status: undefined, conversion: undefined };
    const latest = await this.market.keepLatestTick(instrument.code);
    const pair = conversionPairOf(this.market.catalogue, instrument.quote);
    const conversion = dollarQuotes.has(instrument.quote)
      ? ('parity' as const)
      : pair && (await this.conversionMarket(pair));
    return {
      instrument,
      tick: latest,
      tradable: latest?.tradable ?? false,
      status: latest?.status,
      conversion,
    };
  }

  private async conversionMarket(pair: NonNullable<ReturnType<typeof conversionPairOf>>) {
    const tick = await this.market.keepLatestTick(pair.instrument.code);
    return {
      tick,
      priceScale: pair.instrument.priceScale,
      invert: pair.invert,
      status: tick?.status,
      appName: pair.instrument.appName,
    };
  }

  async open(tx: Tx, userId: number, book: Book, body: BuyOptionsBody, market: OpenMarket) {
    // The terms as stored, read in this transaction: the confirm step showed this node's catalogue, and an
    // edit made since (here or on another node) is what applies, so a changed fee rate answers 10112.
    const stored = market.instrument && (await termsInForce(tx, market.instrument.id));
    const instrument = stored?.enabled && market.instrument ? { ...market.instrument, ...stored } : undefined;
    const inForce = { ...market, instrument };
    return openContract(tx, { userId, book, body, market: inForce, now: new Date(this.ctx.clock.now()) });
  }

  /**
   * The customer's own contract in `book` (the request's `virtually`), or 10111: another customer's id, or
   * one of the other book, answers as an unknown one.
   */
  async mine(db: DbOrTx, userId: number, book: Book, id: number): Promise<OptionOrderRow> {
    const [row] = await db
      .select()
      .from(optionOrders)
      .where(and(eq(optionOrders.id, id), eq(optionOrders.userId, userId), eq(optionOrders.book, book)))
      .limit(1);
    if (!row) throw new AppError(codes.notFound);
    return row;
  }

  /**
   * Before a manual close's transaction: the contract (10111 if not the customer's), and for an open one
   * the latest tick, kept (10015 while its market is closed). The tape writes on its own connection.
   */
  async closingTick(
    userId: number,
    book: Book,
    id: number,
  ): Promise<{ row: OptionOrderRow; tick?: KeptTick }> {
    const row = await this.mine(this.ctx.db, userId, book, id);
    if (row.status !== 'open') return { row };
    // A disabled instrument's contracts stay open and closable: the feed still prices it.
    const instrument = this.market.catalogue.includingDisabled(row.code);
    if (!instrument || !this.market.feed.tradable(instrument)) throw new AppError(codes.notTradableHours);
    // A real contract closes on a live, fresh price only: while its feed is delayed it stays open (10161).
    if (row.book === 'real') this.market.feed.assertLive(instrument);
    const tick = await this.market.keepLatestTick(row.code);
    if (!tick) throw new AppError(codes.notTradableHours);
    return { row, tick };
  }

  /** Closes at `tick` (`manual`) in the caller's transaction; one closed meanwhile answers as it stands. */
  async closeByOwner(
    tx: Tx,
    userId: number,
    book: Book,
    id: number,
    tick: KeptTick | undefined,
  ): Promise<OptionOrderRow> {
    const row = await this.mine(tx, userId, book, id);
    if (row.status !== 'open' || !tick) return row;
    const appName = this.market.catalogue.includingDisabled(row.code)?.appName ?? row.code;
    const now = new Date(this.ctx.clock.now());
    const result = await closeContract(tx, { id: row.id, tick, reason: 'manual', now, appName });
    if (!result) throw new AppError(codes.notFound);
    this.engine.forget(row.code, row.id);
    return result.row;
  }

  /** Before a demo reset: every open demo contract of the customer closes at its latest tick. */
  private async closeAllDemo(userId: number): Promise<void> {
    const open = await this.ctx.db
      .select()
      .from(optionOrders)
      .where(
        and(eq(optionOrders.userId, userId), eq(optionOrders.book, 'demo'), eq(optionOrders.status, 'open')),
      );
    for (const row of open) {
      // At the latest tick even when the market is closed: the reset does not wait for an opening.
      const tick = await this.market.keepLatestTick(row.code);
      if (!tick) throw new AppError(codes.notTradableHours);
      await this.ctx.db.transaction((tx) => this.closeByOwner(tx, userId, 'demo', row.id, tick));
    }
  }

  async list(
    userId: number,
    book: Book,
    q: { page: number; size: number; status?: 'open' | 'closed' | undefined },
  ): Promise<Page<OptionsContract>> {
    const where: SQL[] = [eq(optionOrders.userId, userId), eq(optionOrders.book, book)];
    if (q.status) where.push(eq(optionOrders.status, q.status));
    const [total] = await this.ctx.db
      .select({ n: count() })
      .from(optionOrders)
      .where(and(...where));
    const rows = await this.ctx.db
      .select()
      .from(optionOrders)
      .where(and(...where))
      .orderBy(desc(optionOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return { list: await this.views(rows, this.ctx.db), total: total?.n ?? 0, page: q.page, size: q.size };
  }

  /**
   * A contract as the wire shows it. `db` is the connection to read its conversion tick with: inside a
   * request's transaction its `tx`, never the pool (a second connection under the first one's locks starves
   * the pool; see platform/held-connection.ts).
   */
  async view(row: OptionOrderRow, db: DbOrTx): Promise<OptionsContract> {
    const [v] = await this.views([row], db);
    if (!v) throw new AppError(codes.notFound);
    return v;
  }

  private async views(rows: OptionOrderRow[], db: DbOrTx): Promise<OptionsContract[]> {
    const ticks = await keptTicks(
      db,
      rows.flatMap((r) => (r.conversionTickId === null ? [] : [r.conversionTickId])),
    );
    const nowMs = this.ctx.clock.now();
    return rows.map((row) =>
      contractView(row, {
        appName: (code) => this.market.catalogue.includingDisabled(code)?.appName ?? code,
        mark: (code) => this.market.snapshot.get(code)?.lastPrice?.priceMinor,
        awaitingOpen: (r) => {
          const instrument = this.market.catalogue.includingDisabled(r.code);
          return nowMs >= r.expiresAt.getTime() && !!instrument && !isOpenAt(instrument.schedule, nowMs);
        },
        ticks,
      }),
    );
  }

  /** Σ unrealized P&L (each capped at −margin) of the customer's open contracts in `book`. */
  async unrealizedMinor(userId: number, book: Book): Promise<bigint> {
    const rows = await this.ctx.db
      .select()
      .from(optionOrders)
      .where(
        and(eq(optionOrders.userId, userId), eq(optionOrders.book, book), eq(optionOrders.status, 'open')),
      );
    let total = 0n;
    for (const row of rows) {
      const mark = this.market.snapshot.get(row.code)?.lastPrice?.priceMinor;
      if (mark === undefined) continue;
      total += pnlAtMinor(row, mark);
    }
    return total;
  }
}
