// The mobile home's own composition (issue 12): at 360 px a compact statistics strip, the market list above
// the fold, then the products as an icon grid; the desktop home keeps its hero and feature cards.
import { expect, test } from '@playwright/test';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

for (const lang of ['en', 'de', 'th', 'ja', 'ar'] as const) {
  test(`home in ${lang}: market list first, products as a grid`, async ({ page }, info) => {
    const errors = capturePageErrors(page);
    await skipIntro(page);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const markets = page.getByTestId('home-markets');
    await expect(markets.getByTestId('market-row').first()).toBeVisible();
    if (!isMobileProject(info)) {
      // Desktop unchanged: hero first, feature cards, no shortcut grid.
      await expect(page.locator('.hero h1')).toBeVisible();
      await expect(page.getByTestId('feature-card').first()).toBeVisible();
      await expect(page.getByTestId('home-shortcuts')).toHaveCount(0);
      expect(errors).toEqual([]);
      return;
    }
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');
    // Above the fold: the list's heading and its first row.
    const firstRow = markets.getByTestId('market-row').first();
    const rowBox = await firstRow.boundingBox();
    expect(rowBox && rowBox.y + rowBox.height).toBeLessThanOrEqual(viewport.height);
    // The stats strip sits above the list, in one row.
    const strip = page.getByTestId('home-stats');
    const stripBox = await strip.boundingBox();
    const listBox = await markets.boundingBox();
    expect(stripBox && listBox && stripBox.y < listBox.y).toBe(true);
    expect(stripBox?.height ?? 999).toBeLessThan(140);
    // The shortcuts below the list, as a grid of at least three columns.
    const grid = page.getByTestId('home-shortcuts');
    await expect(grid.locator('.shortcut')).toHaveCount(7);
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBeGreaterThanOrEqual(3);
    const gridBox = await grid.boundingBox();
    expect(gridBox && listBox && gridBox.y > listBox.y).toBe(true);
    const tops = await grid
      .locator('.shortcut')
      .evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // Nothing wider than the screen, no label clipped.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const clipped = await grid
      .locator('.shortcut-label')
      .evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      );
    expect(clipped).toEqual([]);
    await grid.getByTestId('shortcut-help').click();
    await expect(page).toHaveURL(/\/help$/);
    expect(errors).toEqual([]);
  });
}
