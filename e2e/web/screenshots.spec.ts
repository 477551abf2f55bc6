// Review screenshots (home and login in English, Arabic and German, at the project's width). Skipped unless
// E2E_SHOTS_DIR names a folder: `E2E_SHOTS_DIR=/tmp/shots npx playwright test screenshots`.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { skipIntro } from './support.ts';

const shotsDir = process.env.E2E_SHOTS_DIR;
// Skipped where they are declared, so a run without E2E_SHOTS_DIR does not open a page for each.
test.skip(!shotsDir, 'set E2E_SHOTS_DIR to take review screenshots');

for (const lang of ['en', 'ar', 'de'] as const) {
  for (const [name, route] of [
    ['home', '/'],
    ['login', '/pass/login'],
  ] as const) {
    test(`screenshot: ${name} in ${lang}`, async ({ page }, info) => {
      await skipIntro(page);
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = page.viewportSize()?.width ?? 0;
      await page.screenshot({
        path: path.join(shotsDir ?? '', `${name}-${lang}-${width}-${info.project.name}.png`),
      });
    });
  }
}
