// Messages in the request's language: every locale's own server.json text comes back for a failing call.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '@tradewind/i18n/locales';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';

type Catalogue = { codes: Record<string, string>; fields: Record<string, string> };
const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/i18n/locales',
);
const catalogue = (locale: string): Catalogue =>
  JSON.parse(readFileSync(path.join(localesDir, locale, 'server.json'), 'utf8')) as Catalogue;
const english = catalogue('en');

let t: TestApp;
let taken: string;
beforeAll(async () => {
  t = await startTestApp();
  taken = (await registerUser(t, 'polyglot')).userName;
});
afterAll(async () => t.close());

const base = '/api/swx/customer/login';

describe.each(locales.map((l) => [l]))('Accept-Language: %s', (locale) => {
  const own = catalogue(locale);

  it('answers a taken user name (10006) in its own words', async () => {
    const res = await client(t.app, { lang: locale }).get(`${base}/checkUserNameOrPhone`, {
      query: { userName: taken },
    });
    expect(res.body.code).toBe('10006');
    expect(res.body.message).toBe(own.codes['10006']);
    if (locale !== 'en') expect(res.body.message).not.toBe(english.codes['10006']);
  });

  it('answers a missing token (401) in its own words', async () => {
    const res = await client(t.app, { lang: locale }).post('/api/swx/customer/user/getUserInfo');
    expect(res.body.message).toBe(own.codes['401']);
    if (locale !== 'en') expect(res.body.message).not.toBe(english.codes['401']);
  });

  it('names a missing field in its own words', async () => {
    const res = await client(t.app, { lang: locale }).post(`${base}/login`, {
      body: { userName: 'someone' },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { password: own.fields.required } });
    if (locale !== 'en') expect(own.fields.required).not.toBe(english.fields.required);
  });
});

describe('language negotiation', () => {
  const messageFor = async (header: string) =>
    (
      await client(t.app, { lang: header }).get(`${base}/checkUserNameOrPhone`, {
        query: { userName: taken },
      })
    ).body.message;

  it('picks the base language of a regional tag', async () => {
    expect(await messageFor('de-CH, de;q=0.9, en;q=0.5')).toBe(catalogue('de').codes['10006']);
  });

  it('picks traditional Chinese for zh-Hant and zh-HK, simplified for plain zh', async () => {
    expect(await messageFor('zh-Hant-TW')).toBe(catalogue('zh-TW').codes['10006']);
    expect(await messageFor('zh-HK')).toBe(catalogue('zh-TW').codes['10006']);
    expect(await messageFor('zh')).toBe(catalogue('zh-CN').codes['10006']);
  });

  it('honours q-values', async () => {
    expect(await messageFor('fr;q=0.4, ja;q=0.8')).toBe(catalogue('ja').codes['10006']);
  });

  it('falls back to English for a language it does not speak', async () => {
    expect(await messageFor('sw-KE')).toBe(english.codes['10006']);
  });

  it('localizes success messages too (10028)', async () => {
    const res = await client(t.app, { lang: 'ko' }).post(`${base}/sendCode`, {
      body: { email: 'korean_speaker@example.com', purpose: 'register' },
    });
    expect(res.body.message).toBe(catalogue('ko').codes['10028']);
  });
});
