// K-line data for the chart: the newest candle moved along by live ticks, and the readout's change.
import type { Candle, KlinePeriod } from '@tradewind/contract';
import {
  formatMinor,
  isDecimal,
  maxDecimal,
  minDecimal,
  roundHalfEven,
  tryParseDecimal,
} from '@tradewind/contract/money';

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

/**
 * The wire candle after a live tick, in decimal strings (the readout shows prices from these, never from the
 * drawn numbers): the same candle with a new close, high or low while the tick is inside its period, else
 * a new candle at the period's start. Undefined: a tick older than the candle, or no candle yet.
 */
export function candleWithTick(
  last: Candle | undefined,
  spanMs: number,
  price: string,
  atMs: number,
): Candle | undefined {
  if (!last || !isDecimal(price) || atMs < last.time) return undefined;
  if (atMs < last.time + spanMs) {
    return { ...last, high: maxDecimal(last.high, price), low: minDecimal(last.low, price), close: price };
  }
  const time = last.time + Math.floor((atMs - last.time) / spanMs) * spanMs;
  return { time, open: price, high: price, low: price, close: price, volume: '0' };
}

/**
 * (close − open) / open in percent with two decimals, half-even, in bigint: "1.25", "-0.40". Undefined
 * when a price is not a decimal or the open is not positive.
 */
export function changePercent(open: string, close: string): string | undefined {
  const scale = Math.max(decimals(open), decimals(close));
  const o = tryParseDecimal(open, scale);
  const c = tryParseDecimal(close, scale);
  if (o === undefined || c === undefined || o <= 0n) return undefined;
  const hundredths = roundHalfEven((c - o) * 10_000n, o);
  return formatMinor(hundredths, 2, 2);
}

const decimals = (text: string) => text.split('.')[1]?.length ?? 0;
