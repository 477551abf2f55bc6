// A phone never zooms a page out: at 360 px, in every language, the customer pages keep the layout viewport
// at the device width. Content wider than the screen (even an absolutely positioned label escaping a
// scroller's clip, as the chart's period chips once did in Arabic) widens it, and the whole page shrinks. And
// the top bar's title wraps between words only: no word of it is laid out across two lines.
import { expect, test } from '@playwright/test';
import { locales } from '@tradewind/i18n/locales';
import { goInApp, isMobileProject, skipIntro, titleProblems } from './support.ts';

const pages = [
  '/',
  '/market',
  '/cruuency?code=BTCUSDT',
  '/trading',
  '/loan',
  '/nfts',
  '/nfts/mine',
  '/help/faq',
  '/help/notice',
  '/help/support',
  '/legal',
];

test('every customer page keeps a 360 px layout viewport in every language, titles whole words', async ({
  page,
}, info) => {
  test.skip(!isMobileProject(info), 'phones only');
  test.setTimeout(420_000);
  await skipIntro(page);
  const widened: string[] = [];
  const titles: string[] = [];
  for (const lang of locales) {
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    // One load per language; each page is then reached inside the app, as a link would.
    await page.goto('/');
    for (const path of pages) {
      await goInApp(page, path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
      if (width[0] !== 360 || (width[1] ?? 0) > 360) widened.push(`${lang} ${path}: ${width.join(' / ')}`);
      await page.evaluate(() => document.fonts.ready);
      for (const problem of await titleProblems(page)) titles.push(`${lang} ${path}: ${problem}`);
    }
  }
  expect(widened).toEqual([]);
  expect(titles).toEqual([]);
});
