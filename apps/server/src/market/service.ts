// The market domain wired together: the feed (sources, snapshot, bus, listeners), the queries that answer
// the market calls, the watchlist, the home-page statistics and the live-price hub fed by the feed.
// Other domains take what they need from here: orders and deposits `keepLatestTick`, the settlement
// engine `onTicks`, a contracts domain `stats.addPlatformVolume`.
import type { Ctx } from '../platform/context.ts';
import { MarketFeed, type FeedOptions } from './feed.ts';
import { PriceHub, defaultHubOptions, type HubOptions } from './hub.ts';
import { MarketQueries } from './queries.ts';
import { MarketStatsModel } from './stats.ts';
import { WatchlistService } from './watchlist.ts';

export { formatPrice } from './queries.ts';

export type MarketOptions = FeedOptions & {
  hub?: Partial<Omit<HubOptions, 'itemOf' | 'allCodes' | 'known' | 'log'>>;
};

export class Market {
  readonly feed: MarketFeed;
  readonly queries: MarketQueries;
  readonly watchlist: WatchlistService;
  readonly stats: MarketStatsModel;
  readonly hub: PriceHub;

  constructor(ctx: Ctx, options: MarketOptions = {}) {
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
  onTicks(...args: Parameters<MarketFeed['onTicks']>) {
    return this.feed.onTicks(...args);
  }
  keepLatestTick(code: string) {
    return this.feed.keepLatestTick(code);
  }

  async close(): Promise<void> {
    this.hub.stop();
    await this.feed.close();
  }
}
