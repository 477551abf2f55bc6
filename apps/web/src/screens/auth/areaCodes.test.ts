// The phone area code a new customer starts with comes from the browser's region, not a fixed +44.
import { describe, expect, it } from 'vitest';
import { areaCodes, defaultAreaCode } from './areaCodes.ts';

describe('defaultAreaCode', () => {
  it('takes the region of the first preferred language: en-US is +1, en-GB +44, de-AT +43', () => {
    expect(defaultAreaCode(['en-US'])).toBe('+1');
    expect(defaultAreaCode(['en-GB', 'en-US'])).toBe('+44');
    expect(defaultAreaCode(['de-AT'])).toBe('+43');
    expect(defaultAreaCode(['zh-TW'])).toBe('+886');
  });

  it("reads a language without a region as its likely region's (ja → Japan, ko → Korea)", () => {
    expect(defaultAreaCode(['ja'])).toBe('+81');
    expect(defaultAreaCode(['ko'])).toBe('+82');
  });

  it('skips a tag that is not a language tag, or a region not listed, for the next preferred language', () => {
    expect(defaultAreaCode(['not a tag', 'fr-FR'])).toBe('+33');
    expect(defaultAreaCode(['en-IE', 'es-MX'])).toBe('+52');
  });

  it('falls back to +44 when no preferred language names a listed region', () => {
    expect(defaultAreaCode([])).toBe('+44');
    expect(defaultAreaCode(['en-IE'])).toBe('+44');
  });

  it('lists each region once, so the default is one entry', () => {
    const regions = areaCodes.map(([, region]) => region);
    expect(new Set(regions).size).toBe(regions.length);
  });
});
