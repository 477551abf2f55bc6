// The request bounds of common.ts at their edges: ids a JS number holds exactly, amounts a bigint holds at
// the asset's scale, and text without NUL. One past each edge is what used to reach the database as a 500.
import { describe, expect, it } from 'vitest';
import { amountString, idString, text } from './common.ts';
import { fitsMinor, minorMax, usdtScale } from './money.ts';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('idString', () => {
  it('accepts ids up to 2^53 − 1, the largest a JS number holds exactly', () => {
    expect(accepts(idString, '1')).toBe(true);
    expect(accepts(idString, '9007199254740991')).toBe(true);
  });

  it('refuses 2^53, 20-digit ids, signs, decimals and the empty string', () => {
    for (const v of ['9007199254740992', '99999999999999999999', '9223372036854775807', '-1', '1.0', ''])
      expect(accepts(idString, v), v).toBe(false);
  });
});

describe('amountString', () => {
  const usdt = amountString(usdtScale);

  it('accepts the largest USDT amount a bigint of micro-units holds, and refuses one unit more', () => {
    expect(accepts(usdt, '9223372036854.775807')).toBe(true);
    expect(accepts(usdt, '9223372036854.775808')).toBe(false);
    expect(accepts(usdt, '99999999999999999999')).toBe(false);
  });

  it('refuses more decimals than the asset has rather than rounding', () => {
    expect(accepts(usdt, '1.123456')).toBe(true);
    expect(accepts(usdt, '1.1234567')).toBe(false);
  });

  it('refuses a sign unless signed, zero when positive, and exponents always', () => {
    expect(accepts(usdt, '-1')).toBe(false);
    expect(accepts(amountString(usdtScale, { signed: true }), '-9223372036854.775807')).toBe(true);
    expect(accepts(amountString(usdtScale, { signed: true }), '-9223372036854.775808')).toBe(false);
    expect(accepts(amountString(usdtScale, { positive: true }), '0.000')).toBe(false);
    expect(accepts(amountString(usdtScale, { positive: true }), '0.000001')).toBe(true);
    expect(accepts(usdt, '1e3')).toBe(false);
  });

  it('bounds by the scale: 18 decimals leave room for 9.22 whole units', () => {
    const wei = amountString(18);
    expect(accepts(wei, '9.223372036854775807')).toBe(true);
    expect(accepts(wei, '9.223372036854775808')).toBe(false);
  });
});

describe('fitsMinor', () => {
  it('is true from −(2^63 − 1) to 2^63 − 1 and false outside', () => {
    expect(fitsMinor(minorMax)).toBe(true);
    expect(fitsMinor(-minorMax)).toBe(true);
    expect(fitsMinor(minorMax + 1n)).toBe(false);
    expect(fitsMinor(-minorMax - 1n)).toBe(false);
  });
});

describe('text', () => {
  it('refuses a NUL anywhere and keeps every other character', () => {
    const reason = text().trim().min(1).max(50);
    expect(accepts(reason, 'a\u0000b')).toBe(false);
    expect(accepts(reason, '\u0000')).toBe(false);
    expect(reason.parse('  émigré ✓ \u0001 ')).toBe('émigré ✓ \u0001');
  });
});
