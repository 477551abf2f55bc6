import { describe, expect, it } from 'vitest';
import { displayTxHash, normalizeTxHash, spreadRateMinor } from './deposit-rules.ts';

const hash = 'aB'.repeat(32);

describe('normalizeTxHash', () => {
  it('spells an Ethereum hash once: lower case, without 0x, whichever prefix and case it came in', () => {
    for (const typed of [hash, `0x${hash}`, `0X${hash.toUpperCase()}`, ` ${hash} `]) {
      expect(normalizeTxHash('ethereum', typed)).toBe(hash.toLowerCase());
    }
    expect(displayTxHash('ethereum', hash.toLowerCase())).toBe(`0x${hash.toLowerCase()}`);
  });

  it('refuses 0x on TRON and Bitcoin, and anything that is not 64 hex digits', () => {
    expect(normalizeTxHash('tron', hash.toUpperCase())).toBe(hash.toLowerCase());
    expect(normalizeTxHash('tron', `0x${hash}`)).toBeUndefined();
    expect(normalizeTxHash('bitcoin', `0x${hash}`)).toBeUndefined();
    expect(normalizeTxHash('bitcoin', hash.slice(1))).toBeUndefined();
    expect(normalizeTxHash('ethereum', `${hash.slice(1)}g`)).toBeUndefined();
    expect(displayTxHash('bitcoin', hash.toLowerCase())).toBe(hash.toLowerCase());
  });
});

describe('spreadRateMinor', () => {
  it('takes the spread off the price and rounds down', () => {
    expect(spreadRateMinor(67_012_340000n, 0)).toBe(67_012_340000n);
    // 67012.34 × 0.985 = 66007.1549
    expect(spreadRateMinor(67_012_340000n, 150)).toBe(66_007_154900n);
    expect(spreadRateMinor(3n, 1)).toBe(2n);
  });

  it('refuses a spread outside 0..500 bps and a price that is not positive', () => {
    expect(() => spreadRateMinor(1_000000n, 501)).toThrow(RangeError);
    expect(() => spreadRateMinor(1_000000n, -1)).toThrow(RangeError);
    expect(() => spreadRateMinor(1_000000n, 1.5)).toThrow(RangeError);
    expect(() => spreadRateMinor(0n, 0)).toThrow(RangeError);
  });
});
