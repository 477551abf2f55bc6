import { describe, expect, it } from 'vitest';
import { codes } from '@tradewind/contract';
import { AppError } from './errors.ts';
import { assertTermsHash, assertTermsUnchanged, canonicalJson, changedTerms, termsSha256 } from './terms.ts';

describe('terms shown against terms applied', () => {
  it('finds no change when every term is the same', () => {
    expect(changedTerms({ fee: 3_000_000n, sha: 'ab12' }, { fee: 3_000_000n, sha: 'ab12' })).toEqual([]);
    expect(() => assertTermsUnchanged({ fee: 0n }, { fee: 0n })).not.toThrow();
  });

  it('names each term that differs, one minor unit is enough', () => {
    expect(changedTerms({ fee: 3_000_000n, rate: 10n }, { fee: 3_000_001n, rate: 10n })).toEqual(['fee']);
    expect(changedTerms({ fee: 1n, sha: 'ab12' }, { fee: 2n, sha: 'ab13' })).toEqual(['fee', 'sha']);
  });

  it('refuses with 10112, HTTP 409, when anything changed', () => {
    let caught: unknown;
    try {
      assertTermsUnchanged({ dailyRate: 500n }, { dailyRate: 600n });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ code: codes.termsChanged, status: 409 });
  });

  it('allows a bigint term to move within its disclosed tolerance, both ways, and no further', () => {
    const tolerance = { price: 50n };
    expect(changedTerms({ price: 1_000n }, { price: 1_050n }, tolerance)).toEqual([]);
    expect(changedTerms({ price: 1_000n }, { price: 950n }, tolerance)).toEqual([]);
    expect(changedTerms({ price: 1_000n }, { price: 1_051n }, tolerance)).toEqual(['price']);
    expect(changedTerms({ price: 1_000n }, { price: 949n }, tolerance)).toEqual(['price']);
  });

  it('compares a string term exactly: a document hash in another case is another document', () => {
    expect(changedTerms({ sha: 'abcd' }, { sha: 'ABCD' })).toEqual(['sha']);
  });

  it('treats terms of different kinds or a negative tolerance as a programmer error', () => {
    expect(() => changedTerms({ fee: '3' }, { fee: 3n })).toThrow(/different kinds/);
    expect(() => changedTerms({ fee: 3n }, { fee: 3n }, { fee: -1n })).toThrow(/negative tolerance/);
  });
});

describe('termsSha256', () => {
  it('is SHA-256 over canonical JSON: keys sorted at every depth, no whitespace, arrays in order', () => {
    expect(canonicalJson({ b: '1', a: [2, { d: true, c: null }] })).toBe(
      '{"a":[2,{"c":null,"d":true}],"b":"1"}',
    );
    // sha256('{"a":"1"}'), computed independently: printf '{"a":"1"}' | sha256sum
    expect(termsSha256({ a: '1' })).toBe('9afeb0f2b203f254312ec8ded441d0318b7c34c57f8695ede42d2215a30c0960');
    expect(termsSha256({ x: '1', y: ['a', 'b'] })).toBe(termsSha256({ y: ['a', 'b'], x: '1' }));
    expect(termsSha256({ y: ['a', 'b'] })).not.toBe(termsSha256({ y: ['b', 'a'] }));
  });

  it('holds whole numbers only: a float term is a programmer error (money travels as decimal strings)', () => {
    expect(() => canonicalJson({ rate: 0.1 })).toThrow(/whole numbers/);
    expect(canonicalJson({ rate: '0.1' })).toBe('{"rate":"0.1"}');
  });

  it('refuses a hash that is not the one of the terms in force with 10112', () => {
    const terms = { fee: '0.001', leverages: [1, 2] };
    expect(() => assertTermsHash(termsSha256(terms), terms)).not.toThrow();
    expect(() => assertTermsHash(termsSha256(terms), { ...terms, leverages: [1, 2, 5] })).toThrow(AppError);
  });
});
