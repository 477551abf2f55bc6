import { describe, expect, it } from 'vitest';
import { requestTimeoutMs, toQueryString } from './client.ts';

describe('toQueryString', () => {
  it('serializes arrays as repeated keys (spec.md §7)', () => {
    expect(toQueryString({ codes: ['BTCUSDT', 'ETHUSDT'], page: 1 })).toBe(
      '?codes=BTCUSDT&codes=ETHUSDT&page=1',
    );
  });

  it('leaves out null and undefined values and encodes the rest', () => {
    expect(toQueryString({ keyword: 'a b&c', status: undefined, kind: null, open: false })).toBe(
      '?keyword=a+b%26c&open=false',
    );
  });

  it('answers an empty string when nothing is left', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: undefined, b: [] })).toBe('');
  });
});

it('times requests out after 90 seconds (spec.md §7)', () => {
  expect(requestTimeoutMs).toBe(90_000);
});
