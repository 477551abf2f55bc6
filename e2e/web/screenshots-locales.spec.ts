// Review screenshots of issue 12 (home, market list, currency detail, profile signed in, and the top bar of
// each signed out and in) in English, German, Thai, Japanese and Arabic at the project's width. Skipped unless
// E2E_SHOTS_DIR names a folder: `E2E_SHOTS_DIR=/tmp/shots-12 npx playwright test screenshots-locales --project mobile`.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { isMobileProject, skipIntro } from './support.ts';

const shotsDir = process.env.E2E_SHOTS_DIR;
// Skipped where they are declared, so a run without E2E_SHOTS_DIR does not open a page for each.
test.skip(!shotsDir, 'set E2E_SHOTS_DIR to take review screenshots');
const pages = [
  ['home', '/', 'home-markets'],
  ['market', '/market', 'market-rows'],
  ['detail', '/cruuency?code=BTCUSDT', 'chart-card'],
  ['profile', '/profile', undefined],
] as const;

for (const lang of ['en', 'de', 'th', 'ja', 'ar'] as const) {
  test(`screenshots in ${lang}`, async ({ page, request }, info) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    const width = page.viewportSize()?.width ?? 0;
    const file = (name: string) =>
      path.join(shotsDir ?? '', `${name}-${lang}-${width}-${info.project.name}.png`);
    const bar = page.locator(isMobileProject(info) ? '.m-topbar' : '.topbar');
    // The top bar as a visitor sees it (Log in), on each page.
    await skipIntro(page);
    for (const [name, route] of pages) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.evaluate(() => document.fonts.ready);
      await bar.screenshot({ path: file(`topbar-${name}-signed-out`) });
    }
    await signInBrowser(page, request, await signUp(request, 'shot'));
    for (const [name, route, testId] of pages) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (testId) await expect(page.getByTestId(testId).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      const shot = (suffix: string) => page.screenshot({ path: file(`${name}${suffix}`) });
      await shot('');
      await bar.screenshot({ path: file(`topbar-${name}-signed-in`) });
      if (name !== 'home') continue;
      // The rest of the mobile home: the product grid and the headline under the market list.
      await page.getByTestId('home-shortcuts').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await shot('-products');
    }
  });
}
