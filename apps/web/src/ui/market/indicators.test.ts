import { describe, expect, it } from 'vitest';
import { ema, sma } from './indicators.ts';

describe('moving averages', () => {
  it('SMA is undefined until the window is full, then the mean of the last n closes', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('SMA of a window longer than the series draws nothing', () => {
    expect(sma([1, 2], 3)).toEqual([undefined, undefined]);
  });

  it('EMA starts at the SMA of its first window and then weighs recent closes by 2 / (n + 1)', () => {
    const out = ema([2, 4, 6, 8], 3);
    expect(out.slice(0, 2)).toEqual([undefined, undefined]);
    expect(out[2]).toBe(4);
    expect(out[3]).toBeCloseTo(8 * 0.5 + 4 * 0.5);
  });

  it('EMA of a constant series is the constant', () => {
    expect(ema([5, 5, 5, 5, 5], 2).slice(1)).toEqual([5, 5, 5, 5]);
  });
});
