// The zod-free check of a live-price item gives the schema's answer, for valid items and for each way an
// item can be wrong: the customer app and the server must never disagree on what a price item is.
import { describe, expect, it } from 'vitest';
import { parseWsPriceItem, wsSubscriptionMax } from './live.ts';
import { priceSource, wsClientMessage, wsPriceItem } from './market.ts';
import { priceSources } from './wire.ts';

const valid = {
  code: 'BTCUSDT',
  price: '64250.12',
  zdf: '-1.25',
  source: 'simulated',
  priceStatus: 'simulated',
};

const items: Record<string, unknown> = {
  valid,
  live: { ...valid, source: 'live', priceStatus: 'live' },
  stale: { ...valid, source: 'live', priceStatus: 'stale', priceAt: 1_764_000_000_000 },
  'integer price': { ...valid, price: '1' },
  'negative price': { ...valid, price: '-0.5' },
  '18 decimals': { ...valid, price: '0.000000000000000001' },
  '20 integer digits': { ...valid, price: '12345678901234567890' },
  'zero change': { ...valid, zdf: '0.00' },
  'unknown keys (dropped)': { ...valid, extra: 1, __proto__: { inherited: true } },
  'price as a number': { ...valid, price: 64250.12 },
  'price with an exponent': { ...valid, price: '6.4e4' },
  'price with 19 decimals': { ...valid, price: '0.0000000000000000001' },
  'price with 21 integer digits': { ...valid, price: '123456789012345678901' },
  'price with a plus sign': { ...valid, price: '+1' },
  'price with a trailing dot': { ...valid, price: '1.' },
  'empty price': { ...valid, price: '' },
  'price with spaces': { ...valid, price: ' 1' },
  'change with one decimal': { ...valid, zdf: '1.2' },
  'change without decimals': { ...valid, zdf: '1' },
  'change as a number': { ...valid, zdf: -1.25 },
  'unknown source': { ...valid, source: 'real' },
  'unknown status': { ...valid, priceStatus: 'fresh' },
  'no status': { code: valid.code, price: valid.price, zdf: valid.zdf, source: valid.source },
  'priceAt as text': { ...valid, priceAt: '1764000000000' },
  'priceAt with a fraction': { ...valid, priceAt: 1.5 },
  'no source': { code: valid.code, price: valid.price, zdf: valid.zdf },
  'no code': { price: valid.price, zdf: valid.zdf, source: valid.source },
  'code as a number': { ...valid, code: 42 },
  null: null,
  'an array': [valid],
  'a string': JSON.stringify(valid),
  'a number': 1,
};

describe('parseWsPriceItem', () => {
  for (const [name, value] of Object.entries(items)) {
    it(`answers like wsPriceItem for ${name}`, () => {
      const parsed = wsPriceItem.safeParse(value);
      expect(parseWsPriceItem(value)).toEqual(parsed.success ? parsed.data : null);
    });
  }

  it('accepts the valid samples and refuses the others (the table above covers both)', () => {
    const accepted = Object.keys(items).filter((name) => parseWsPriceItem(items[name]) !== null);
    expect(accepted).toEqual([
      'valid',
      'live',
      'stale',
      'integer price',
      'negative price',
      '18 decimals',
      '20 integer digits',
      'zero change',
      'unknown keys (dropped)',
    ]);
  });

  it('knows the same price sources as the schema', () => {
    expect([...priceSources].sort()).toEqual([...priceSource.options].sort());
  });

  it('bounds a subscription by the same number as the schema', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `C${i}`);
    expect(wsClientMessage.safeParse({ op: 'sub', codes: codes(wsSubscriptionMax) }).success).toBe(true);
    expect(wsClientMessage.safeParse({ op: 'sub', codes: codes(wsSubscriptionMax + 1) }).success).toBe(false);
  });
});
