// The back office in Thai and Japanese (its own interface language): drawn in the language's self-hosted
// Noto family, fetched from the back office's own assets, on desktop and at 360 px, the content list and
// editor included (their language tags and tabs name every language in its own script). E2E_SHOTS_DIR
// keeps screenshots: `E2E_SHOTS_DIR=/tmp/shots npx playwright test e2e/admin/locales.spec.ts`.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInBackOffice } from '../support/accounts.ts';
import { familyLoaded, fontRequests } from '../support/fonts.ts';
import { fitsTheScreen } from '../support/layout.ts';

const shots = process.env.E2E_SHOTS_DIR;

const languages = [
  { lang: 'th', family: 'Noto Sans Thai Variable', files: /\/admin\/assets\/noto-sans-thai-/ },
  { lang: 'ja', family: 'Noto Sans JP Variable', files: /\/admin\/assets\/noto-sans-jp-/ },
] as const;

for (const { lang, family, files } of languages) {
  test(`the back office in ${lang} is drawn in ${family}, self-hosted`, async ({ page }, info) => {
    const fontUrls = fontRequests(page);
    const shot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready);
      if (shots) {
        await page.screenshot({
          path: path.join(shots, `admin-${name}-${lang}-${info.project.name}.png`),
          fullPage: true,
        });
      }
    };
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await signInBackOffice(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(fontFamily.replace(/"/g, '').startsWith(family)).toBe(true);
    await expect.poll(() => familyLoaded(page, family)).toBe(true);
    expect(fontUrls.some((u) => files.test(new URL(u).pathname))).toBe(true);
    expect(fontUrls.every((u) => new URL(u).pathname.startsWith('/admin/assets/'))).toBe(true);
    await fitsTheScreen(page);
    await shot('reviews');

    await page.goto('/admin/contents');
    const row = page.getByTestId('content-row').first();
    await expect(row).toBeVisible();
    await fitsTheScreen(page);
    await shot('contents');

    // The editor's tabs: every language by its own name, each in its own family.
    await row.locator('.col-actions button').first().click();
    await expect(page.getByRole('tab')).toHaveCount(11);
    for (const other of ['Noto Sans Thai Variable', 'Noto Sans JP Variable', 'Noto Sans Arabic Variable']) {
      await expect.poll(() => familyLoaded(page, other), { message: other }).toBe(true);
    }
    await fitsTheScreen(page);
    await shot('content-editor');
  });
}
