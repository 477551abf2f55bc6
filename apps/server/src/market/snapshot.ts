// The in-memory market state every node keeps from the tick stream: per instrument the last price, the
// 1-minute candles of the last 24 h (a ring), the minute closes for sparklines and the 24 h figures.
// List calls read it instead of scanning the database. Simulated instruments finalize each minute from
// the pure walk (so a node that missed ticks still agrees); live ones from the ticks they saw.
import { roundHalfEven } from '@tradewind/contract/money';
import type { Instrument } from './catalogue.ts';
import { minuteMs } from './hours.ts';
import { simLastTick, simMinute, type SimParams } from './sim.ts';

export const windowMinutes = 1440;
const hundredMax = 100;
const lookbackMinutes = 10 * 1440;

/**
 * What a live source says about one of its ticks (the exchange's timestamp; Pyth's publish time, confidence
 * and feed id), kept with the tick in the tape so a settlement can be checked against the source.
 */
export type TickMeta = Readonly<Record<string, string | number>>;

/** A price observation from a source. Live sources may attach the exchange's own 24 h figures. */
export type Tick = {
  code: string;
  priceMinor: bigint;
  atMs: number;
  volumeMinor?: bigint;
  day?: DayStats;
  meta?: TickMeta;
};

/** The latest price of an instrument, with what its source said about it. */
export type LastPrice = { priceMinor: bigint; atMs: number; meta?: TickMeta };
export type DayStats = { openMinor: bigint; highMinor: bigint; lowMinor: bigint; volumeMinor: bigint };
export type Ohlcv = { open: bigint; high: bigint; low: bigint; close: bigint; volume: bigint };
export type MinuteCandle = Ohlcv & { minute: number };

export type Stats24h = {
  nowPrice: bigint;
  lastAtMs: number;
  /** The price 24 h ago: the last close before the window, else the window's first open. */
  price24hAgo: bigint;
  open: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
};

const field = { open: 0, high: 1, low: 2, close: 3, volume: 4 } as const;

/** Minutes folded together; `firstMinute` −1 while empty. */
type Agg = { firstMinute: number; firstOpen: bigint; high: bigint; low: bigint; volume: bigint };

const emptyAgg = (): Agg => ({ firstMinute: -1, firstOpen: 0n, high: 0n, low: 0n, volume: 0n });

function fold(agg: Agg, part: Agg): void {
  if (part.firstMinute < 0) return;
  if (agg.firstMinute < 0) {
    Object.assign(agg, part);
    return;
  }
  if (part.firstMinute < agg.firstMinute) {
    agg.firstMinute = part.firstMinute;
    agg.firstOpen = part.firstOpen;
  }
  if (part.high > agg.high) agg.high = part.high;
  if (part.low < agg.low) agg.low = part.low;
  agg.volume += part.volume;
}

function fromSim(
  minute: number,
  c: { open: number; high: number; low: number; close: number; volume: number },
): MinuteCandle {
  return {
    minute,
    open: BigInt(c.open),
    high: BigInt(c.high),
    low: BigInt(c.low),
    close: BigInt(c.close),
    volume: BigInt(c.volume),
  };
}

export class InstrumentState {
  private readonly ring = new BigInt64Array(windowMinutes * 5);
  private readonly ringMinute = new Int32Array(windowMinutes).fill(-1);
  /** Aggregates of whole hours inside the ring, computed on demand, dropped when a minute of them changes. */
  private readonly hourCache = new Map<number, Agg>();
  private current: MinuteCandle | undefined;
  private last: LastPrice | undefined;
  /** The latest close that left the ring: the "24 h ago" price once the window has moved past it. */
  private carry: { minute: number; close: bigint } | undefined;
  private closes: bigint[] = [];
  private day: DayStats | undefined;
  private statsCache: { nowMinute: number; agg: Agg; ref: bigint | undefined } | undefined;
  /** Simulated instruments: the minute in progress; every earlier one is final and in the ring. */
  private simCurrentMinute = 0;

  private target: { instrument: Instrument; sim: SimParams | undefined };

  constructor(instrument: Instrument, sim: SimParams | undefined) {
    this.target = { instrument, sim };
  }

  get instrument(): Instrument {
    return this.target.instrument;
  }

  /** Set when the simulated walk prices this instrument. */
  get sim(): SimParams | undefined {
    return this.target.sim;
  }

  /**
   * The instrument as edited in the back office (its walk with the new hours). The candles already kept
   * stay: the edited hours answer only the minutes after the edit (hours.ts `before`).
   */
  retarget(instrument: Instrument, sim: SimParams | undefined): void {
    if ((sim === undefined) !== (this.target.sim === undefined))
      throw new Error(`${instrument.code}: a retarget keeps the source`);
    this.target = { instrument, sim };
  }

  get lastPrice(): LastPrice | undefined {
    return this.last;
  }

  /** Rebuilds the state of a simulated instrument at `nowMs` from the walk alone. */
  initSim(nowMs: number): void {
    const sim = this.sim;
    if (!sim) throw new Error(`${this.instrument.code} is not simulated`);
    this.reset();
    const nowMinute = Math.floor(nowMs / minuteMs);
    const windowStart = nowMinute - windowMinutes + 1;
    const before = simLastTick(sim, windowStart * minuteMs - 1, lookbackMinutes);
    if (before) this.carry = { minute: Math.floor(before.atMs / minuteMs), close: before.priceMinor };
    const earlier: bigint[] = [];
    for (let m = windowStart; m < nowMinute; m++) {
      const c = simMinute(sim, m);
      if (c) this.store(fromSim(m, c));
    }
    // A market closed for most of the day still shows its last 100 minutes of trading.
    for (
      let m = windowStart - 1;
      m > windowStart - lookbackMinutes && earlier.length + this.closes.length < hundredMax;
      m--
    ) {
      const c = simMinute(sim, m);
      if (c) earlier.push(BigInt(c.close));
    }
    this.closes = [...earlier.reverse(), ...this.closes].slice(-hundredMax);
    const second = Math.floor((nowMs - nowMinute * minuteMs) / 1000);
    const partial = simMinute(sim, nowMinute, second);
    this.current = partial ? fromSim(nowMinute, partial) : undefined;
    this.simCurrentMinute = nowMinute;
    const last = simLastTick(sim, nowMs, lookbackMinutes);
    this.last = last && { priceMinor: last.priceMinor, atMs: last.atMs };
  }

  /** Seeds a live instrument from recorded 1-minute candles (oldest first). */
  initLive(candles: readonly MinuteCandle[], nowMs: number): void {
    this.reset();
    const nowMinute = Math.floor(nowMs / minuteMs);
    for (const c of candles) {
      if (c.minute >= nowMinute) this.current = { ...c };
      else if (c.minute > nowMinute - windowMinutes) this.store(c);
      else this.carry = { minute: c.minute, close: c.close };
    }
    const latest = this.current ?? candles.at(-1);
    if (latest) this.last = { priceMinor: latest.close, atMs: latest.minute * minuteMs };
  }

  private reset(): void {
    this.ringMinute.fill(-1);
    this.hourCache.clear();
    this.current = undefined;
    this.last = undefined;
    this.carry = undefined;
    this.closes = [];
    this.day = undefined;
    this.statsCache = undefined;
  }

  /** Applies a tick; answers false when it is older than what the state already holds. */
  apply(tick: Tick): boolean {
    if (this.last && tick.atMs < this.last.atMs) return false;
    const minute = Math.floor(tick.atMs / minuteMs);
    if (this.sim) this.applySim(this.sim, tick, minute);
    else this.applyLive(tick, minute);
    this.last = { priceMinor: tick.priceMinor, atMs: tick.atMs, ...(tick.meta ? { meta: tick.meta } : {}) };
    if (tick.day) this.day = tick.day;
    return true;
  }

  /** Finished minutes come from the walk, so minutes whose ticks this node never saw are filled in too. */
  private applySim(sim: SimParams, tick: Tick, minute: number): void {
    if (minute - this.simCurrentMinute > windowMinutes) {
      this.initSim(tick.atMs);
      return;
    }
    for (let m = this.simCurrentMinute; m < minute; m++) {
      const c = simMinute(sim, m);
      if (c) this.store(fromSim(m, c));
    }
    this.simCurrentMinute = Math.max(this.simCurrentMinute, minute);
    const second = Math.floor((tick.atMs - minute * minuteMs) / 1000);
    const partial = simMinute(sim, minute, second);
    const p = tick.priceMinor;
    this.current = partial
      ? fromSim(minute, partial)
      : { minute, open: p, high: p, low: p, close: p, volume: 0n };
  }

  private applyLive(tick: Tick, minute: number): void {
    if (this.current && minute > this.current.minute + windowMinutes) this.reset();
    if (this.current && minute > this.current.minute) {
      this.store(this.current);
      this.current = undefined;
    }
    const p = tick.priceMinor;
    const c = this.current;
    if (!c) {
      this.current = { minute, open: p, high: p, low: p, close: p, volume: tick.volumeMinor ?? 0n };
      return;
    }
    if (p > c.high) c.high = p;
    if (p < c.low) c.low = p;
    c.close = p;
    c.volume += tick.volumeMinor ?? 0n;
  }

  private store(c: MinuteCandle): void {
    this.statsCache = undefined; // the window is built from the ring, which changes here
    const slot = c.minute % windowMinutes;
    const old = this.ringMinute[slot] ?? -1;
    if (old >= 0 && old !== c.minute && (!this.carry || old > this.carry.minute)) {
      this.carry = { minute: old, close: this.ring[slot * 5 + field.close] ?? 0n };
    }
    if (old >= 0) this.hourCache.delete(Math.floor(old / 60));
    this.hourCache.delete(Math.floor(c.minute / 60));
    this.ringMinute[slot] = c.minute;
    const base = slot * 5;
    this.ring[base + field.open] = c.open;
    this.ring[base + field.high] = c.high;
    this.ring[base + field.low] = c.low;
    this.ring[base + field.close] = c.close;
    this.ring[base + field.volume] = c.volume;
    this.closes.push(c.close);
    if (this.closes.length > hundredMax) this.closes.shift();
  }

  private hourAgg(hour: number): Agg {
    const cached = this.hourCache.get(hour);
    if (cached) return cached;
    const agg = this.aggregate(hour * 60, hour * 60 + 60);
    this.hourCache.set(hour, agg);
    return agg;
  }

  private aggregate(fromMinute: number, toMinute: number): Agg {
    const agg = emptyAgg();
    const ring = this.ring;
    for (let m = fromMinute; m < toMinute; m++) {
      const slot = m % windowMinutes;
      if (this.ringMinute[slot] !== m) continue;
      const base = slot * 5;
      const high = ring[base + field.high] ?? 0n;
      const low = ring[base + field.low] ?? 0n;
      if (agg.firstMinute < 0) {
        agg.firstMinute = m;
        agg.firstOpen = ring[base + field.open] ?? 0n;
        agg.high = high;
        agg.low = low;
      } else {
        if (high > agg.high) agg.high = high;
        if (low < agg.low) agg.low = low;
      }
      agg.volume += ring[base + field.volume] ?? 0n;
    }
    return agg;
  }

  /** The latest close before minute `start`: the minute just before it, else the carry or an old slot. */
  private closeBefore(start: number): bigint | undefined {
    const edge = (start - 1) % windowMinutes;
    if (this.ringMinute[edge] === start - 1) return this.ring[edge * 5 + field.close];
    let ref = this.carry;
    for (let slot = 0; slot < windowMinutes; slot++) {
      const m = this.ringMinute[slot] ?? -1;
      if (m >= 0 && m < start && (!ref || m > ref.minute)) {
        ref = { minute: m, close: this.ring[slot * 5 + field.close] ?? 0n };
      }
    }
    return ref?.close;
  }

  /** The ring's part of the window (every finished minute of the last 24 h) and the price before it. */
  private window(nowMinute: number): { agg: Agg; ref: bigint | undefined } {
    if (this.statsCache?.nowMinute === nowMinute) return this.statsCache;
    const start = nowMinute - windowMinutes + 1;
    const agg = emptyAgg();
    const firstFullHour = Math.ceil(start / 60);
    const lastFullHour = Math.floor(nowMinute / 60); // exclusive
    fold(agg, this.aggregate(start, Math.min(firstFullHour * 60, nowMinute)));
    for (let h = firstFullHour; h < lastFullHour; h++) fold(agg, this.hourAgg(h));
    fold(agg, this.aggregate(Math.max(lastFullHour * 60, start), nowMinute));
    for (const hour of this.hourCache.keys()) if (hour < firstFullHour) this.hourCache.delete(hour);
    this.statsCache = { nowMinute, agg, ref: this.closeBefore(start) };
    return this.statsCache;
  }

  /** The 24 h figures at `nowMs`; undefined until the instrument has a price. */
  stats(nowMs: number): Stats24h | undefined {
    const last = this.last;
    if (!last) return undefined;
    const nowMinute = Math.floor(Math.max(nowMs, last.atMs) / minuteMs);
    const start = nowMinute - windowMinutes + 1;
    const { agg: ringAgg, ref } = this.window(nowMinute);
    const agg = { ...ringAgg };
    let ref24h = ref;
    const c = this.current;
    if (c && c.minute >= start) {
      fold(agg, { firstMinute: c.minute, firstOpen: c.open, high: c.high, low: c.low, volume: c.volume });
    } else if (c) {
      // Quiet for a whole day: the minute in progress is the latest close before the window.
      ref24h = c.close;
    }
    const empty = agg.firstMinute < 0;
    const price24hAgo = this.day?.openMinor ?? ref24h ?? (empty ? last.priceMinor : agg.firstOpen);
    return {
      nowPrice: last.priceMinor,
      lastAtMs: last.atMs,
      price24hAgo,
      open: price24hAgo,
      high: this.day?.highMinor ?? (empty ? last.priceMinor : agg.high),
      low: this.day?.lowMinor ?? (empty ? last.priceMinor : agg.low),
      volume: this.day?.volumeMinor ?? agg.volume,
    };
  }

  /** At most 100 latest prices, one per minute, oldest first; the last one is the current price. */
  hundred(): bigint[] {
    const last = this.last;
    if (!last) return [];
    const current = this.current;
    const out = current
      ? [...this.closes.slice(-(hundredMax - 1)), current.close]
      : this.closes.slice(-hundredMax);
    if (out.length === 0) out.push(last.priceMinor);
    return out;
  }
}

/** The 24 h change in hundredths of a percent, rounded half-even: 1234n is 12.34 %. */
export function changeBasisPoints(nowPrice: bigint, price24hAgo: bigint): bigint {
  if (price24hAgo <= 0n) return 0n;
  return roundHalfEven((nowPrice - price24hAgo) * 10_000n, price24hAgo);
}

/** 1234n → "12.34", -5n → "-0.05". */
export function formatPercent(hundredths: bigint): string {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export class Snapshot {
  readonly states = new Map<string, InstrumentState>();

  add(state: InstrumentState): void {
    this.states.set(state.instrument.code, state);
  }

  get(code: string): InstrumentState | undefined {
    return this.states.get(code);
  }

  /** Applies ticks in order; answers the codes whose price state changed. */
  apply(ticks: readonly Tick[]): Set<string> {
    const changed = new Set<string>();
    for (const tick of ticks) {
      const state = this.states.get(tick.code);
      if (state?.apply(tick)) changed.add(tick.code);
    }
    return changed;
  }
}
