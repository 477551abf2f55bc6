import { describe, expect, it } from 'vitest';
import {
  coinEstimate,
  decimalSeparatorOf,
  formatMinor,
  isLess,
  normalizeAmountInput,
  parseMinor,
  usdtValue,
} from './decimal.ts';

describe('parseMinor / formatMinor', () => {
  it('reads decimals into minor units and back without floats', () => {
    expect(parseMinor('1250.5', 6)).toBe(1_250_500_000n);
    expect(parseMinor('0.000001', 6)).toBe(1n);
    expect(formatMinor(1_250_500_000n, 6)).toBe('1250.5');
    expect(formatMinor(-5n, 6)).toBe('-0.000005');
    expect(formatMinor(7n, 0)).toBe('7');
  });

  it('refuses more decimals than the scale, signs, exponents and empty text', () => {
    expect(parseMinor('0.0000001', 6)).toBeUndefined();
    expect(parseMinor('-1', 6)).toBeUndefined();
    expect(parseMinor('1e3', 6)).toBeUndefined();
    expect(parseMinor('', 6)).toBeUndefined();
    expect(parseMinor('.5', 6)).toBeUndefined();
  });
});

describe('coinEstimate', () => {
  it('divides exactly and rounds up in the coin decimals like the server', () => {
    expect(coinEstimate('150', '1', 6)).toBe('150');
    expect(coinEstimate('150', '65000', 8)).toBe('0.0023077');
    expect(coinEstimate('100', '3000', 18)).toBe('0.033333333333333334');
    // 0.1 + 0.2 style float traps do not exist here.
    expect(coinEstimate('0.3', '0.1', 6)).toBe('3');
  });

  it('has no estimate for invalid input or a zero rate', () => {
    expect(coinEstimate('abc', '1', 6)).toBeUndefined();
    expect(coinEstimate('10', '0', 6)).toBeUndefined();
  });
});

describe('usdtValue', () => {
  it('values a coin amount at the rate, rounded up to the USDT minor unit', () => {
    expect(usdtValue('0.015', '65000', 8)).toBe('975');
    expect(usdtValue('0.2', '3000', 18)).toBe('600');
    expect(usdtValue('0.00000001', '65000', 8)).toBe('0.00065');
  });
});

describe('isLess', () => {
  it('compares at one scale', () => {
    expect(isLess('119.999999', '120', 6)).toBe(true);
    expect(isLess('120', '120', 6)).toBe(false);
    expect(isLess('x', '120', 6)).toBeUndefined();
  });
});

describe('normalizeAmountInput', () => {
  it('reads a decimal comma only where the locale writes one', () => {
    expect(normalizeAmountInput(' 150,5 ', decimalSeparatorOf('de'))).toBe('150.5');
    expect(normalizeAmountInput('1,000', decimalSeparatorOf('en'))).toBe('1,000');
    expect(parseMinor(normalizeAmountInput('1,000', '.'), 6)).toBeUndefined();
    expect(normalizeAmountInput('١٢٠٫٥', decimalSeparatorOf('ar'))).toBe('120.5');
  });
});
