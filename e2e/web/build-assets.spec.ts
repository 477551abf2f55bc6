// The build as the browser gets it (issue 23): every page's module scripts load (the preload list named
// chunks the build had removed: "Failed to load module script" on most pages), a missing build file is a
// 404 and not the app's page, and home fetches one language's catalogue, not the fallback's as well.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { skipIntro } from './support.ts';

const locales = path.join(import.meta.dirname, '..', '..', 'packages', 'i18n', 'locales');
const headline = (locale: string): string =>
  (JSON.parse(readFileSync(path.join(locales, locale, 'web.json'), 'utf8')) as { home: { headline: string } })
    .home.headline;

/** Console errors and the text of every script the page loads, from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const scripts: Promise<string>[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
  });
  return { errors, scripts: () => Promise.all(scripts) };
}

test.beforeEach(async ({ page }) => skipIntro(page));

test('every screen loads its module scripts: no "Failed to load module script"', async ({ page }) => {
  const seen = watch(page);
  for (const url of ['/', '/market', '/trading', '/loan', '/nfts', '/wallet', '/help', '/pass/login']) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  expect(seen.errors.filter((e) => /failed to load module script|module specifier/i.test(e))).toEqual([]);
});

test.describe('what the server and i18n send, whatever the layout', () => {
  // A missing file's answer and the language catalogues fetched do not depend on the phone layout (the
  // module scripts of each layout are the test above's, on both projects).
  test.skip(({ isMobile }) => isMobile, 'the same requests at any width');

  test('a build file that is not there answers 404, not the home page', async ({ request }) => {
    for (const url of ['/assets/trade-DTJu7kH1.js', '/assets/gone-1.css']) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(404);
      expect(res.headers()['content-type'] ?? '', url).not.toMatch(/text\/html/);
    }
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`home in ${lang} loads its own catalogue and not the zh-CN fallback`, async ({ page }) => {
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      const seen = watch(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline(lang));
      await page.waitForTimeout(1500); // what the app used to fetch once idle
      const texts = await seen.scripts();
      expect(texts.filter((t) => t.includes(headline(lang)))).toHaveLength(1);
      expect(texts.filter((t) => t.includes(headline('zh-CN')))).toEqual([]);
    });
  }
});
