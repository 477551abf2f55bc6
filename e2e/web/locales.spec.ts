// Every language, everywhere (issue 12): amounts stay one unit in Arabic, and each language is drawn in its
// own self-hosted Noto font, fetched only for that language.
import { expect, test, type Page } from '@playwright/test';
import { envelope } from '../support/accounts.ts';
import { familyLoaded, fontRequests } from '../support/fonts.ts';
import { capturePageErrors, skipIntro } from './support.ts';

async function openIn(page: Page, lang: string, route = '/'): Promise<void> {
  await skipIntro(page);
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  await page.goto(route);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('an amount in Arabic is one isolated unit, formatted by Intl in the language', async ({
  page,
  request,
}) => {
  const errors = capturePageErrors(page);
  const stats = await envelope<{ platformVolume24h: string; marketVolume24h: string }>(
    await request.get('/api/swx/customer/index/stats'),
  );
  await openIn(page, 'ar');
  const value = page.getByTestId('stat-volume').locator('dd.num');
  // Intl's Arabic compact dollars, with the symbol "US$" isolated left to right (LRI … PDI).
  const [platform, market] = await page.evaluate(
    (values) =>
      values.map((v) =>
        new Intl.NumberFormat('ar', {
          style: 'currency',
          currency: 'USD',
          currencyDisplay: 'narrowSymbol',
          notation: 'compact',
          maximumFractionDigits: 1,
          roundingMode: 'trunc',
        } as Intl.NumberFormatOptions)
          .formatToParts(v as unknown as number)
          .map((p) => (p.type === 'currency' ? `\u2066${p.value}\u2069` : p.value))
          .join(''),
      ),
    [stats.platformVolume24h, stats.marketVolume24h],
  );
  expect(platform).toContain('US$');
  await expect(value).toHaveText(platform ?? '');
  expect(await value.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
  // In the note's sentence the market volume is isolated as text (FSI … PDI): whole and in order.
  await expect(page.getByTestId('stat-volume').locator('.stat-note')).toContainText(`\u2068${market}\u2069`);
  expect(errors).toEqual([]);
});

const scriptFonts = [
  { lang: 'ja', family: 'Noto Sans JP Variable' },
  { lang: 'th', family: 'Noto Sans Thai Variable' },
  { lang: 'ar', family: 'Noto Sans Arabic Variable' },
] as const;

for (const { lang, family } of scriptFonts) {
  test(`${lang} is drawn in ${family}, self-hosted`, async ({ page }) => {
    const fontUrls = fontRequests(page);
    await openIn(page, lang);
    await expect(page.getByTestId('home-markets')).toBeVisible();
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(fontFamily.replace(/"/g, '').startsWith(family)).toBe(true);
    await expect.poll(() => familyLoaded(page, family)).toBe(true);
    const base = new URL(page.url()).origin;
    expect(fontUrls.length).toBeGreaterThan(0);
    expect(fontUrls.every((u) => u.startsWith(`${base}/assets/`) && u.endsWith('.woff2'))).toBe(true);
  });
}

test('English fetches its Latin font and no CJK, Thai or Arabic font', async ({ page }) => {
  const fontUrls = fontRequests(page);
  await openIn(page, 'en');
  await expect(page.getByTestId('home-markets')).toBeVisible();
  await expect.poll(() => familyLoaded(page, 'Noto Sans Variable')).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(fontUrls.some((u) => /noto-sans-latin-wght/.test(u))).toBe(true);
  expect(fontUrls.filter((u) => /noto-sans-(jp|kr|sc|tc|thai|arabic)/.test(u))).toEqual([]);
});
