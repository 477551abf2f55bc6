// Layout checks shared by the browser tests.
import { expect, type Page } from '@playwright/test';

/** The page is no wider than the screen: nothing makes a phone scroll sideways or zoom out. */
export async function fitsTheScreen(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}
