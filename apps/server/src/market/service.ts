// The market service: catalogue, feed, snapshot, tape, K-lines, live-price hub and watchlist, wired
// together. Data flows one way (DESIGN.md §2): source → snapshot and tape → bus → hub and listeners
// (the settlement engine). The leader polls the sources; other nodes take its ticks from the bus.
import path from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  codes,
  instrumentTypes,
  watchlistMax,
  type Candle,
  type InstrumentType,
  type KlinePeriod,
  type MarketInfo,
  type MarketItem,
  type MarketStats,
  type WsPriceItem,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { formatMinor, rescale, roundDown } from '@tradewind/contract/money';
import { startJobs } from '../platform/jobs.ts';
import { users } from '../users/tables.ts';
import { Catalogue, loadInstruments, lotScale, seedInstruments, type Instrument } from './catalogue.ts';
import { isOpenAt, minuteMs, nextOpenAt } from './hours.ts';
import { PriceHub, defaultHubOptions, type HubOptions } from './hub.ts';
import { bucketRange, periods, SimHistory } from './klines.ts';
import { logoPath } from './logo.ts';
import {
  LocalBus,
  PgAdvisoryLeadership,
  RedisBus,
  RedisLeaseLeadership,
  SoleNode,
  type Leadership,
  type TickBus,
} from './cluster.ts';
import {
  changeBasisPoints,
  formatPercent,
  InstrumentState,
  Snapshot,
  windowMinutes,
  type Stats24h,
  type Tick,
} from './snapshot.ts';
import type { PriceSource, SourceKind } from './source.ts';
import { SimSource, simParamsOf } from './source-sim.ts';
import { ReplaySource } from './source-replay.ts';
import { CcxtSource, openExchange } from './source-ccxt.ts';
import { Tape, type Bucket, type KeptTick } from './tape.ts';
import { marketWatchlist } from './tables.ts';

export type MarketOptions = {
  /** How often the leader polls its sources. */
  stepEveryMs?: number;
  /** How often a ccxt source fetches tickers. */
  ccxtPollEveryMs?: number;
  hub?: Partial<Omit<HubOptions, 'itemOf' | 'allCodes' | 'known' | 'log'>>;
};

const retentionEveryMs = 3_600_000;
const backfillMinutes = 1000;

export const formatPrice = (minor: bigint, scale: number): string => formatMinor(minor, scale, scale);

async function openPrimarySource(ctx: Ctx, options: MarketOptions): Promise<PriceSource | undefined> {
  const feed = ctx.config.marketFeed;
  if (feed.startsWith('replay:')) return new ReplaySource(path.resolve(feed.slice('replay:'.length)));
  if (feed.startsWith('ccxt:')) {
    const name = feed.slice('ccxt:'.length);
    return new CcxtSource(name, await openExchange(name), {
      pollEveryMs: options.ccxtPollEveryMs ?? 5_000,
      log: ctx.log,
      now: () => ctx.clock.now(),
    });
  }
  return undefined;
}

/** Every node of a cluster serving the same public URL shares one feed channel and one leader. */
function clusterKey(publicUrl: string): string {
  return `tw:market:${new URL(publicUrl).host}`;
}

export class Market {
  catalogue = new Catalogue([]);
  readonly snapshot = new Snapshot();
  readonly hub: PriceHub;
  private readonly tape: Tape;
  private readonly history = new SimHistory();
  private readonly sim: SimSource;
  private primary: PriceSource | undefined;
  private readonly sourceByCode = new Map<string, PriceSource>();
  private leadership: Leadership = new SoleNode();
  private bus: TickBus = new LocalBus();
  private readonly listeners: Array<(ticks: readonly Tick[]) => void> = [];
  private stepping: Promise<unknown> = Promise.resolve();
  private stepsInFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private jobs: { stop: () => void } | undefined;
  private readonly backfilled = new Set<string>();
  private readonly itemCache = new Map<string, { key: string; item: MarketItem }>();
  private closed = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly options: MarketOptions = {},
  ) {
    this.tape = new Tape(ctx.db);
    this.sim = new SimSource((code) => this.snapshot.get(code)?.sim);
    this.hub = new PriceHub({
      ...defaultHubOptions,
      ...options.hub,
      itemOf: (code) => this.liveItem(code),
      allCodes: () => this.snapshot.states.keys(),
      known: (code) => this.catalogue.get(code)?.code,
      log: ctx.log,
    });
  }

  /** Seeds the catalogue on first start, builds the snapshot, joins the cluster and starts the feed. */
  async start(): Promise<void> {
    const { ctx } = this;
    const nowMs = ctx.clock.now();
    await seedInstruments(ctx.db, new Date(nowMs));
    this.catalogue = new Catalogue(await loadInstruments(ctx.db));
    this.primary = await openPrimarySource(ctx, this.options);
    const covered = this.primary ? await this.primary.start(this.catalogue.all, nowMs) : new Set<string>();
    const live: Instrument[] = [];
    for (const i of this.catalogue.all) {
      const primary = covered.has(i.code) ? this.primary : undefined;
      this.sourceByCode.set(i.code, primary ?? this.sim);
      const state = new InstrumentState(i, primary ? undefined : simParamsOf(i));
      this.snapshot.add(state);
      if (primary) live.push(i);
      else state.initSim(nowMs);
    }
    await this.sim.start(
      this.catalogue.all.filter((i) => !covered.has(i.code)),
      nowMs,
    );
    const recorded = await this.tape.recent(
      live.map((i) => i.id),
      nowMs - (windowMinutes + 1) * minuteMs,
    );
    for (const i of live) this.snapshot.get(i.code)?.initLive(recorded.get(i.id) ?? [], nowMs);

    await this.joinCluster();
    this.hub.start();
    await this.step();
    this.timer = setInterval(() => {
      // A step slower than the interval is not queued behind: the next tick of the timer skips.
      if (this.stepsInFlight > 0) return;
      this.step().catch((err: unknown) => ctx.log.error({ err }, 'market: feed step failed'));
    }, this.options.stepEveryMs ?? 1_000);
    this.timer.unref();
    this.jobs = startJobs(ctx.log, [
      {
        name: 'market-retention',
        everyMs: retentionEveryMs,
        run: async () => {
          if (this.leadership.isLeader()) await this.tape.prune(ctx.clock.now());
        },
      },
    ]);
  }

  private async joinCluster(): Promise<void> {
    const { config, log } = this.ctx;
    if (!config.redisUrl) return;
    const key = clusterKey(config.publicUrl);
    const bus = await RedisBus.open(config.redisUrl, `${key}:ticks`, log);
    this.bus = bus;
    this.leadership = config.databaseUrl
      ? new PgAdvisoryLeadership(config.databaseUrl, log)
      : new RedisLeaseLeadership(bus.connection, `${key}:leader`, log);
    bus.onTicks((ticks) => this.receive(ticks));
    await this.leadership.start();
  }

  isLeader(): boolean {
    return this.leadership.isLeader();
  }

  /**
   * One feed step at the clock's current time (the timer calls it every second; tests call it after
   * moving the manual clock). Steps never overlap. Only the leader polls; it answers the ticks it made.
   */
  step(): Promise<Tick[]> {
    this.stepsInFlight++;
    const run = this.stepping.then(() => this.runStep()).finally(() => this.stepsInFlight--);
    this.stepping = run.catch(() => undefined);
    return run;
  }

  private async runStep(): Promise<Tick[]> {
    if (this.closed || !this.leadership.isLeader()) return [];
    const nowMs = this.ctx.clock.now();
    const ticks = [...(this.primary ? await this.primary.poll(nowMs) : []), ...(await this.sim.poll(nowMs))];
    if (ticks.length === 0) return ticks;
    this.receive(ticks);
    const live = ticks.filter((t) => this.sourceByCode.get(t.code) !== this.sim);
    if (live.length > 0) await this.tape.recordCandles(live, (code) => this.catalogue.get(code)?.id);
    await this.bus.publish(ticks);
    return ticks;
  }

  private receive(ticks: readonly Tick[]): void {
    const changed = this.snapshot.apply(ticks);
    this.hub.mark(changed);
    for (const listener of this.listeners) {
      try {
        listener(ticks);
      } catch (err) {
        this.ctx.log.error({ err }, 'market: tick listener failed');
      }
    }
  }

  /** Every tick this node learns of, in order (for the settlement engine). Answers an unsubscribe. */
  onTicks(listener: (ticks: readonly Tick[]) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  sourceKind(code: string): SourceKind {
    return this.sourceByCode.get(code)?.kind ?? 'simulated';
  }

  /** The instrument or 10111 (unknown codes are refused the same way everywhere in the market calls). */
  instrument(code: string): Instrument {
    const i = this.catalogue.get(code);
    if (!i) throw new AppError(codes.notFound);
    return i;
  }

  /** Writes the latest tick of `code` to the tape and answers it with its id, for an order to record. */
  async keepLatestTick(
    code: string,
  ): Promise<(KeptTick & { instrument: Instrument; tradable: boolean }) | undefined> {
    const instrument = this.instrument(code);
    const last = this.snapshot.get(instrument.code)?.lastPrice;
    if (!last) return undefined;
    const source = this.sourceByCode.get(instrument.code) ?? this.sim;
    const kept = await this.tape.keep(instrument.id, { code: instrument.code, ...last }, source.name);
    return { ...kept, instrument, tradable: this.tradable(instrument) };
  }

  tradable(instrument: Instrument): boolean {
    return (
      isOpenAt(instrument.schedule, this.ctx.clock.now()) &&
      this.snapshot.get(instrument.code)?.lastPrice !== undefined
    );
  }

  private statsOf(code: string): Stats24h | undefined {
    return this.snapshot.get(code)?.stats(this.ctx.clock.now());
  }

  /** What the WebSocket pushes for `code`: `{code, price, zdf}`. */
  liveItem(code: string): WsPriceItem | undefined {
    const i = this.catalogue.get(code);
    const s = i && this.statsOf(code);
    if (!i || !s) return undefined;
    return {
      code,
      price: formatPrice(s.nowPrice, i.priceScale),
      zdf: formatPercent(changeBasisPoints(s.nowPrice, s.price24hAgo)),
    };
  }

  /** List items only change with a tick or a new minute; lists and pushes reuse them until then. */
  private cachedItem(i: Instrument): MarketItem | undefined {
    const last = this.snapshot.get(i.code)?.lastPrice;
    if (!last) return undefined;
    const nowMs = this.ctx.clock.now();
    const key = `${last.atMs}|${last.priceMinor}|${Math.floor(nowMs / minuteMs)}`;
    const hit = this.itemCache.get(i.code);
    if (hit?.key === key) return hit.item;
    const s = this.statsOf(i.code);
    if (!s) return undefined;
    const item = this.item(i, s);
    this.itemCache.set(i.code, { key, item });
    return item;
  }

  private item(i: Instrument, s: Stats24h): MarketItem {
    return {
      id: String(i.id),
      code: i.code,
      type: i.type,
      etf: i.etf,
      appName: i.appName,
      name: i.name,
      logo: i.logoUrl ?? logoPath(i.code),
      price: formatPrice(s.price24hAgo, i.priceScale),
      nowPrice: formatPrice(s.nowPrice, i.priceScale),
      zdf: formatPercent(changeBasisPoints(s.nowPrice, s.price24hAgo)),
      hundred: (this.snapshot.get(i.code)?.hundred() ?? []).map((p) => formatPrice(p, i.priceScale)),
    };
  }

  /** The list of a category from the in-memory snapshot; `keyword` matches code, display or long name. */
  list(type: InstrumentType, keyword?: string): MarketItem[] {
    const needle = keyword?.trim().toLowerCase();
    const out: MarketItem[] = [];
    for (const i of this.catalogue.byType.get(type) ?? []) {
      if (needle && ![i.code, i.appName, i.name].some((t) => t.toLowerCase().includes(needle))) continue;
      const item = this.cachedItem(i);
      if (item) out.push(item);
    }
    return out;
  }

  info(code: string): MarketInfo {
    const i = this.instrument(code);
    const s = this.statsOf(i.code);
    if (!s) throw new AppError(codes.notFound);
    const nowMs = this.ctx.clock.now();
    const tradable = this.tradable(i);
    const nextOpen = tradable ? undefined : nextOpenAt(i.schedule, nowMs);
    return {
      ...this.item(i, s),
      open24h: formatPrice(s.open, i.priceScale),
      high24h: formatPrice(s.high, i.priceScale),
      low24h: formatPrice(s.low, i.priceScale),
      volume24h: formatMinor(s.volume, i.volumeScale),
      quote: i.quote,
      priceScale: i.priceScale,
      lotSize: formatMinor(i.lotStepMinor, lotScale),
      contractSize: i.contractSize.toString(),
      minLots: formatMinor(i.minLotsMinor, lotScale),
      maxLots: formatMinor(i.maxLotsMinor, lotScale),
      leverages: i.leverages,
      feeRate: formatMinor(BigInt(i.feeRateBps), 4),
      terms: i.terms,
      tradingHours: i.tradingHours,
      tradable,
      ...(nextOpen !== undefined ? { nextOpenAt: nextOpen } : {}),
      source: this.sourceKind(i.code),
    };
  }

  async klines(q: {
    code: string;
    period: KlinePeriod;
    from?: number;
    to?: number;
    limit?: number;
  }): Promise<Candle[]> {
    const i = this.instrument(q.code);
    const nowMs = this.ctx.clock.now();
    const period = periods[q.period];
    const range = bucketRange(period, q, nowMs);
    if (!range) return [];
    const state = this.snapshot.get(i.code);
    let buckets: Bucket[];
    if (state?.sim) {
      buckets = this.history.buckets(i.code, state.sim, period, range, nowMs);
    } else {
      await this.backfill(i, nowMs);
      buckets = await this.tape.buckets(
        i.id,
        period.ms,
        period.offsetMs,
        range.firstStartMs,
        range.lastStartMs + period.ms,
        Math.round((range.lastStartMs - range.firstStartMs) / period.ms) + 1,
      );
    }
    return buckets.map((b) => ({
      time: b.startMs,
      open: formatPrice(b.open, i.priceScale),
      high: formatPrice(b.high, i.priceScale),
      low: formatPrice(b.low, i.priceScale),
      close: formatPrice(b.close, i.priceScale),
      volume: formatMinor(b.volume, i.volumeScale),
    }));
  }

  /** A live instrument's first chart request fetches the exchange's recent minutes (once per process). */
  private async backfill(i: Instrument, nowMs: number): Promise<void> {
    const source = this.sourceByCode.get(i.code);
    if (!source?.history || this.backfilled.has(i.code)) return;
    this.backfilled.add(i.code);
    try {
      const candles = await source.history(i, nowMs - backfillMinutes * minuteMs, backfillMinutes);
      await this.tape.storeHistory(i.id, candles);
    } catch (err) {
      this.ctx.log.warn({ err, code: i.code }, 'market: history backfill failed');
    }
  }

  /** Home-page figures, computed from the data (DESIGN.md §1.5). */
  async stats(): Promise<MarketStats> {
    const nowMs = this.ctx.clock.now();
    let volumeUsdCents = 0n;
    let feeRateBpsMax = 0;
    for (const i of this.catalogue.all) {
      feeRateBpsMax = Math.max(feeRateBpsMax, i.feeRateBps);
      const s = this.snapshot.get(i.code)?.stats(nowMs);
      if (s) volumeUsdCents += this.usdCents(i, s.volume * s.nowPrice, i.volumeScale + i.priceScale);
    }
    const [userRow] = await this.ctx.db.select({ n: count() }).from(users);
    return {
      volume24h: formatMinor(volumeUsdCents, 2, 2),
      instrumentCount: this.catalogue.all.length,
      cryptoCount: this.catalogue.byType.get(instrumentTypes.crypto)?.length ?? 0,
      userCount: userRow?.n ?? 0,
      feeRateMax: formatMinor(BigInt(feeRateBpsMax), 4),
    };
  }

  /** A value in the instrument's quote currency at `scale`, in US cents (rounded down). */
  private usdCents(i: Instrument, value: bigint, scale: number): bigint {
    if (i.quote === 'USD' || i.quote === 'USDT') return rescale(value, scale, 2, roundDown);
    const direct = this.rateOf(`${i.quote}USD`);
    if (direct) return rescale(value * direct.minor, scale + direct.scale, 2, roundDown);
    const inverse = this.rateOf(`USD${i.quote}`);
    if (inverse && inverse.minor > 0n)
      return rescale(roundDown(value * 10n ** BigInt(inverse.scale), inverse.minor), scale, 2, roundDown);
    return 0n;
  }

  private rateOf(code: string): { minor: bigint; scale: number } | undefined {
    const i = this.catalogue.get(code);
    const last = this.snapshot.get(code)?.lastPrice;
    return i && last ? { minor: last.priceMinor, scale: i.priceScale } : undefined;
  }

  private async watchedItems(userId: number): Promise<MarketItem[]> {
    const rows = await this.ctx.db
      .select({ instrumentId: marketWatchlist.instrumentId })
      .from(marketWatchlist)
      .where(eq(marketWatchlist.userId, userId))
      .orderBy(asc(marketWatchlist.createdAt), asc(marketWatchlist.instrumentId));
    const byId = new Map(this.catalogue.all.map((i) => [i.id, i]));
    const out: MarketItem[] = [];
    for (const r of rows) {
      const i = byId.get(r.instrumentId);
      const item = i && this.cachedItem(i);
      if (item) out.push(item);
    }
    return out;
  }

  listWatch(userId: number): Promise<MarketItem[]> {
    return this.watchedItems(userId);
  }

  /** Adds `code` to the user's watchlist (idempotent); unknown codes: 10111; at most 200 entries. */
  async watch(userId: number, code: string): Promise<MarketItem[]> {
    const i = this.instrument(code);
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
    return this.watchedItems(userId);
  }

  async unwatch(userId: number, code: string): Promise<MarketItem[]> {
    const i = this.instrument(code);
    await this.ctx.db
      .delete(marketWatchlist)
      .where(and(eq(marketWatchlist.userId, userId), eq(marketWatchlist.instrumentId, i.id)));
    return this.watchedItems(userId);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.jobs?.stop();
    this.hub.stop();
    await this.stepping;
    await this.leadership.close();
    await this.bus.close();
    await this.primary?.close();
  }
}
