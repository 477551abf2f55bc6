// Moving averages drawn over the K-line chart. Numbers for drawing only (chartNumber.ts says why): a line's
// position, never an amount or a decision. Each result is aligned with its input: undefined until the
// window is full.

/** `colour`: told apart from the candles' green and red, in both themes. */
export type Overlay = { id: string; kind: 'ma' | 'ema'; length: number; colour: string };

/** The overlays the chart offers as chips. */
export const overlays: readonly Overlay[] = [
  { id: 'ma20', kind: 'ma', length: 20, colour: '#f59e0b' },
  { id: 'ma50', kind: 'ma', length: 50, colour: '#8b5cf6' },
  { id: 'ema20', kind: 'ema', length: 20, colour: '#06b6d4' },
  { id: 'ema50', kind: 'ema', length: 50, colour: '#ec4899' },
];

/** On when the page opens: one average, so the candles stay the main thing. */
export const defaultOverlays: readonly string[] = ['ma20'];

/** Simple moving average over `length` values (a running sum, so one pass). */
export function sma(values: readonly number[], length: number): Array<number | undefined> {
  const out: Array<number | undefined> = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] ?? 0;
    if (i >= length) sum -= values[i - length] ?? 0;
    out.push(i >= length - 1 ? sum / length : undefined);
  }
  return out;
}

/** Exponential moving average, k = 2 / (length + 1), seeded with the SMA of the first `length` values. */
export function ema(values: readonly number[], length: number): Array<number | undefined> {
  const out: Array<number | undefined> = [];
  const k = 2 / (length + 1);
  let prev: number | undefined;
  let seed = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    if (prev === undefined) {
      seed += v;
      if (i === length - 1) prev = seed / length;
      out.push(prev);
      continue;
    }
    prev = v * k + prev * (1 - k);
    out.push(prev);
  }
  return out;
}

export function overlayValues(overlay: Overlay, closes: readonly number[]): Array<number | undefined> {
  return overlay.kind === 'ma' ? sma(closes, overlay.length) : ema(closes, overlay.length);
}
