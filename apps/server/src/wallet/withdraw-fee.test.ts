import { describe, expect, it } from 'vitest';
import { parseFeeRatePpm, withdrawalFeeMinor } from './withdraw-fee.ts';

describe('withdrawal fee', () => {
  it('reads the rate as a decimal into millionths', () => {
    expect(parseFeeRatePpm('0.01')).toBe(10_000);
    expect(parseFeeRatePpm('0')).toBe(0);
    expect(parseFeeRatePpm('0.000001')).toBe(1);
  });

  it('refuses rates of 1 or more, negative ones, more than 6 decimals and text', () => {
    for (const bad of ['1', '1.5', '-0.01', '0.0000001', 'abc', '1e-2', ''])
      expect(parseFeeRatePpm(bad)).toBeUndefined();
  });

  it('is the amount times the rate, rounded half to even in minor units', () => {
    expect(withdrawalFeeMinor(30_000_000n, 10_000, 0n)).toBe(300_000n); // 30 USDT at 1 % → 0.3
    expect(withdrawalFeeMinor(50n, 10_000, 0n)).toBe(0n); // 0.5 of a minor unit → 0 (even)
    expect(withdrawalFeeMinor(150n, 10_000, 0n)).toBe(2n); // 1.5 → 2 (even)
    expect(withdrawalFeeMinor(250n, 10_000, 0n)).toBe(2n); // 2.5 → 2 (even)
    expect(withdrawalFeeMinor(251n, 10_000, 0n)).toBe(3n);
    expect(withdrawalFeeMinor(123_456_789n, 0, 0n)).toBe(0n);
  });

  it('is never below the minimum fee, and the rate applies above it', () => {
    const oneUsdt = 1_000_000n;
    expect(withdrawalFeeMinor(1n, 10_000, oneUsdt)).toBe(oneUsdt); // dust pays the floor, not 0
    expect(withdrawalFeeMinor(30_000_000n, 10_000, oneUsdt)).toBe(oneUsdt); // 0.3 → 1
    expect(withdrawalFeeMinor(100_000_000n, 10_000, oneUsdt)).toBe(oneUsdt); // exactly 1 either way
    expect(withdrawalFeeMinor(100_000_050n, 10_000, oneUsdt)).toBe(oneUsdt); // 1.0000005 → 1.000000 (even)
    expect(withdrawalFeeMinor(100_000_150n, 10_000, oneUsdt)).toBe(oneUsdt + 2n); // 1.0000015 → 1.000002
    expect(withdrawalFeeMinor(500_000_000n, 0, oneUsdt)).toBe(oneUsdt); // a zero rate still pays the floor
  });
});
