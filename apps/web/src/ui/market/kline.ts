// K-line data for the chart: wire candles to chart bars, and the newest bar moved along by live ticks.
import type { Candle, KlinePeriod } from '@tradewind/contract';
import { toChartNumber } from './chartNumber.ts';

export const periodMs: Record<KlinePeriod, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/** A candle for drawing; `time` stays epoch ms (the chart's own time is derived where it is set). */
export type Bar = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

export function toBars(candles: readonly Candle[]): Bar[] {
  return candles.map((c) => ({
    time: c.time,
    open: toChartNumber(c.open),
    high: toChartNumber(c.high),
    low: toChartNumber(c.low),
    close: toChartNumber(c.close),
    volume: toChartNumber(c.volume),
  }));
}

/**
 * The newest bar after a live tick at `atMs`: the same bar with a new close (and high or low) while the
 * tick falls inside its period, else a new bar opening at the tick's period start. Undefined: nothing to
 * draw (no bar yet, or a tick older than the newest bar).
 */
export function barWithTick(
  last: Bar | undefined,
  spanMs: number,
  price: number,
  atMs: number,
): Bar | undefined {
  if (!last || !Number.isFinite(price) || atMs < last.time) return undefined;
  if (atMs < last.time + spanMs) {
    return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
  }
  const start = last.time + Math.floor((atMs - last.time) / spanMs) * spanMs;
  return { time: start, open: price, high: price, low: price, close: price, volume: 0 };
}
