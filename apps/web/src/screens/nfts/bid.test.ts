import { describe, expect, it } from 'vitest';
import { checkBid } from './bid.ts';

describe('the bid check', () => {
  it('accepts the minimum next bid itself and anything above it, in wire form', () => {
    expect(checkBid('110', '110')).toEqual({ kind: 'ok', amount: '110' });
    expect(checkBid(' 110.500000 ', '110')).toEqual({ kind: 'ok', amount: '110.5' });
  });

  it('refuses a bid one unit below the minimum', () => {
    expect(checkBid('109.999999', '110')).toEqual({ kind: 'below' });
  });

  it('refuses what is not a positive USDT amount of at most 6 decimals', () => {
    for (const text of ['', 'abc', '-5', '0', '1.0000001', '1e3'])
      expect(checkBid(text, '1'), text).toEqual({ kind: 'invalid' });
  });
});
