// The price feed: which source prices each instrument, the in-memory snapshot, the tick bus between nodes
// and the listeners. Data flows one way (DESIGN.md §2): source → snapshot and tape → bus → listeners (the
// live-price hub, and the settlement engine through `onTicks`). The leader polls the sources; other nodes
// take its ticks from the bus.
import { codes, type PriceStatus } from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { startJobs } from '../platform/jobs.ts';
import { getParam } from '../settings/service.ts';
import type { Tx } from '../platform/db.ts';
import { LeaderLease, NotLeaderError } from '../platform/lease.ts';
import { Catalogue, loadInstruments, seedInstruments, type Instrument } from './catalogue.ts';
import {
  LocalBus,
  RedisBus,
  RedisLeaseLeadership,
  SoleNode,
  type Leadership,
  type TickBus,
} from './cluster.ts';
import { isOpenAt, minuteMs } from './hours.ts';
import { InstrumentState, Snapshot, windowMinutes, type Stats24h, type Tick } from './snapshot.ts';
import type { PriceSource, SourceKind } from './source.ts';
import { SimSource, simParamsOf } from './source-sim.ts';
import { openSources, type SourceOptions } from './sources.ts';
import { Tape, type KeptTick } from './tape.ts';

export type FeedOptions = SourceOptions & {
  /** Sources placed before those `MARKET_FEED` lists (test/live-stand-in.ts); never from configuration. */
  sources?: PriceSource[];
  /** How often the leader polls its sources. */
  stepEveryMs?: number;
};

const retentionEveryMs = 3_600_000;
/** `price_stale_after_s` until the parameter is read (its seeded default), and how often it is read again. */
const defaultStaleAfterMs = 30_000;
const paramsRefreshMs = 5_000;

/** Every node of a cluster serving the same public URL shares one feed channel and one leader. */
function clusterKey(publicUrl: string): string {
  return `tw:market:${new URL(publicUrl).host}`;
}

export type TickListener = (ticks: readonly Tick[]) => void;
/** Codes whose snapshot state changed (a new price, or a tick that moved the day's figures). */
export type ChangeListener = (changed: ReadonlySet<string>) => void;

export class MarketFeed {
  catalogue = new Catalogue([]);
  readonly snapshot = new Snapshot();
  readonly tape: Tape;
  private readonly sim: SimSource;
  /** The sources `MARKET_FEED` lists, in its order (sources.ts); the walk is not among them. */
  private sources: PriceSource[] = [];
  private readonly sourceByCode = new Map<string, PriceSource>();
  private leadership: Leadership = new SoleNode();
  private bus: TickBus = new LocalBus();
  private readonly tickListeners: TickListener[] = [];
  private readonly changeListeners: ChangeListener[] = [];
  /** The last status told to the change listeners per live-priced code: going stale makes no tick. */
  private readonly toldStatus = new Map<string, PriceStatus>();
  private stepping: Promise<unknown> = Promise.resolve();
  private stepsInFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private jobs: { stop: () => void } | undefined;
  private closed = false;
  /** `price_stale_after_s` in ms (refreshParams): a live price older than this is stale. */
  private staleAfterMs = defaultStaleAfterMs;
  /** `max_slippage_pct` as the parameter holds it, for the terms getMarketInfo discloses (refreshParams). */
  maxSlippagePct = '0.5';

  constructor(
    private readonly ctx: Ctx,
    private readonly options: FeedOptions = {},
  ) {
    this.tape = new Tape(ctx.db);
    this.sim = new SimSource((code) => this.snapshot.get(code)?.sim);
  }

  /** Seeds the catalogue on first start, builds the snapshot and opens the sources (no polling yet). */
  async open(): Promise<void> {
    const { ctx } = this;
    const nowMs = ctx.clock.now();
    await seedInstruments(ctx.db, new Date(nowMs));
    this.catalogue = new Catalogue(await loadInstruments(ctx.db));
    await this.refreshParams();
    // Sources handed in by the code that builds the app come first (the tests' live stand-in); no
    // configuration reaches them, so nothing outside the code can declare a price live.
    this.sources = [...(this.options.sources ?? []), ...(await openSources(ctx, this.options))];
    // Disabled instruments are priced too: contracts open on them still settle on the feed's ticks.
    const priced = this.catalogue.withDisabled;
    const covered = await this.assignSources(priced, nowMs);
    const live: Instrument[] = [];
    for (const i of priced) {
      const source = covered.get(i.code);
      this.sourceByCode.set(i.code, source ?? this.sim);
      const state = new InstrumentState(i, source ? undefined : simParamsOf(i, this.instrumentOf));
      this.snapshot.add(state);
      if (source) live.push(i);
      else state.initSim(nowMs);
    }
    await this.sim.start(
      priced.filter((i) => !covered.has(i.code)),
      nowMs,
    );
    const recorded = await this.tape.recent(
      live.map((i) => i.id),
      nowMs - (windowMinutes + 1) * minuteMs,
    );
    for (const i of live) this.snapshot.get(i.code)?.initLive(recorded.get(i.id) ?? [], nowMs);
  }

  /**
   * Composition by coverage: each source in `MARKET_FEED` order is offered only the instruments no earlier
   * source took, so the earlier wins (`ccxt:binance,pyth`: the exchange's crypto, then Pyth's forex, metals
   * and stocks). Answers the source of every covered code; the walk prices the others.
   */
  private async assignSources(
    priced: readonly Instrument[],
    nowMs: number,
  ): Promise<Map<string, PriceSource>> {
    const covered = new Map<string, PriceSource>();
    for (const source of this.sources) {
      const offered = priced.filter((i) => !covered.has(i.code));
      const took = await source.start(offered, nowMs);
      for (const i of offered) if (took.has(i.code)) covered.set(i.code, source);
    }
    return covered;
  }

  /** Every listed source's ticks since the last poll, in list order; polled together, none waits on another. */
  private async pollSources(nowMs: number): Promise<Tick[]> {
    const polled = await Promise.all(this.sources.map((s) => s.poll(nowMs)));
    return polled.flat();
  }

  /** Joins the cluster, takes the first step and starts the step timer and the tape's retention job. */
  async run(): Promise<void> {
    const { ctx } = this;
    await this.joinCluster();
    await this.step();
    this.timer = setInterval(() => {
      // A step slower than the interval is not queued behind: the next tick of the timer skips.
      if (this.stepsInFlight > 0) return;
      this.notifyStatusChanges();
      this.step().catch((err: unknown) =>
        err instanceof NotLeaderError
          ? ctx.log.warn({ err }, 'market: the feed stops here (no longer the leader)')
          : ctx.log.error({ err }, 'market: feed step failed'),
      );
    }, this.options.stepEveryMs ?? 1_000);
    this.timer.unref();
    this.jobs = startJobs(ctx.log, [
      { name: 'market-params', everyMs: paramsRefreshMs, run: () => this.refreshParams() },
      {
        name: 'market-retention',
        everyMs: retentionEveryMs,
        run: async () => {
          if (!this.leadership.isLeader()) return;
          await ctx.db.transaction(async (tx) => {
            await this.leadership.fence(tx);
            await this.tape.prune(ctx.clock.now(), tx);
          });
        },
      },
    ]);
  }

  /**
   * The lease in the database (platform/lease.ts) decides who leads: among the nodes of one PostgreSQL, or
   * the one embedded node (exclusive). Only nodes on separate embedded databases sharing a Redis (a test
   * setup) take turns by a Redis lease instead.
   */
  private async joinCluster(): Promise<void> {
    const { config, log, db } = this.ctx;
    const key = clusterKey(config.publicUrl);
    const bus = config.redisUrl ? await RedisBus.open(config.redisUrl, `${key}:ticks`, log) : undefined;
    this.leadership =
      bus && !config.databaseUrl
        ? new RedisLeaseLeadership(bus.connection, `${key}:leader`, log)
        : new LeaderLease(db, { log, exclusive: !config.databaseUrl });
    if (bus) {
      this.bus = bus;
      bus.onTicks((ticks, term) => this.fromPeer(ticks, term));
    }
    await this.leadership.start();
  }

  /** Ticks from the leader through the bus; those of a deposed leader (an older term) are dropped. */
  private fromPeer(ticks: Tick[], term: bigint | undefined): void {
    if (term !== undefined) {
      if (term < this.leadership.highestTerm()) return;
      this.leadership.observe(term);
    }
    this.receive(ticks);
  }

  isLeader(): boolean {
    return this.leadership.isLeader();
  }

  /** The first statement of a leader write's transaction: throws when this node no longer leads. */
  fence(tx: Tx): Promise<void> {
    return this.leadership.fence(tx);
  }

  /** Stops leading at once and hands the lease over (SIGTERM); the feed keeps serving as a follower. */
  async stepDown(): Promise<void> {
    await this.leadership.close();
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
    if (this.closed) return [];
    if (!this.leadership.isLeader()) return this.bus.connected() ? [] : this.localStep();
    const term = this.leadership.currentTerm();
    const nowMs = this.ctx.clock.now();
    const ticks = [...(await this.pollSources(nowMs)), ...(await this.sim.poll(nowMs))];
    if (ticks.length === 0) return ticks;
    // Written before anything is applied or sent: a node that lost the lead stops here (fenced).
    const recorded = ticks.filter((t) => this.sourceByCode.get(t.code) !== this.sim);
    if (recorded.length > 0)
      await this.ctx.db.transaction(async (tx) => {
        await this.leadership.fence(tx);
        await this.tape.recordCandles(recorded, (code) => this.catalogue.get(code)?.id, tx);
      });
    this.receive(ticks);
    await this.bus.publish(ticks, term);
    return ticks;
  }

  /**
   * A follower cut off from the leader's ticks (Redis away) prices its own clients from its sources: the
   * walk gives every node the same prices, an exchange nearly so. Nothing is written or sent, and nothing
   * settles here (the settlement engine runs on the leader only).
   */
  private async localStep(): Promise<Tick[]> {
    const nowMs = this.ctx.clock.now();
    const ticks = [...(await this.pollSources(nowMs)), ...(await this.sim.poll(nowMs))];
    this.receive(ticks);
    return ticks;
  }

  /** Whether prices reach this node from the leader ('cluster'), or it prices itself ('local'). */
  fanOut(): 'cluster' | 'local' {
    return this.leadership.isLeader() || this.bus.connected() ? 'cluster' : 'local';
  }

  private receive(ticks: readonly Tick[]): void {
    const changed = this.snapshot.apply(ticks);
    this.notify(this.changeListeners, changed);
    this.notify(this.tickListeners, ticks);
  }

  private notify<T>(listeners: ReadonlyArray<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (err) {
        this.ctx.log.error({ err }, 'market: feed listener failed');
      }
    }
  }

  /** Every tick this node learns of, in order (for the settlement engine). Answers an unsubscribe. */
  onTicks(listener: TickListener): () => void {
    return subscribe(this.tickListeners, listener);
  }

  /** The codes whose state each batch of ticks changed (for the live-price hub). */
  onChange(listener: ChangeListener): () => void {
    return subscribe(this.changeListeners, listener);
  }

  /** The source pricing `code`: the walk unless the configured feed covers it. */
  sourceOf(code: string): PriceSource {
    return this.sourceByCode.get(code) ?? this.sim;
  }

  /** What every price answer says about where the price came from (CONTRACT.md `source`). */
  sourceKind(code: string): SourceKind {
    return this.sourceOf(code).kind;
  }

  /** The feed as a whole is live only when no listed instrument is priced by a simulated source. */
  kind(): SourceKind {
    for (const i of this.catalogue.all) if (this.sourceKind(i.code) === 'simulated') return 'simulated';
    return 'live';
  }

  /** The instrument or 10111 (unknown codes are refused the same way everywhere in the market calls). */
  instrument(code: string): Instrument {
    const i = this.catalogue.get(code);
    if (!i) throw new AppError(codes.notFound);
    return i;
  }

  /** A priced instrument, disabled ones included (they keep settling), or 10111. */
  private pricedInstrument(code: string): Instrument {
    const i = this.catalogue.includingDisabled(code);
    if (!i) throw new AppError(codes.notFound);
    return i;
  }

  /**
   * Takes an edited row into this node's catalogue: lists, quotes and new orders read it from now on. The
   * price state and the walk go on: the hours of minutes before the edit are kept in the row's history,
   * so nothing already priced changes.
   */
  applyInstrument(next: Instrument): void {
    this.catalogue = this.catalogue.replace(next);
    const state = this.snapshot.get(next.code);
    if (!state) return;
    state.retarget(next, state.sim ? simParamsOf(next, this.instrumentOf) : undefined);
    if (state.sim) this.sim.retarget(next.code, state.sim);
  }

  /** Any priced instrument by code: the reference of a pegged walk (simParamsOf). */
  private readonly instrumentOf = (code: string) => this.catalogue.includingDisabled(code);

  /** The 24 h figures of `code` at the clock's current time; undefined while it has no price. */
  stats24h(code: string): Stats24h | undefined {
    return this.snapshot.get(code)?.stats(this.ctx.clock.now());
  }

  /**
   * Reads the parameters prices are shown with (every few seconds, and by the back office after an edit):
   * `price_stale_after_s`, and `max_slippage_pct` (a disclosed contract term). A value out of the
   * parameter's bounds keeps the last good one: staleness is never switched off by a typo.
   */
  async refreshParams(): Promise<void> {
    const read = (key: string) =>
      getParam(this.ctx.db, key).then(
        (p) => p.value.trim(),
        () => undefined, // not seeded yet (the first start seeds settings after the market opens)
      );
    const seconds = Number(await read('price_stale_after_s'));
    if (Number.isInteger(seconds) && seconds >= 2 && seconds <= 3600) this.staleAfterMs = seconds * 1000;
    const slippage = await read('max_slippage_pct');
    if (slippage !== undefined && /^\d{1,2}(\.\d{1,2})?$/.test(slippage)) this.maxSlippagePct = slippage;
  }

  /**
   * CONTRACT.md "Price status" (DESIGN.md §1.10): `closed` outside trading hours; `simulated` when the walk
   * (or a replay not declared live) prices it; `live` when a live source's last tick is younger than
   * `price_stale_after_s`; `stale` when that source has gone quiet longer (a failed poll emits nothing, so a
   * frozen price ages here rather than passing for current).
   */
  priceStatus(instrument: Instrument, nowMs = this.ctx.clock.now()): PriceStatus {
    if (!isOpenAt(instrument.schedule, nowMs)) return 'closed';
    if (this.sourceKind(instrument.code) !== 'live') return 'simulated';
    const last = this.snapshot.get(instrument.code)?.lastPrice;
    return last && nowMs - last.atMs <= this.staleAfterMs ? 'live' : 'stale';
  }

  /**
   * The gate of every real-book money step on a price (open, close, a deposit's rate): 10015 closed, 10160
   * simulated ("practise in the demo book"), 10161 stale ("paused until prices are back").
   */
  assertLive(instrument: Instrument): void {
    const status = this.priceStatus(instrument);
    if (status === 'closed') throw new AppError(codes.notTradableHours);
    if (status === 'simulated') throw new AppError(codes.livePriceRequired, { name: instrument.appName });
    if (status === 'stale') throw new AppError(codes.pricesDelayed, { name: instrument.appName });
  }

  /**
   * Tells the change listeners (the live-price hub) of live-priced instruments whose status changed without
   * a tick: a feed gone quiet turns stale, and the screens say "Delayed" rather than show a frozen price.
   */
  notifyStatusChanges(nowMs = this.ctx.clock.now()): void {
    const changed = new Set<string>();
    for (const [code, source] of this.sourceByCode) {
      const instrument = source.kind === 'live' ? this.catalogue.get(code) : undefined;
      if (!instrument) continue;
      const status = this.priceStatus(instrument, nowMs);
      if (this.toldStatus.get(code) !== status) changed.add(code);
      this.toldStatus.set(code, status);
    }
    if (changed.size > 0) this.notify(this.changeListeners, changed);
  }

  /** Each live source with the age of its newest tick (readiness, metrics, the back-office dashboard). */
  liveSources(
    nowMs = this.ctx.clock.now(),
  ): Array<{ name: string; ageMs: number | undefined; live: boolean }> {
    const newest = new Map<string, number | undefined>();
    for (const [code, source] of this.sourceByCode) {
      if (source.kind !== 'live') continue;
      const at = this.snapshot.get(code)?.lastPrice?.atMs;
      const known = newest.get(source.name);
      newest.set(source.name, at === undefined ? known : Math.max(known ?? at, at));
    }
    return [...newest].map(([name, at]) => {
      const ageMs = at === undefined ? undefined : Math.max(0, nowMs - at);
      return { name, ageMs, live: ageMs !== undefined && ageMs <= this.staleAfterMs };
    });
  }

  tradable(instrument: Instrument): boolean {
    return (
      isOpenAt(instrument.schedule, this.ctx.clock.now()) &&
      this.snapshot.get(instrument.code)?.lastPrice !== undefined
    );
  }

  /**
   * Writes the latest tick of `code` to the tape and answers it with its id, for an order (or a deposit
   * rate) to record which price it used (DESIGN.md §1.3). Undefined while the instrument has no price.
   */
  async keepLatestTick(
    code: string,
  ): Promise<(KeptTick & { instrument: Instrument; tradable: boolean; status: PriceStatus }) | undefined> {
    const instrument = this.pricedInstrument(code);
    const last = this.snapshot.get(instrument.code)?.lastPrice;
    if (!last) return undefined;
    const source = this.sourceOf(instrument.code);
    const kept = await this.tape.keep(instrument.id, { code: instrument.code, ...last }, source.name);
    return { ...kept, instrument, tradable: this.tradable(instrument), status: this.priceStatus(instrument) };
  }

  /**
   * Writes a tick of `code` that settles something (the engine's trigger tick) and answers its id, with what
   * its source said about it (`meta`).
   */
  async keepTick(code: string, tick: Pick<Tick, 'priceMinor' | 'atMs' | 'meta'>): Promise<KeptTick> {
    const instrument = this.pricedInstrument(code);
    const source = this.sourceOf(instrument.code);
    return this.tape.keep(instrument.id, { code: instrument.code, ...tick }, source.name);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.jobs?.stop();
    await this.stepping;
    await this.leadership.close();
    await this.bus.close();
    await Promise.all(this.sources.map((s) => s.close()));
  }
}

function subscribe<T>(list: T[], listener: T): () => void {
  list.push(listener);
  return () => {
    const i = list.indexOf(listener);
    if (i >= 0) list.splice(i, 1);
  };
}
