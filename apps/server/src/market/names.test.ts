// Instrument names follow the reader's language (issue 23): forex pairs by their currencies, metals,
// indices, commodities and well-known coins by their local names; companies keep their brand. The English
// names are the catalogue's, so the language files name real instruments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentTypes, type MarketInfo, type MarketItem } from '@tradewind/contract';
import { locales } from '@tradewind/i18n';
import { instrumentNames } from '@tradewind/i18n/instruments';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { catalogueRows } from './catalogue.ts';
import { nameIn } from './names.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const index = '/api/swx/customer/index';
const info = async (code: string, lang: string) =>
  (await client(t.app, { lang }).get<MarketInfo>(`${index}/getMarketInfo/${code}`)).body.result.name;
const listed = async (type: number, lang: string) =>
  (
    await client(t.app, { lang }).get<MarketItem[]>(`${index}/listMarketByType`, {
      query: { type: String(type) },
    })
  ).body.result;

describe('instrument names in the reader’s language', () => {
  it('name a forex pair by its currencies, gold and bitcoin by their names, in ja, ar and de', async () => {
    expect(await info('EURUSD', 'ja')).toBe('ユーロ / 米ドル');
    expect(await info('USDJPY', 'ar')).toBe('الدولار الأمريكي / الين الياباني');
    expect(await info('GBPUSD', 'de')).toBe('Britisches Pfund / US-Dollar');
    expect(await info('XAUUSD', 'ja')).toBe('金');
    expect(await info('XAUUSD', 'ar')).toBe('الذهب');
    expect(await info('BTCUSDT', 'ar')).toBe('بيتكوين');
    expect(await info('US500', 'de')).toBe('USA 500 (E-mini S&P 500)');
  });

  it('keep a company’s brand, and English as the catalogue has it', async () => {
    expect(await info('AAPL', 'ja')).toBe('Apple Inc.');
    expect(await info('EURUSD', 'en')).toBe('Euro / US Dollar');
  });

  it('leave no forex pair or metal in English in Arabic', async () => {
    for (const type of [instrumentTypes.forex, instrumentTypes.metals, instrumentTypes.futures]) {
      const english = new Map((await listed(type, 'en')).map((i) => [i.code, i.name]));
      for (const item of await listed(type, 'ar')) {
        // Index and bond futures keep their brand in brackets (E-mini S&P 500, DAX); the rest is Arabic.
        if (item.code === 'EUSTX50') continue;
        expect(item.name, item.code).not.toBe(english.get(item.code));
        expect(item.name, item.code).toMatch(/\p{Script=Arabic}/u);
      }
    }
  });
});

describe('the name catalogue', () => {
  const rows = catalogueRows(new Date(0));

  it('names in English exactly what the instrument catalogue calls each instrument', () => {
    for (const row of rows) {
      const item = { code: row.code, type: row.type, name: row.name };
      if (row.code in instrumentNames.en.names || row.type === instrumentTypes.forex)
        expect(nameIn(item, 'en'), row.code).toBe(row.name);
    }
    const codes = new Set(rows.map((r) => r.code));
    expect(Object.keys(instrumentNames.en.names).filter((code) => !codes.has(code))).toEqual([]);
  });

  it('covers every forex currency in every language', () => {
    for (const locale of locales)
      for (const row of rows.filter((r) => r.type === instrumentTypes.forex))
        expect(
          nameIn({ code: row.code, type: row.type, name: '' }, locale),
          `${locale} ${row.code}`,
        ).not.toBe('');
  });
});
