// The simulated walk: a pure function of (instrument, second), so the past is computed rather than stored
// and every node of a cluster derives the same prices. The shape is multi-scale value noise from an
// integer hash: octaves of 1 minute to ~11 days with Brownian amplitude scaling (σ·√Δt), plus a
// sub-minute wiggle that is zero on minute boundaries. It wanders around the reference price within a
// bounded band (|x| stays under ~7× the daily volatility by construction).
//
// Only + − × ÷ and Math.round/floor are used on the way to a price: IEEE 754 makes those exact and
// identical on every platform (no exp/log/sin, whose last bits may differ). The result leaves this file
// as a bigint count of minor units.
import { isOpenMinute, minuteMs, type Schedule } from './hours.ts';

const levels = 15;
const secondsPerMinute = 60;
/** Bump to change every simulated price at once (e.g. after changing the shape). */
const simVersion = 1;

export type SimParams = {
  readonly seed: number;
  /** Reference price in minor units, an exact integer in a double. */
  readonly refMinor: number;
  readonly amps: Float64Array;
  readonly offsets: Int32Array;
  readonly fineAmp: number;
  readonly tier: 1 | 2 | 3;
  /** Mean volume of one tick, in volume minor units. */
  readonly volumePerTick: number;
  readonly schedule: Schedule;
  /** A pegged instrument's reference walk and basis (catalogue-data.ts `pegs`); undefined for the rest. */
  readonly peg: SimPeg | undefined;
  /** Knot cache for runs over consecutive minutes: level → [knot index, h(i), h(i+1)]. */
  readonly cache: Float64Array;
  /** The last two minute boundaries computed: [minute, value, minute, value]. */
  readonly memo: Float64Array;
};

export type SimInput = {
  code: string;
  referencePriceMinor: bigint;
  priceScale: number;
  volumeScale: number;
  volatilityBps: number;
  tickTier: number;
  schedule: Schedule;
  /**
   * The walk this one follows (a wrapped coin its coin, a gold token gold), or `'par'` (a stablecoin: one
   * dollar), and the band in basis points the real markets keep the two within.
   */
  peg?: { reference: SimInput | 'par'; bandBps: number };
};

/**
 * A pegged walk: its price is the reference's at the same minute, times `ratio` (the two reference prices'
 * quotient, so a token listed at another level still follows), times 1 + a basis of at most `basisMax`.
 * Its own noise is the quieter of the two, so ticks and wicks stay within the band as well.
 */
type SimPeg = { reference: SimParams | undefined; ratio: number; basisMax: number };

/** Of the band, what the slow basis may take; the rest is room for the two walks' sub-minute noise. */
const basisShareOfBand = 0.4;
/** The basis's octaves (1 h, 8.5 h, 2.8 days) and their hash salt. */
const basisLevels = [6, 9, 12] as const;
const basisSalt = 0x6a09e667;

/** `refMinor` as a price (minor units ÷ 10^scale), with powers of ten from integers so the value is exact. */
const priceOf = (refMinor: number, scale: number): number => refMinor / Number(10n ** BigInt(scale));

function mix(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of three integers (each below 2^32). */
function hash3(a: number, b: number, c: number): number {
  return mix(
    Math.imul(mix(a ^ 0x9e3779b9), 0x27d4eb2d) ^ mix((b | 0) + 0x165667b1) ^ Math.imul(c | 0, 0x61c88647),
  );
}

/** A hash in [−1, 1). */
const signed = (h: number): number => h / 2_147_483_648 - 1;

function seedOf(code: string): number {
  let h = 0x811c9dc5 ^ simVersion;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return mix(h);
}

/** Daily turnover the walk aims at, in quote units, by liquidity tier. */
const turnoverPerDay = { 1: 2e9, 2: 1e8, 3: 1e7 } as const;
const tickShare = { 1: 1, 2: 0.5, 3: 0.25 } as const;

export function simParams(input: SimInput): SimParams {
  const seed = seedOf(input.code);
  const vol = input.volatilityBps / 10_000;
  const amps = new Float64Array(levels);
  const offsets = new Int32Array(levels);
  for (let k = 0; k < levels; k++) {
    const width = 2 ** k;
    amps[k] = vol * Math.sqrt(width / 1440) * 0.6;
    offsets[k] = hash3(seed, k, 0x0ff5e7) % width;
  }
  const refMinor = Number(input.referencePriceMinor);
  if (!Number.isSafeInteger(refMinor * 2))
    throw new RangeError(`reference price too large for ${input.code}`);
  const peg = input.peg && pegOf(input.peg, priceOf(refMinor, input.priceScale));
  const ownFineAmp = vol * Math.sqrt(1 / 1440) * 0.8;
  const tier = input.tickTier === 1 || input.tickTier === 2 ? input.tickTier : 3;
  const price = refMinor / 10 ** input.priceScale;
  const ticksPerDay = 86_400 * tickShare[tier];
  const volumePerTick = (turnoverPerDay[tier] / ticksPerDay / price) * 10 ** input.volumeScale;
  return {
    seed,
    refMinor,
    amps,
    offsets,
    fineAmp: peg?.reference ? Math.min(ownFineAmp, peg.reference.fineAmp) : ownFineAmp,
    tier,
    volumePerTick,
    schedule: input.schedule,
    peg,
    cache: new Float64Array(levels * 3).fill(Number.NaN),
    memo: new Float64Array(4).fill(Number.NaN),
  };
}

function pegOf(peg: NonNullable<SimInput['peg']>, ownPrice: number): SimPeg {
  if (!(peg.bandBps > 0 && peg.bandBps < 10_000)) throw new RangeError(`peg band ${peg.bandBps} bps`);
  const basisMax = (peg.bandBps / 10_000) * basisShareOfBand;
  if (peg.reference === 'par') return { reference: undefined, ratio: 1 / ownPrice, basisMax };
  if (peg.reference.peg) throw new RangeError(`${peg.reference.code} is pegged itself`);
  const reference = simParams(peg.reference);
  const ratio = priceOf(reference.refMinor, peg.reference.priceScale) / ownPrice;
  return { reference, ratio, basisMax };
}

/** The pegged walk's basis at the start of `minute`: value noise of a few octaves, |basis| ≤ basisMax. */
function basis(p: SimParams, peg: SimPeg, minute: number): number {
  let x = 0;
  for (const k of basisLevels) x += 2 * knots(p.seed ^ basisSalt, minute, 1 << k, k) - 1;
  return (peg.basisMax * x) / basisLevels.length;
}

/** A hash in [0, 1) at every `width`-th minute, linear in between: continuous in `minute`. */
function knots(seed: number, minute: number, width: number, salt: number): number {
  const i = Math.floor(minute / width);
  const r = minute - i * width;
  const h0 = hash3(seed, i, salt) / 4_294_967_296;
  const h1 = hash3(seed, i + 1, salt) / 4_294_967_296;
  return (h0 * (width - r) + h1 * r) / width;
}

/** The slow part of the walk at the start of `minute`, as a fraction of the reference price. */
function coarse(p: SimParams, minute: number): number {
  const memo = p.memo;
  if (memo[0] === minute) return memo[1] ?? 0;
  if (memo[2] === minute) return memo[3] ?? 0;
  const x = coarseUncached(p, minute);
  memo[0] = memo[2] ?? Number.NaN;
  memo[1] = memo[3] ?? 0;
  memo[2] = minute;
  memo[3] = x;
  return x;
}

function coarseUncached(p: SimParams, minute: number): number {
  if (p.peg) {
    const followed = p.peg.reference ? 1 + coarse(p.peg.reference, minute) : 1;
    return p.peg.ratio * followed * (1 + basis(p, p.peg, minute)) - 1;
  }
  const { cache, amps, offsets, seed } = p;
  let x = 0;
  for (let k = 0; k < levels; k++) {
    const width = 1 << k;
    const q = minute + (offsets[k] ?? 0);
    const i = Math.floor(q / width);
    const r = q - i * width;
    const c = k * 3;
    if (cache[c] !== i) {
      cache[c] = i;
      cache[c + 1] = signed(hash3(seed + k, i, k));
      cache[c + 2] = signed(hash3(seed + k, i + 1, k));
    }
    x += ((amps[k] ?? 0) * ((cache[c + 1] ?? 0) * (width - r) + (cache[c + 2] ?? 0) * r)) / width;
  }
  return x;
}

/** Which seconds of `minute` carry a tick: bit s of the 60-bit mask (lo: 0–31, hi: 32–59). */
function tickMask(p: SimParams, minute: number): [number, number] {
  if (p.tier === 1) return [0xffffffff, 0x0fffffff];
  let lo = hash3(p.seed, minute, 1);
  let hi = hash3(p.seed, minute, 2);
  if (p.tier === 3) {
    lo &= hash3(p.seed, minute, 3);
    hi &= hash3(p.seed, minute, 4);
  }
  // Every open minute has a tick at its first second, so its candle opens on the minute.
  return [(lo | 1) >>> 0, hi & 0x0fffffff];
}

const hasTick = (mask: readonly [number, number], s: number): boolean =>
  s < 32 ? ((mask[0] >>> s) & 1) === 1 : ((mask[1] >>> (s - 32)) & 1) === 1;

function lastTickSecond(mask: readonly [number, number]): number {
  return mask[1] !== 0 ? 63 - Math.clz32(mask[1]) : 31 - Math.clz32(mask[0]);
}

/** The nearest second at or after `from` (wrapping inside 1…last−1) that carries a tick and is not `not`. */
function interiorTick(
  mask: readonly [number, number],
  last: number,
  from: number,
  not: number,
): number | undefined {
  const span = last - 1;
  for (let i = 0; i < span; i++) {
    const s = 1 + ((from - 1 + i) % span);
    if (s !== not && hasTick(mask, s)) return s;
  }
  return undefined;
}

/**
 * One minute, decided up front from a handful of hashes: open (second 0), close (the last tick), the
 * seconds where the high and the low are touched, and the volume. Every other tick is drawn inside
 * [low, high], so the candle is exactly the aggregate of the ticks without visiting them.
 */
type MinutePlan = {
  readonly minute: number;
  readonly mask: readonly [number, number];
  readonly c0: number;
  readonly c1: number;
  readonly open: number;
  readonly close: number;
  readonly high: number;
  readonly low: number;
  readonly last: number;
  readonly highAt: number;
  readonly lowAt: number;
  readonly volume: number;
};

const ticksPerMinute = { 1: 60, 2: 30, 3: 15 } as const;

function toMinor(p: SimParams, x: number): number {
  return Math.max(1, Math.round(p.refMinor * (1 + x)));
}

/**
 * How busy the market is around `minute`, mean 1: a day-scale factor (0.3–1.7) times an hour-scale one
 * (0.6–1.4). Without it a day's volume is the sum of 1,440 independent minutes and every daily (and weekly)
 * bar comes out the same height. Each factor moves linearly between knots at 00:00 UTC (and on the hour):
 * held constant through the day, it changed in one step at midnight, and 15-minute bars jumped up to 5.7×
 * there (issue 23). Prices do not depend on it.
 */
function activity(p: SimParams, minute: number): number {
  const day = knots(p.seed ^ 0x5be0cd19, minute, 1440, 9);
  const hour = knots(p.seed ^ 0x5be0cd19, minute, 60, 10);
  return (0.3 + 1.4 * day) * (0.6 + 0.8 * hour);
}

function planOf(p: SimParams, minute: number): MinutePlan | undefined {
  if (!isOpenMinute(p.schedule, minute)) return undefined;
  const mask = tickMask(p, minute);
  const c0 = coarse(p, minute);
  const c1 = coarse(p, minute + 1);
  const last = lastTickSecond(mask);
  const h = hash3(p.seed ^ 0x3c6ef372, minute, 7);
  const g = hash3(p.seed ^ 0x3c6ef372, minute, 8);
  const open = toMinor(p, c0);
  if (last === 0) {
    return {
      minute,
      mask,
      c0,
      c1,
      open,
      close: open,
      high: open,
      low: open,
      last,
      highAt: 0,
      lowAt: 0,
      volume: 0,
    };
  }
  const close = toMinor(p, c0 + ((c1 - c0) * last) / secondsPerMinute + 0.5 * p.fineAmp * signed(h));
  const highAt = interiorTick(mask, last, 1 + (g % 59), -1);
  const lowAt = highAt === undefined ? undefined : interiorTick(mask, last, 1 + ((g >>> 8) % 59), highAt);
  const wickUp = highAt === undefined ? 0 : Math.round(p.refMinor * p.fineAmp * ((h & 0xffff) / 65_536));
  const wickDown = lowAt === undefined ? 0 : Math.round(p.refMinor * p.fineAmp * ((h >>> 16) / 65_536));
  const volumeShare = (0.25 + 1.5 * ((g >>> 16) / 65_536)) * activity(p, minute);
  return {
    minute,
    mask,
    c0,
    c1,
    open,
    close,
    high: Math.max(open, close) + wickUp,
    low: Math.max(1, Math.min(open, close) - wickDown),
    last,
    highAt: highAt ?? -1,
    lowAt: lowAt ?? -1,
    volume: Math.round(p.volumePerTick * ticksPerMinute[p.tier] * volumeShare),
  };
}

/** The tick at second `s` of a planned minute (the caller checked that `s` carries a tick). */
function tickAt(p: SimParams, plan: MinutePlan, s: number): number {
  if (s === 0) return plan.open;
  if (s === plan.last) return plan.close;
  if (s === plan.highAt) return plan.high;
  if (s === plan.lowAt) return plan.low;
  const j = Math.floor(s / 10);
  const f = (s - j * 10) / 10;
  const k0 = signed(hash3(p.seed ^ 0x7f4a7c15, plan.minute, j));
  const k1 = signed(hash3(p.seed ^ 0x7f4a7c15, plan.minute, j + 1));
  const jitter = signed(hash3(p.seed ^ 0x2545f491, plan.minute, s));
  const envelope = (s * (secondsPerMinute - s)) / 900;
  const drift = ((plan.c1 - plan.c0) * s) / secondsPerMinute;
  const price = toMinor(p, plan.c0 + drift + p.fineAmp * envelope * (k0 * (1 - f) + k1 * f + 0.5 * jitter));
  return Math.min(plan.high, Math.max(plan.low, price));
}

/** A minute's candle in minor units (exact integers in doubles). */
export type SimCandle = { open: number; high: number; low: number; close: number; volume: number };

/**
 * The candle of `minute` from its ticks at seconds 0…`lastSecond`; undefined when the market is closed.
 * A whole minute costs a few hashes; a partial one (the minute in progress) visits its ticks.
 */
export function simMinute(
  p: SimParams,
  minute: number,
  lastSecond = secondsPerMinute - 1,
): SimCandle | undefined {
  const plan = planOf(p, minute);
  if (!plan) return undefined;
  if (lastSecond >= plan.last) {
    return { open: plan.open, high: plan.high, low: plan.low, close: plan.close, volume: plan.volume };
  }
  const candle = { open: plan.open, high: plan.open, low: plan.open, close: plan.open, volume: 0 };
  for (let s = 1; s <= lastSecond; s++) {
    if (!hasTick(plan.mask, s)) continue;
    const price = tickAt(p, plan, s);
    if (price > candle.high) candle.high = price;
    if (price < candle.low) candle.low = price;
    candle.close = price;
  }
  candle.volume = Math.floor((plan.volume * (lastSecond + 1)) / (plan.last + 1));
  return candle;
}

/** Every tick of a minute, in order (for tests and audits: the candle is their aggregate). */
export function simTicksOfMinute(
  p: SimParams,
  minute: number,
): Array<{ second: number; priceMinor: number }> {
  const plan = planOf(p, minute);
  if (!plan) return [];
  const ticks: Array<{ second: number; priceMinor: number }> = [];
  for (let s = 0; s < secondsPerMinute; s++)
    if (hasTick(plan.mask, s)) ticks.push({ second: s, priceMinor: tickAt(p, plan, s) });
  return ticks;
}

export type SimTick = { atMs: number; priceMinor: bigint };

/** The last tick at or before `atMs`, looking back at most `lookbackMinutes`. */
export function simLastTick(p: SimParams, atMs: number, lookbackMinutes: number): SimTick | undefined {
  const minute = Math.floor(atMs / minuteMs);
  const second = Math.floor((atMs - minute * minuteMs) / 1000);
  for (let m = minute; m > minute - lookbackMinutes; m--) {
    const plan = planOf(p, m);
    if (!plan) continue;
    for (let s = m === minute ? Math.min(second, plan.last) : plan.last; s >= 0; s--) {
      if (!hasTick(plan.mask, s)) continue;
      return { atMs: m * minuteMs + s * 1000, priceMinor: BigInt(tickAt(p, plan, s)) };
    }
  }
  return undefined;
}
