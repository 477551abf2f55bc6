// With a feed that is live for crypto (a replay file that declares itself a live recording), crypto prices
// carry no simulated label on home, market list and detail, while the instruments the feed does not cover
// (forex, stocks, …) are still labelled, and the market volume is still called simulated.
import { expect, test } from '@playwright/test';
import { capturePageErrors, skipIntro } from '../web/support.ts';

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

test('home: live crypto rows carry no simulated label; the connection says Connected', async ({ page }) => {
  const errors = capturePageErrors(page);
  await page.goto('/');
  const home = page.getByTestId('home-markets');
  await expect(home.getByTestId('market-row')).toHaveCount(8);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(home.getByTestId('simulated-label')).toHaveCount(0);
  await expect(home.getByTestId('simulated-note')).toHaveCount(0);
  // Only crypto is live: the market-wide figure still includes simulated instruments and says so.
  await expect(page.getByTestId('stat-volume')).toContainText('Simulated market volume');
  await home.getByRole('tab', { name: 'Forex' }).click();
  await expect(home.getByTestId('simulated-note')).toBeVisible();
  expect(errors).toEqual([]);
});

test('market list: the crypto tab has no simulated label, the forex tab has', async ({ page }) => {
  const errors = capturePageErrors(page);
  await page.goto('/market?type=2');
  await expect(page.locator('[data-code="BTCUSDT"]')).toBeVisible();
  await expect(page.getByTestId('simulated-label')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Forex', exact: true }).click();
  await expect(page.locator('[data-code="EURUSD"]')).toBeVisible();
  await expect(page.getByTestId('simulated-note')).toBeVisible();
  expect(errors).toEqual([]);
});

test('detail: a live pair has no simulated label, a simulated one has', async ({ page }) => {
  const errors = capturePageErrors(page);
  await page.goto('/cruuency?code=BTCUSDT&type=2&id=1');
  await expect(page.getByRole('heading', { level: 1, name: 'BTC/USDT' })).toBeVisible();
  await expect(page.locator('.detail-price .price')).toBeVisible();
  await expect(page.getByTestId('simulated-label')).toHaveCount(0);
  await page.goto('/cruuency?code=EURUSD&type=1&id=0');
  await expect(page.getByRole('heading', { level: 1, name: 'EUR/USD' })).toBeVisible();
  await expect(page.locator('.detail-price').getByTestId('simulated-label')).toHaveText('Simulated data');
  expect(errors).toEqual([]);
});
