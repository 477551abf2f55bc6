// Products the server does not run yet say so instead of pretending, and no outside link is shown when its
// parameter is empty (as a fresh install seeds them).
import { expect, test } from '@playwright/test';
import { capturePageErrors, skipIntro } from './support.ts';

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

test('the screens of products that do not exist yet say "not available yet"', async ({ page }) => {
  const errors = capturePageErrors(page);
  for (const route of ['/trading', '/loan', '/nfts', '/nfts/mine', '/nfts/1', '/profile/orders']) {
    await page.goto(route);
    await expect(page.getByTestId('not-available'), route).toContainText('Not available yet');
  }
  expect(errors).toEqual([]);
});

test('home advertises only the markets as open', async ({ page }) => {
  const errors = capturePageErrors(page);
  await page.goto('/');
  const cards = page.getByTestId('feature-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.and(page.locator('[data-open="true"]'))).toHaveCount(1);
  await expect(cards.and(page.locator('[href="/market"]'))).toHaveAttribute('data-open', 'true');
  for (const href of ['/trading', '/loan', '/nfts']) {
    const card = cards.and(page.locator(`[href="${href}"]`));
    await expect(card, href).toHaveAttribute('data-open', 'false');
    await expect(card, href).toContainText('Not available yet');
  }
  expect(errors).toEqual([]);
});

test('with support_chat_url empty there is no support button, in the bar or the help centre', async ({
  page,
}) => {
  const errors = capturePageErrors(page);
  const param = await page.request.get('/api/swx/customer/index/getParamByKey/support_chat_url');
  expect(((await param.json()) as { result: { value: string } }).result.value).toBe('');
  await page.goto('/help');
  const cards = page.locator('.card-grid');
  await expect(cards.locator('a[href="/help/faq"]')).toBeVisible();
  await expect(cards.getByText('Contact us')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Online support' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
