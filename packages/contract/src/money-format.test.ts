// The display rules of money (money-format.ts), context by context, in English and the locales whose
// grouping and decimal signs differ.
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money-format.ts';

describe('amount: balances and listed amounts', () => {
  it('shows 2 decimals, grouped, whatever the server sent', () => {
    expect(formatMoney('2500', 'en')).toBe('2,500.00');
    expect(formatMoney('99871.4', 'en')).toBe('99,871.40');
    expect(formatMoney('1250.123456', 'en')).toBe('1,250.12');
    expect(formatMoney('0', 'en')).toBe('0.00');
  });

  it('rounds toward zero: a balance never reads as more than is there', () => {
    expect(formatMoney('0.999999', 'en')).toBe('0.99');
    expect(formatMoney('-12.349', 'en')).toBe('-12.34');
  });

  it('shows the digits of a non-zero amount under a cent instead of 0.00', () => {
    expect(formatMoney('0.004', 'en')).toBe('0.004');
    expect(formatMoney('-0.000001', 'en')).toBe('-0.000001');
    expect(formatMoney('0.01', 'en')).toBe('0.01');
  });

  it('signs credits when asked, as a list of movements does', () => {
    expect(formatMoney('150', 'en', 'amount', { signed: true })).toBe('+150.00');
    expect(formatMoney('-2500.5', 'en', 'amount', { signed: true })).toBe('-2,500.50');
    expect(formatMoney('0', 'en', 'amount', { signed: true })).toBe('0.00');
  });

  it('groups and marks decimals as each locale does', () => {
    expect(formatMoney('2500', 'de')).toBe('2.500,00');
    expect(formatMoney('1234567.5', 'fr')).toBe('1\u202f234\u202f567,50');
    expect(formatMoney('2500', 'ja')).toBe('2,500.00');
    expect(formatMoney('2500', 'ar')).toBe(
      new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(2500),
    );
  });
});

describe('exact: confirm steps and record details', () => {
  it('keeps every digit the server sent, at least 2, at most the scale', () => {
    expect(formatMoney('1250.123456', 'en', 'exact')).toBe('1,250.123456');
    expect(formatMoney('1250.5', 'en', 'exact')).toBe('1,250.50');
    expect(formatMoney('0.00012345', 'en', 'exact', { scale: 8 })).toBe('0.00012345');
  });
});

describe('pnl: profit and loss', () => {
  it('has 2 decimals and a sign, rounded to the nearest cent', () => {
    expect(formatMoney('3.1', 'en', 'pnl')).toBe('+3.10');
    expect(formatMoney('-0.355', 'en', 'pnl')).toBe('-0.36');
    expect(formatMoney('1234.5678', 'en', 'pnl')).toBe('+1,234.57');
    expect(formatMoney('+2.5', 'en', 'pnl')).toBe('+2.50');
  });

  it('gives no sign to a result that rounds to zero', () => {
    expect(formatMoney('0', 'en', 'pnl')).toBe('0.00');
    expect(formatMoney('-0.004', 'en', 'pnl')).toBe('0.00');
  });
});

describe('price', () => {
  it('keeps the decimals the feed sent, grouped', () => {
    expect(formatMoney('60310.00', 'en', 'price')).toBe('60,310.00');
    expect(formatMoney('1.0850', 'de', 'price')).toBe('1,0850');
  });
});

describe('anything else', () => {
  it('is answered as it came, never as NaN', () => {
    expect(formatMoney('', 'en')).toBe('');
    expect(formatMoney('abc', 'en')).toBe('abc');
    expect(formatMoney('1e5', 'en')).toBe('1e5');
  });
});
