import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@tradewind/contract';
import { ApiError, clientCodes, request, toQueryString } from './client.ts';
import { session } from '../app/session.ts';

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

describe('a 401 while signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.signOut();
  });

  const answering = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));
  const customer: UserInfo = {
    id: '7',
    userName: 'someone',
    email: 'someone@example.com',
    areaCode: null,
    phone: null,
    status: 1,
    kycStatus: 0,
    inviteCode: 'ABCD1234',
    createdAt: 0,
  };

  it('keeps the session when it asks for the second factor (10113), and ends it otherwise', async () => {
    session.signIn('token-1', customer);
    const askCode = { code: '10113', message: 'Enter the code', result: { secondFactor: ['totp'] } };
    vi.stubGlobal('fetch', answering(401, askCode));
    await expect(request('POST', '/swx/customer/user/withdrawal', { body: {} })).rejects.toMatchObject({
      code: '10113',
    });
    expect(session.token()).toBe('token-1');

    vi.stubGlobal('fetch', answering(401, { code: '401', message: 'Please log in again', result: null }));
    await expect(request('POST', '/swx/customer/user/getUserInfo')).rejects.toBeInstanceOf(ApiError);
    expect(session.token()).toBeNull();
  });
});
