import { describe, expect, it } from 'vitest';
import type { MarketItem } from '@tradewind/contract';
import { nextSort, sortItems, turnover } from './sort.ts';

const item = (appName: string, nowPrice: string, zdf: string, volume24h: string): MarketItem => ({
  id: appName,
  code: appName.replace('/', ''),
  type: 2,
  etf: false,
  appName,
  name: appName,
  logo: '',
  price: nowPrice,
  nowPrice,
  zdf,
  hundred: [],
  source: 'simulated',
  priceStatus: 'simulated',
  high24h: nowPrice,
  low24h: nowPrice,
  volume24h,
  tradable: true,
});

const btc = item('BTC/USDT', '67000.10', '1.20', '100');
const eth = item('ETH/USDT', '3500.5', '-2.05', '5000');
const shib = item('SHIB/USDT', '0.00002', '10.00', '900000000000');
const list = [eth, shib, btc];
const codes = (items: MarketItem[]) => items.map((i) => i.code);

describe('market list sorting', () => {
  it('sorts by name in the locale, numbers inside names in order', () => {
    expect(codes(sortItems(list, { key: 'name', dir: 'asc' }, 'en'))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SHIBUSDT',
    ]);
  });

  it('sorts prices as decimals, not as text ("0.00002" is the smallest, "67000.10" the largest)', () => {
    expect(codes(sortItems(list, { key: 'price', dir: 'desc' }, 'en'))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SHIBUSDT',
    ]);
  });

  it('sorts by the 24 h change with its sign', () => {
    expect(codes(sortItems(list, { key: 'change', dir: 'asc' }, 'en'))).toEqual([
      'ETHUSDT',
      'BTCUSDT',
      'SHIBUSDT',
    ]);
  });

  it('sorts by turnover (volume × price), so a billion cheap coins do not outrank a few dear ones', () => {
    expect(turnover(eth)).toBe('17502500');
    expect(turnover(shib)).toBe('18000000');
    expect(codes(sortItems(list, { key: 'volume', dir: 'desc' }, 'en'))).toEqual([
      'SHIBUSDT',
      'ETHUSDT',
      'BTCUSDT',
    ]);
  });

  it('keeps the catalogue order without a sort, and flips a column on a second click', () => {
    expect(codes(sortItems(list, undefined, 'en'))).toEqual(['ETHUSDT', 'SHIBUSDT', 'BTCUSDT']);
    expect(nextSort(undefined, 'price')).toEqual({ key: 'price', dir: 'desc' });
    expect(nextSort({ key: 'price', dir: 'desc' }, 'price')).toEqual({ key: 'price', dir: 'asc' });
    expect(nextSort({ key: 'price', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
  });
});
