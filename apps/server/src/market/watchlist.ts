// A user's watchlist: the instruments they follow, in the order they added them, answered as market items
// (with `source`, like every list of prices).
import { and, asc, count, eq } from 'drizzle-orm';
import { codes, watchlistMax, type MarketItem } from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import type { MarketFeed } from './feed.ts';
import type { MarketQueries } from './queries.ts';
import { marketWatchlist } from './tables.ts';

export class WatchlistService {
  constructor(
    private readonly ctx: Ctx,
    private readonly feed: MarketFeed,
    private readonly queries: MarketQueries,
  ) {}

  async list(userId: number): Promise<MarketItem[]> {
    const rows = await this.ctx.db
      .select({ instrumentId: marketWatchlist.instrumentId })
      .from(marketWatchlist)
      .where(eq(marketWatchlist.userId, userId))
      .orderBy(asc(marketWatchlist.createdAt), asc(marketWatchlist.instrumentId));
    const byId = new Map(this.feed.catalogue.all.map((i) => [i.id, i]));
    const out: MarketItem[] = [];
    for (const r of rows) {
      const i = byId.get(r.instrumentId);
      const item = i && this.queries.cachedItem(i);
      if (item) out.push(item);
    }
    return out;
  }

  /** Adds `code` to the user's watchlist (idempotent); unknown codes: 10111; at most 200 entries. */
  async watch(userId: number, code: string): Promise<MarketItem[]> {
    const i = this.feed.instrument(code);
    await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(marketWatchlist)
        .where(eq(marketWatchlist.userId, userId));
      if ((row?.n ?? 0) >= watchlistMax) {
        throw new AppError(
          codes.paramsEmpty,
          {},
          { code: { key: 'tooBig', params: { max: String(watchlistMax) } } },
        );
      }
      await tx
        .insert(marketWatchlist)
        .values({ userId, instrumentId: i.id, createdAt: new Date(this.ctx.clock.now()) })
        .onConflictDoNothing();
    });
    return this.list(userId);
  }

  async unwatch(userId: number, code: string): Promise<MarketItem[]> {
    const i = this.feed.instrument(code);
    await this.ctx.db
      .delete(marketWatchlist)
      .where(and(eq(marketWatchlist.userId, userId), eq(marketWatchlist.instrumentId, i.id)));
    return this.list(userId);
  }
}
