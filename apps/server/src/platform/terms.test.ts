import { describe, expect, it } from 'vitest';
import { codes } from '@tradewind/contract';
import { AppError } from './errors.ts';
import { assertTermsUnchanged, changedTerms } from './terms.ts';

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
