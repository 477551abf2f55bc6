import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clientCodes, request, toQueryString } from './client.ts';

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

describe('the request timeout (spec.md §7: 90 seconds)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  // A server that never answers: the request settles only when its signal aborts.
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

  it('is still waiting a moment before 90 s, and fails as a timeout at 90 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    let settled: unknown;
    const pending = request('GET', '/slow').then(
      () => (settled = 'answered'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(89_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBeInstanceOf(ApiError);
    expect((settled as ApiError).code).toBe(clientCodes.timeout);
  });
});
