// Instrument names in the reader's language (issue 23): the market list and the home rows name forex pairs,
// metals and well-known coins in Arabic, Japanese and German; a company keeps its brand. Switching the
// language in the app renames the rows already shown.
import { expect, test } from '@playwright/test';
import { skipIntro } from './support.ts';

const expected = {
  ar: { EURUSD: 'اليورو / الدولار الأمريكي', XAUUSD: 'الذهب', BTCUSDT: 'بيتكوين' },
  ja: { EURUSD: 'ユーロ / 米ドル', XAUUSD: '金', BTCUSDT: 'ビットコイン' },
  de: { EURUSD: 'Euro / US-Dollar', XAUUSD: 'Gold', BTCUSDT: 'Bitcoin' },
} as const;

const row = (page: import('@playwright/test').Page, code: string) =>
  page.locator(`[data-testid="market-row"][data-code="${code}"] .mkt-long`);

test.beforeEach(async ({ page }) => skipIntro(page));

for (const [lang, names] of Object.entries(expected)) {
  test(`the market list names instruments in ${lang}`, async ({ page }, info) => {
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await page.goto('/market?type=1');
    await expect(row(page, 'EURUSD')).toHaveText(names.EURUSD);
    await page.goto('/market?type=5');
    await expect(row(page, 'XAUUSD')).toHaveText(names.XAUUSD);
    await page.goto('/');
    await expect(row(page, 'BTCUSDT')).toHaveText(names.BTCUSDT);
    if (lang === 'ar') await page.screenshot({ path: info.outputPath(`home-names-${lang}.png`) });
    await page.goto('/market?type=3');
    await expect(row(page, 'AAPL')).toHaveText('Apple Inc.');
  });
}

test('choosing another language renames the rows on screen', async ({ page }) => {
  await page.goto('/market?type=1');
  await expect(row(page, 'EURUSD')).toHaveText('Euro / US Dollar');
  await page
    .locator('select')
    .filter({ has: page.locator('option[value="ja"]') })
    .first()
    .selectOption('ja');
  await expect(row(page, 'EURUSD')).toHaveText(expected.ja.EURUSD);
});
