// K-lines: every period is built from 1-minute candles (DESIGN.md §4). Simulated instruments aggregate
// the walk's minutes, with whole hours and days memoized (a finished period never changes); live ones
// aggregate the recorded minutes in SQL.
import type { KlinePeriod } from '@tradewind/contract';
import { minuteMs } from './hours.ts';
import { simMinute, type SimParams } from './sim.ts';
import type { Bucket } from './tape.ts';

const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** Weeks start on Monday, 00:00 UTC; 1970-01-05 was the first Monday after the epoch. */
const weekOffsetMs = 4 * dayMs;

export const periods: Record<KlinePeriod, { ms: number; offsetMs: number }> = {
  '1m': { ms: minuteMs, offsetMs: 0 },
  '5m': { ms: 5 * minuteMs, offsetMs: 0 },
  '15m': { ms: 15 * minuteMs, offsetMs: 0 },
  '30m': { ms: 30 * minuteMs, offsetMs: 0 },
  '1h': { ms: hourMs, offsetMs: 0 },
  '4h': { ms: 4 * hourMs, offsetMs: 0 },
  '1d': { ms: dayMs, offsetMs: 0 },
  '1w': { ms: 7 * dayMs, offsetMs: weekOffsetMs },
};

export const klineLimitDefault = 500;
/** How far back the walk serves history: enough for a full daily chart and a year of weeks. */
export const simHistoryDays = 400;

export function bucketStart(atMs: number, period: { ms: number; offsetMs: number }): number {
  return Math.floor((atMs - period.offsetMs) / period.ms) * period.ms + period.offsetMs;
}

/** The bucket range a query asks for: the latest `limit` bucket starts in [from, to], oldest first. */
export function bucketRange(
  period: { ms: number; offsetMs: number },
  q: { from?: number | undefined; to?: number | undefined; limit?: number | undefined },
  nowMs: number,
): { firstStartMs: number; lastStartMs: number } | undefined {
  const limit = q.limit ?? klineLimitDefault;
  const lastStartMs = bucketStart(Math.min(q.to ?? nowMs, nowMs), period);
  const fromStart = q.from === undefined ? Number.NEGATIVE_INFINITY : bucketStart(q.from, period);
  const firstStartMs = Math.max(
    q.from !== undefined && fromStart < q.from ? fromStart + period.ms : fromStart,
    lastStartMs - (limit - 1) * period.ms,
  );
  return firstStartMs > lastStartMs ? undefined : { firstStartMs, lastStartMs };
}

type Agg = { open: number; high: number; low: number; close: number; volume: number };

function merge(into: Agg | undefined, next: Agg | undefined): Agg | undefined {
  if (!next) return into;
  if (!into) return { ...next };
  return {
    open: into.open,
    high: Math.max(into.high, next.high),
    low: Math.min(into.low, next.low),
    close: next.close,
    volume: into.volume + next.volume,
  };
}

const memoMax = 200_000;

/** Aggregates of the walk, memoized per finished hour and day. */
export class SimHistory {
  private readonly memo = new Map<string, Agg | null>();

  private remember(key: string, value: Agg | undefined): void {
    if (this.memo.size >= memoMax) {
      // Drop the oldest tenth; Map keeps insertion order.
      let n = memoMax / 10;
      for (const k of this.memo.keys()) {
        this.memo.delete(k);
        if (--n <= 0) break;
      }
    }
    this.memo.set(key, value ?? null);
  }

  private hour(code: string, p: SimParams, hour: number): Agg | undefined {
    const key = `${code}|h|${hour}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit ?? undefined;
    let agg: Agg | undefined;
    for (let m = hour * 60; m < hour * 60 + 60; m++) agg = merge(agg, simMinute(p, m));
    this.remember(key, agg);
    return agg;
  }

  private day(code: string, p: SimParams, day: number): Agg | undefined {
    const key = `${code}|d|${day}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit ?? undefined;
    let agg: Agg | undefined;
    for (let h = day * 24; h < day * 24 + 24; h++) agg = merge(agg, this.hour(code, p, h));
    this.remember(key, agg);
    return agg;
  }

  /** The aggregate of minutes [fromMinute, toMinute); the minute holding `nowMs` counts up to now. */
  aggregate(
    code: string,
    p: SimParams,
    fromMinute: number,
    toMinute: number,
    nowMs: number,
  ): Agg | undefined {
    const nowMinute = Math.floor(nowMs / minuteMs);
    const end = Math.min(toMinute, nowMinute + 1);
    let agg: Agg | undefined;
    let m = fromMinute;
    while (m < end) {
      if (m % 1440 === 0 && m + 1440 <= end && m + 1440 <= nowMinute) {
        agg = merge(agg, this.day(code, p, m / 1440));
        m += 1440;
      } else if (m % 60 === 0 && m + 60 <= end && m + 60 <= nowMinute) {
        agg = merge(agg, this.hour(code, p, m / 60));
        m += 60;
      } else {
        const lastSecond = m === nowMinute ? Math.floor((nowMs - m * minuteMs) / 1000) : 59;
        agg = merge(agg, simMinute(p, m, lastSecond));
        m += 1;
      }
    }
    return agg;
  }

  /** Period candles of the walk for the bucket starts in [firstStartMs, lastStartMs], oldest first. */
  buckets(
    code: string,
    p: SimParams,
    period: { ms: number; offsetMs: number },
    range: { firstStartMs: number; lastStartMs: number },
    nowMs: number,
  ): Bucket[] {
    const floorMinute = (Math.floor(nowMs / dayMs) - simHistoryDays) * 1440;
    const out: Bucket[] = [];
    for (let start = range.firstStartMs; start <= range.lastStartMs; start += period.ms) {
      const fromMinute = Math.max(start / minuteMs, floorMinute);
      const agg = this.aggregate(code, p, fromMinute, (start + period.ms) / minuteMs, nowMs);
      if (!agg) continue;
      out.push({
        startMs: start,
        open: BigInt(agg.open),
        high: BigInt(agg.high),
        low: BigInt(agg.low),
        close: BigInt(agg.close),
        volume: BigInt(agg.volume),
      });
    }
    return out;
  }
}
