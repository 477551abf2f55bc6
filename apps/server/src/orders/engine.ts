// The settlement engine (DESIGN.md §2, §5): fed by the tape, it closes each open contract at the first tick
// that reaches its take-profit, stop-loss or close-out level (equity at 50 % of margin), or at the first
// tick at or after its expiry. It runs on the feed's leader only (one per cluster; in-process when
// embedded). Nothing here chooses a price: the closing tick is a tick of the source, kept in the tape.
//
// Catching up: every contract is judged on the ticks after the one it opened at, read back from the source
// (`ticksBetween`: the walk recomputes them, a replay reads its file). So when the engine starts, or a new
// leader takes over, reloading the open contracts and judging each from its own opening finds the tick that
// should have closed it while no engine ran, not today's price. The close itself is exactly once: the row is
// locked and closed in the transaction of its ledger entry, and a contract found closed is left alone.
import type { CloseReason } from '@tradewind/contract/orders-math';
import { triggerLevels } from '@tradewind/contract/orders-math';
import { eq } from 'drizzle-orm';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Ctx } from '../platform/context.ts';
import type { Market } from '../market/service.ts';
import type { Tick } from '../market/snapshot.ts';
import { closeContract } from './close.ts';
import { directionOf, specOf } from './spec.ts';
import { optionOrders, type OptionOrderRow } from './tables.ts';

type Watched = {
  id: number;
  code: string;
  /** Real contracts are judged on live ticks only (DESIGN.md §1.10); demo ones on any tick. */
  real: boolean;
  up: boolean;
  openAtMs: number;
  expiresAtMs: number;
  /** At or below: up → stop-loss or close-out; down → take-profit. */
  low: bigint | undefined;
  /** At or above: up → take-profit; down → stop-loss or close-out. */
  high: bigint | undefined;
  takeProfit: bigint | undefined;
  stopLoss: bigint | undefined;
};

export type EngineOptions = {
  /** Where the engine reports its work (/metrics). */
  metrics?: Registry;
  /** How often the leader reloads the open contracts (those opened on other nodes join here). */
  reloadEveryMs?: number;
};

export type Settled = { id: number; reason: CloseReason; tickAtMs: number };

export function watchedOf(row: OptionOrderRow): Watched {
  const direction = directionOf(row);
  const levels = {
    takeProfitMinor: row.takeProfitMinor ?? undefined,
    stopLossMinor: row.stopLossMinor ?? undefined,
  };
  const { low, high } = triggerLevels(specOf(row), direction, row.openPriceMinor, row.marginMinor, levels);
  return {
    id: row.id,
    code: row.code,
    real: row.book === 'real',
    up: direction === 'up',
    openAtMs: row.openAt.getTime(),
    expiresAtMs: row.expiresAt.getTime(),
    low,
    high,
    takeProfit: levels.takeProfitMinor,
    stopLoss: levels.stopLossMinor,
  };
}

/** Why `tick` closes the contract, if it does: a price level first (the customer's own before close-out). */
export function reasonAt(w: Watched, tick: { priceMinor: bigint; atMs: number }): CloseReason | undefined {
  const p = tick.priceMinor;
  if (w.up) {
    if (w.high !== undefined && p >= w.high) return 'tp';
    if (w.low !== undefined && p <= w.low)
      return w.stopLoss !== undefined && p <= w.stopLoss ? 'sl' : 'margin';
  } else {
    if (w.low !== undefined && p <= w.low) return 'tp';
    if (w.high !== undefined && p >= w.high)
      return w.stopLoss !== undefined && p >= w.stopLoss ? 'sl' : 'margin';
  }
  return tick.atMs >= w.expiresAtMs ? 'expiry' : undefined;
}

export class SettlementEngine {
  private readonly byCode = new Map<string, Map<number, Watched>>();
  /** Per instrument: every tick up to this time has been judged against every watched contract. */
  private readonly through = new Map<string, number>();
  private leading = false;
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: Array<(s: Settled) => void> = [];
  private batchSeconds: Histogram | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly market: Market,
    private readonly options: EngineOptions = {},
  ) {}

  start(): void {
    this.unsubscribe = this.market.onTicks((ticks) =>
      this.enqueue(async () => {
        const end = this.batchSeconds?.startTimer();
        await this.onTicks(ticks);
        end?.();
      }),
    );
    // Catch up at once on a node that leads from the start, rather than at the first batch of ticks.
    this.enqueue(() => this.onTicks([]));
    this.timer = setInterval(() => {
      if (this.leading) this.enqueue(() => this.reload(false));
    }, this.options.reloadEveryMs ?? 5_000);
    this.timer.unref();
  }

  /** Waits for every batch handed to the engine so far (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Gauges and counters on `/metrics`: watched contracts, batch time, closes by reason. */
  instrument(registry: Registry): void {
    const watched = () => this.watchedCount();
    new Gauge({
      name: 'contracts_open_watched',
      help: 'Open contracts the settlement engine of this node judges (0 on a node that does not lead)',
      registers: [registry],
      collect() {
        this.set(watched());
      },
    });
    this.batchSeconds = new Histogram({
      name: 'settlement_batch_seconds',
      help: 'Time the settlement engine takes to judge one batch of ticks',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    });
    const settled = new Counter({
      name: 'contracts_settled_total',
      help: 'Contracts closed by the settlement engine, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    this.onSettled((s) => settled.inc({ reason: s.reason }));
  }

  onSettled(listener: (s: Settled) => void): void {
    this.listeners.push(listener);
  }

  /**
   * A contract this node just opened: judged from its opening at the next batch. Through the engine's
   * queue, like every change of the watch list: a batch being judged finishes first, so its end cannot
   * overwrite the rewind to this contract's opening and skip the ticks in between.
   */
  watch(row: OptionOrderRow): void {
    this.enqueue(async () => {
      // A node that does not lead keeps no watch list: the leader finds the contract in its next reload.
      if (row.status !== 'open' || !this.leading) return;
      this.join(row);
    });
  }

  /** Watches `row`, judged from its opening: ticks already judged for the others may have reached it. */
  private join(row: OptionOrderRow): void {
    this.add(watchedOf(row));
    const through = this.through.get(row.code);
    if (through !== undefined && through > row.openAt.getTime())
      this.through.set(row.code, row.openAt.getTime());
  }

  /** A contract closed elsewhere (by its owner, on any node): no longer watched (through the queue). */
  forget(code: string, id: number): void {
    this.enqueue(async () => {
      this.byCode.get(code)?.delete(id);
    });
  }

  watchedCount(): number {
    let n = 0;
    for (const m of this.byCode.values()) n += m.size;
    return n;
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.timer);
    await this.queue;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'orders: settlement batch failed');
      // Judge again from each contract's opening: nothing is lost, a closed contract is skipped.
      this.leading = false;
    });
  }

  private add(w: Watched): void {
    let m = this.byCode.get(w.code);
    if (!m) this.byCode.set(w.code, (m = new Map()));
    m.set(w.id, w);
  }

  /**
   * The open contracts from the database. On taking the lead (`fresh`) every one is judged from its own
   * opening (the catch-up); later, contracts opened on other nodes join from their opening, and those closed
   * elsewhere leave.
   */
  private async reload(fresh: boolean): Promise<void> {
    const rows = await this.ctx.db.select().from(optionOrders).where(eq(optionOrders.status, 'open'));
    if (fresh) {
      this.byCode.clear();
      this.through.clear();
    }
    const open = new Set(rows.map((r) => r.id));
    for (const m of this.byCode.values()) for (const id of m.keys()) if (!open.has(id)) m.delete(id);
    for (const row of rows) if (!this.byCode.get(row.code)?.has(row.id)) this.join(row);
  }

  private async onTicks(ticks: readonly Tick[]): Promise<void> {
    if (!this.market.isLeader()) {
      this.leading = false;
      return;
    }
    const latest = new Map<string, number>();
    for (const t of ticks) latest.set(t.code, Math.max(latest.get(t.code) ?? 0, t.atMs));
    if (!this.leading) {
      await this.reload(true);
      this.leading = true;
      // Every instrument with open contracts, up to now: some may have had their last tick while no
      // engine ran, and no tick of theirs is in this batch.
      const nowMs = this.ctx.clock.now();
      for (const code of this.byCode.keys()) latest.set(code, Math.max(latest.get(code) ?? 0, nowMs));
    }
    for (const [code, toMs] of latest) {
      if ((this.byCode.get(code)?.size ?? 0) > 0) await this.judge(code, toMs, ticks);
    }
  }

  /** Judges the watched contracts of `code` on every tick after `through` up to `toMs`, in order. */
  private async judge(code: string, toMs: number, batch: readonly Tick[]): Promise<void> {
    const watched = this.byCode.get(code);
    if (!watched) return;
    let fromMs = this.through.get(code);
    if (fromMs === undefined)
      for (const w of watched.values()) fromMs = Math.min(fromMs ?? w.openAtMs, w.openAtMs);
    if (fromMs === undefined || toMs <= fromMs) return;
    const source = this.market.feed.sourceOf(code);
    // Real money settles on a live source's ticks only: a real contract on a simulated price waits (none
    // opens any more; DESIGN.md §1.10). After a live feed's gap the first tick it sends fills whatever its
    // levels or expiry crossed meanwhile, as a broker fills across a gap.
    const liveSource = source.kind === 'live';
    const ticks = source.ticksBetween
      ? source.ticksBetween(code, fromMs, toMs)
      : batch.filter((t) => t.code === code && t.atMs > (fromMs ?? 0) && t.atMs <= toMs);
    for (const tick of ticks) {
      for (const w of watched.values()) {
        if (tick.atMs <= w.openAtMs || (w.real && !liveSource)) continue;
        const reason = reasonAt(w, tick);
        if (reason) await this.settle(w, tick, reason);
      }
    }
    this.through.set(code, toMs);
  }

  private async settle(w: Watched, tick: Tick, reason: CloseReason): Promise<void> {
    this.byCode.get(w.code)?.delete(w.id);
    const kept = await this.market.feed.keepTick(w.code, tick);
    const now = new Date(this.ctx.clock.now());
    const appName = this.market.catalogue.includingDisabled(w.code)?.appName ?? w.code;
    const result = await this.ctx.db.transaction(async (tx) => {
      // A leader that lost the lead meanwhile closes nothing (fenced); the new one judges from the opening.
      await this.market.fence(tx);
      return closeContract(tx, { id: w.id, tick: kept, reason, now, appName });
    });
    if (result?.closedNow) for (const l of this.listeners) l({ id: w.id, reason, tickAtMs: tick.atMs });
  }
}
