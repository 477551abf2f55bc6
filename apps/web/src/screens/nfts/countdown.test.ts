import { describe, expect, it } from 'vitest';
import { clockText, remainingUntil } from './countdown.ts';

describe('the auction clock', () => {
  it('splits the time left into days and a clock, rounded down to the second', () => {
    const left = ((2 * 24 + 5) * 3600 + 7 * 60 + 9) * 1000 + 999;
    const remaining = remainingUntil(1_000_000 + left, 1_000_000);
    expect(remaining).toEqual({ days: 2, hours: 5, minutes: 7, seconds: 9, ended: false });
    expect(clockText(remaining)).toBe('05:07:09');
  });

  it('is ended at the end and after it, never negative', () => {
    expect(remainingUntil(5000, 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
    expect(clockText(remainingUntil(5000, 9000))).toBe('00:00:00');
  });

  it('is not ended in its last millisecond', () => {
    expect(remainingUntil(5000, 4999).ended).toBe(false);
  });
});
