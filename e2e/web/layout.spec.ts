// Desktop tabs, the mobile tab bar (active tab from the first path segment) and the mobile onboarding.
import { expect, test } from '@playwright/test';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

test('desktop: the top bar tabs navigate and mark the current page', async ({ page }, info) => {
  test.skip(isMobileProject(info), 'desktop layout only');
  const errors = capturePageErrors(page);
  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Markets', 'Smart trading', 'Account']);
  await tabs.getByRole('link', { name: 'Markets' }).click();
  await expect(page).toHaveURL(/\/market$/);
  await expect(tabs.getByRole('link', { name: 'Markets' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('.tabbar')).toHaveCount(0);
  // Founded 2023, to this year (the years are one isolated run: FSI … PDI).
  const year = new Date().getFullYear();
  await expect(page.locator('footer')).toContainText(new RegExp(`© \u2068?2023–${year}\u2069? Tradewind`));
  // Auth routes hide both bars.
  await page.goto('/pass/login');
  await expect(page.locator('.topbar')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('desktop: the onboarding is never shown', async ({ page }, info) => {
  test.skip(isMobileProject(info), 'desktop layout only');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Trade global markets');
  await expect(page.locator('.onboarding')).toHaveCount(0);
});

test('mobile: the tab bar shows six tabs, the active one from the first path segment', async ({
  page,
}, info) => {
  test.skip(!isMobileProject(info), 'mobile layout only');
  await skipIntro(page);
  await page.goto('/profile/invite');
  const bar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(bar.getByRole('link')).toHaveText([
    'Home',
    'Markets',
    'Smart trading',
    'Loans',
    'NFTs',
    'Account',
  ]);
  await expect(bar.locator('[aria-current="page"]')).toHaveText('Account');
  await bar.getByRole('link', { name: 'Loans' }).click();
  await expect(page).toHaveURL(/\/loan$/);
  await expect(bar.locator('[aria-current="page"]')).toHaveText('Loans');
  // A sub-page gets a back button; the auth routes hide both bars.
  await page.goto('/help/faq');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await page.goto('/pass/register');
  await expect(page.locator('.tabbar')).toHaveCount(0);
  await expect(page.locator('.m-topbar')).toHaveCount(0);
});

test('mobile: the onboarding shows once, until Skip is used', async ({ page }, info) => {
  test.skip(!isMobileProject(info), 'mobile layout only');
  await page.goto('/');
  const intro = page.getByRole('dialog');
  await expect(intro).toBeVisible();
  await expect(intro.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(intro.getByLabel('Language')).toBeVisible();
  await intro.getByRole('button', { name: 'Skip' }).click();
  await expect(intro).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.reload();
  await expect(page.locator('.tabbar')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('introSeen'))).toBe('true');
});

test('mobile: Continue on the onboarding leads a visitor who arrived on home to sign-up', async ({
  page,
}, info) => {
  test.skip(!isMobileProject(info), 'mobile layout only');
  // Arriving on a deep link instead goes on to that link (e2e/web/wayfinding.spec.ts).
  await page.goto('/');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pass\/register$/);
  await page.goto('/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
