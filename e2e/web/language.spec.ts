// Language switching: saved as `lang`, <html lang dir> follows, the footer list reloads (1 for Chinese).
import { expect, test } from '@playwright/test';
import { skipIntro } from './support.ts';

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

test('the default language is English and the footer list is requested with 2', async ({ page }) => {
  const list = page.waitForRequest((r) => r.url().endsWith('/api/swx/customer/index/listContents/2'));
  await page.goto('/');
  await list;
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('choosing Simplified Chinese saves it and reloads the footer list with 1', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const select = page.getByLabel('Language');
  await expect(select.locator('option')).toHaveText([
    'English',
    '日本語',
    '한국어',
    'Deutsch',
    'Français',
    'Italiano',
    'Español',
    'العربية',
    'ไทย',
    '繁體中文',
    '简体中文',
  ]);
  const list = page.waitForRequest((r) => r.url().endsWith('/api/swx/customer/index/listContents/1'));
  await select.selectOption('zh-CN');
  const request = await list;
  expect(request.headers()['accept-language']).toBe('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByLabel('语言')).toHaveValue('zh-CN');
});

test('Arabic switches the page to right-to-left', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The layout mirrors: the brand sits at the right edge.
  const brand = await page.locator('header .brand').first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(brand && brand.x > width / 2).toBe(true);
  await page.getByLabel('اللغة').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
