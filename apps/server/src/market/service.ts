// The market domain wired together: the feed (sources, snapshot, bus, listeners), the queries that answer
// the market calls, the watchlist, the home-page statistics and the live-price hub fed by the feed.
// Other domains take what they need from here: orders and deposits `keepLatestTick`, the settlement
// engine `onTicks`, a contracts domain `stats.addPlatformVolume`.
import { eq } from 'drizzle-orm';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db.ts';
import type { DbOrTx } from '../platform/db.ts';
import { startJobs } from '../platform/jobs.ts';
import { toInstrument } from './catalogue.ts';
import { MarketFeed, type FeedOptions } from './feed.ts';
import { PriceHub, defaultHubOptions, type HubOptions } from './hub.ts';
import { MarketQueries } from './queries.ts';
import { MarketStatsModel } from './stats.ts';
import { WatchlistService } from './watchlist.ts';
import { marketInstruments, type InstrumentRow } from './tables.ts';

export { formatPrice } from './queries.ts';

export type MarketOptions = FeedOptions & {
  hub?: Partial<Omit<HubOptions, 'itemOf' | 'allCodes' | 'known' | 'log'>>;
  /** How often a node compares its catalogue with the database (edits made on another node). */
  catalogueSyncEveryMs?: number;
};

/** Open contracts per instrument id (the orders domain registers one: market cannot import orders). */
export type OpenPositionsCounter = (
  db: DbOrTx,
  instrumentIds: readonly number[],
) => Promise<Map<number, number>>;

export class Market {
  readonly feed: MarketFeed;
  readonly queries: MarketQueries;
  readonly watchlist: WatchlistService;
  readonly stats: MarketStatsModel;
  readonly hub: PriceHub;
  private readonly openPositionCounters: OpenPositionsCounter[] = [];
  private syncJob: { stop: () => void } | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly options: MarketOptions = {},
  ) {
    const feed = new MarketFeed(ctx, options);
    this.feed = feed;
    this.queries = new MarketQueries(ctx, feed);
    this.watchlist = new WatchlistService(ctx, feed, this.queries);
    this.stats = new MarketStatsModel(ctx, feed);
    this.hub = new PriceHub({
      ...defaultHubOptions,
      ...options.hub,
      itemOf: (code) => this.queries.liveItem(code),
      allCodes: () => feed.snapshot.states.keys(),
      known: (code) => feed.catalogue.get(code)?.code,
      log: ctx.log,
    });
    feed.onChange((changed) => this.hub.mark(changed));
  }

  /** Seeds the catalogue on first start, builds the snapshot, joins the cluster and starts the feed. */
  async start(): Promise<void> {
    await this.feed.open();
    this.hub.start();
    await this.feed.run();
    this.syncJob = startJobs(this.ctx.log, [
      {
        name: 'market-catalogue-sync',
        everyMs: this.options.catalogueSyncEveryMs ?? 5_000,
        run: () => this.syncCatalogue(),
      },
    ]);
  }

  /** The edited row in this node's catalogue, quotes and lists (the back office calls it after its commit). */
  applyInstrument(row: InstrumentRow): void {
    this.feed.applyInstrument(toInstrument(row));
    this.queries.forget(row.code);
  }

  /** Takes in the instruments edited on another node since this one loaded them (compared by edit time). */
  async syncCatalogue(): Promise<void> {
    const rows = await this.ctx.db
      .select({ id: marketInstruments.id, code: marketInstruments.code, at: marketInstruments.updatedAt })
      .from(marketInstruments);
    for (const r of rows) {
      const known = this.feed.catalogue.includingDisabled(r.code);
      if (!known || known.updatedAt?.getTime() === r.at?.getTime()) continue;
      const [row] = await this.ctx.db.select().from(marketInstruments).where(eq(marketInstruments.id, r.id));
      if (row) this.applyInstrument(row);
    }
  }

  /** Registers how another domain counts open positions per instrument. */
  addOpenPositions(counter: OpenPositionsCounter): void {
    this.openPositionCounters.push(counter);
  }

  async openPositions(db: DbOrTx, instrumentIds: readonly number[]): Promise<Map<number, number>> {
    const total = new Map<number, number>();
    for (const counter of this.openPositionCounters) {
      for (const [id, n] of await counter(db, instrumentIds)) total.set(id, (total.get(id) ?? 0) + n);
    }
    return total;
  }

  // The feed's calls other domains and the tests use, kept on the domain's front door.
  get catalogue() {
    return this.feed.catalogue;
  }
  get snapshot() {
    return this.feed.snapshot;
  }
  step() {
    return this.feed.step();
  }
  isLeader() {
    return this.feed.isLeader();
  }
  /** The leader's fence (platform/lease.ts): the first statement of every leader write's transaction. */
  fence(tx: Tx) {
    return this.feed.fence(tx);
  }
  /** Hands the lead over at once (SIGTERM): the lease is cleared for another node to take. */
  stepDown() {
    return this.feed.stepDown();
  }
  onTicks(...args: Parameters<MarketFeed['onTicks']>) {
    return this.feed.onTicks(...args);
  }
  keepLatestTick(code: string) {
    return this.feed.keepLatestTick(code);
  }

  async close(): Promise<void> {
    this.syncJob?.stop();
    this.hub.stop();
    await this.feed.close();
  }
}
