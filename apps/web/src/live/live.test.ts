import { afterEach, describe, expect, it } from 'vitest';
import { compareDecimal, maxDecimal, minDecimal } from '@tradewind/contract/money';
import { parsePriceMessage, reconnectDelayMs, subscriptionFor, backoff } from './socket.ts';
import {
  acceptOnly,
  applyPrices,
  mergeSeries,
  nextTail,
  quoteOf,
  resetStore,
  subscribeQuote,
} from './store.ts';

const minute = 60_000;

describe('compareDecimal', () => {
  it.each([
    ['1.10', '1.1', 0],
    ['66378.57', '66378.56', 1],
    ['9.99', '10.00', -1],
    ['-0.05', '0.00', -1],
    ['-0.00', '0', 0],
    ['-2.5', '-2.40', -1],
    ['0.00000001', '0', 1],
    ['007.5', '7.50', 0],
  ] as const)('%s vs %s is %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
    expect(compareDecimal(b, a)).toBe(-expected || 0);
  });

  it('refuses what is not a decimal', () => {
    expect(() => compareDecimal('1e5', '1')).toThrow();
    expect(() => compareDecimal('1', 'NaN')).toThrow();
  });

  it('keeps the larger and smaller value as given', () => {
    expect(maxDecimal('68198.37', '68200.1')).toBe('68200.1');
    expect(minDecimal('65813.70', '65900')).toBe('65813.70');
  });
});

describe('reconnectDelayMs', () => {
  it('doubles up to the cap, with half of each step random', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(backoff.baseMs / 2);
    expect(reconnectDelayMs(0, () => 1)).toBe(backoff.baseMs);
    expect(reconnectDelayMs(3, () => 0)).toBe((backoff.baseMs * 8) / 2);
    expect(reconnectDelayMs(40, () => 1)).toBe(backoff.maxMs);
    expect(reconnectDelayMs(40, () => 0)).toBe(backoff.maxMs / 2);
  });
});

describe('parsePriceMessage', () => {
  it('ignores messages without a bracket (spec.md §7) and anything that is not a price array', () => {
    expect(parsePriceMessage('pong')).toBeNull();
    expect(parsePriceMessage('{"op":"hello"}')).toBeNull();
    expect(parsePriceMessage('{"a":[1]}')).toBeNull();
    expect(parsePriceMessage('[not json')).toBeNull();
    expect(parsePriceMessage(new ArrayBuffer(4))).toBeNull();
  });

  it('keeps the valid items of an array and drops the others', () => {
    const items = parsePriceMessage(
      JSON.stringify([
        { code: 'BTCUSDT', price: '66378.57', zdf: '-2.21', source: 'simulated', priceStatus: 'simulated' },
        { code: 'ETHUSDT', price: 3217.33, zdf: '0.10', source: 'simulated', priceStatus: 'simulated' },
        { code: 'XAUUSD', price: '2305.03', zdf: 'up' },
      ]),
    );
    expect(items).toEqual([
      { code: 'BTCUSDT', price: '66378.57', zdf: '-2.21', source: 'simulated', priceStatus: 'simulated' },
    ]);
  });
});

describe('subscriptionFor', () => {
  it('asks for the shown codes, for everything above the server bound, and for nothing when none are shown', () => {
    expect(subscriptionFor([])).toBeNull();
    expect(subscriptionFor(['BTCUSDT'])).toEqual({ op: 'sub', codes: ['BTCUSDT'] });
    const many = Array.from({ length: 201 }, (_, i) => `C${i}`);
    expect(subscriptionFor(many)).toEqual({ op: 'sub', codes: [] });
  });
});

describe('live store', () => {
  afterEach(() => resetStore());

  it('records the direction of each change and notifies only that code', () => {
    const seen: string[] = [];
    subscribeQuote('BTCUSDT', () => seen.push('BTCUSDT'));
    subscribeQuote('ETHUSDT', () => seen.push('ETHUSDT'));
    applyPrices(
      [{ code: 'BTCUSDT', price: '100.00', zdf: '1.00', source: 'simulated', priceStatus: 'simulated' }],
      0,
    );
    expect(quoteOf('BTCUSDT')?.direction).toBe(0);
    applyPrices(
      [{ code: 'BTCUSDT', price: '99.99', zdf: '0.99', source: 'simulated', priceStatus: 'simulated' }],
      1000,
    );
    expect(quoteOf('BTCUSDT')?.direction).toBe(-1);
    applyPrices(
      [{ code: 'BTCUSDT', price: '99.99', zdf: '0.99', source: 'simulated', priceStatus: 'simulated' }],
      2000,
    ); // unchanged: no notification
    applyPrices(
      [{ code: 'BTCUSDT', price: '100.5', zdf: '1.50', source: 'simulated', priceStatus: 'simulated' }],
      3000,
    );
    expect(quoteOf('BTCUSDT')?.direction).toBe(1);
    expect(seen).toEqual(['BTCUSDT', 'BTCUSDT', 'BTCUSDT']);
  });

  it('forgets and ignores codes outside a narrowed subscription', () => {
    applyPrices(
      [
        { code: 'BTCUSDT', price: '1', zdf: '0.00', source: 'simulated', priceStatus: 'simulated' },
        { code: 'AAPL', price: '2', zdf: '0.00', source: 'simulated', priceStatus: 'simulated' },
      ],
      0,
    );
    acceptOnly(new Set(['BTCUSDT']));
    expect(quoteOf('AAPL')).toBeUndefined();
    applyPrices(
      [{ code: 'AAPL', price: '3', zdf: '0.00', source: 'simulated', priceStatus: 'simulated' }],
      0,
    );
    expect(quoteOf('AAPL')).toBeUndefined();
    acceptOnly(undefined);
    applyPrices(
      [{ code: 'AAPL', price: '3', zdf: '0.00', source: 'simulated', priceStatus: 'simulated' }],
      0,
    );
    expect(quoteOf('AAPL')?.price).toBe('3');
  });

  it('keeps one tail point per minute, at most 100', () => {
    let tail = nextTail([], 10, '1');
    tail = nextTail(tail, 10, '2');
    tail = nextTail(tail, 11, '3');
    tail = nextTail(tail, 9, '0'); // late message from an earlier minute
    expect(tail).toEqual([
      { minute: 10, price: '2' },
      { minute: 11, price: '3' },
    ]);
    for (let m = 12; m < 300; m++) tail = nextTail(tail, m, String(m));
    expect(tail).toHaveLength(100);
    expect(tail.at(-1)).toEqual({ minute: 299, price: '299' });
  });
});

describe('mergeSeries', () => {
  const hundred = ['1', '2', '3'];
  it('replaces the fetch minute point and appends later minutes', () => {
    const fetchedAt = 10 * minute + 5_000;
    expect(mergeSeries(hundred, fetchedAt, undefined)).toBe(hundred);
    expect(mergeSeries(hundred, fetchedAt, [{ minute: 9, price: '9' }])).toEqual(hundred);
    expect(mergeSeries(hundred, fetchedAt, [{ minute: 10, price: '4' }])).toEqual(['1', '2', '4']);
    expect(
      mergeSeries(hundred, fetchedAt, [
        { minute: 10, price: '4' },
        { minute: 11, price: '5' },
      ]),
    ).toEqual(['1', '2', '4', '5']);
  });

  it('never draws more than 100 points', () => {
    const full = Array.from({ length: 100 }, (_, i) => String(i));
    const merged = mergeSeries(full, 0, [{ minute: 1, price: '100' }]);
    expect(merged).toHaveLength(100);
    expect(merged[0]).toBe('1');
    expect(merged.at(-1)).toBe('100');
  });
});
