// Labels that must stay whole on a 360 px phone (issue 23): Japanese figure and field names broke inside a
// word ("利 / 益", "途中解約手数 / 料"), and the phone area code picker showed "+44 United Kin" and started at
// +44 whatever the browser's region. On desktop the same checks hold (nothing there is narrower).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors, skipIntro } from './support.ts';

/**
 * How many lines the element's text takes: its text's boxes, top to bottom, a new line where a box starts
 * below the line before (a smaller run on the same line, an "optional" tag, starts lower but not below).
 */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom - 1) lines += 1;
      bottom = Math.max(bottom, box.bottom);
    }
    return lines;
  });
}

/** Every element's text on one line, named in the failure by its text. */
async function expectOneLineEach(elements: Locator): Promise<void> {
  const count = await elements.count();
  expect(count).toBeGreaterThan(0);
  const split: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const element = elements.nth(index);
    if ((await linesOf(element)) > 1) split.push((await element.textContent()) ?? '');
  }
  expect(split).toEqual([]);
}

async function inJapanese(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'ja'));
}

test('Japanese figure names of a smart plan stay whole at 360 px (途中解約手数料 on one line)', async ({
  page,
}, info) => {
  const errors = capturePageErrors(page);
  await skipIntro(page);
  await inJapanese(page);
  await page.goto('/trading');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const card = page.getByTestId('smart-product').first();
  await card.getByTestId('smart-amount').fill('1000');
  const penalty = card.locator('dt', { hasText: '途中解約手数料' });
  await expect(penalty).toBeVisible();
  expect(await linesOf(penalty)).toBe(1);
  await expectOneLineEach(card.locator('dt'));
  await page.screenshot({ path: info.outputPath('smart-ja.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('Japanese trade ticket labels stay whole at 360 px (利益確定 on one line)', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  await signInBrowser(page, request, await signUp(request, 'jalabel'));
  await inJapanese(page);
  await page.goto('/cruuency?code=BTCUSDT');
  const panel = page.getByTestId('trade-panel');
  await expect(panel).toBeVisible();
  await panel.locator('[data-direction="up"]').click();
  const takeProfit = panel.locator('.field-label', { hasText: /^利益確定/ }).first();
  await expect(takeProfit).toBeVisible();
  await page.screenshot({ path: info.outputPath('trade-ja.png'), fullPage: true });
  expect(await linesOf(takeProfit)).toBe(1);
  await expectOneLineEach(panel.locator('.field-label:visible, dt:visible'));
  expect(errors).toEqual([]);
});

/** The area code picker of sign-up: its value, and its face shown whole inside the screen. */
async function expectAreaCodeShown(page: Page, code: string, region: string): Promise<void> {
  const select = page.getByLabel('Country calling code');
  await expect(select).toHaveValue(code);
  const face = page.getByTestId('area-code-face');
  await expect(face).toHaveText(`${code} ${region}`);
  // Whole: nothing cut off inside the face, the face inside the screen.
  const fits = await face.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(true);
  const box = await face.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  // The phone number beside it keeps a usable width.
  const phone = await page.getByLabel(/^Phone number/).boundingBox();
  expect(phone?.width ?? 0).toBeGreaterThan(140);
}

test.describe('on an en-US browser', () => {
  test.use({ locale: 'en-US' });

  test('sign-up starts at +1 and the picker shows its code whole, also after choosing +44', async ({
    page,
  }, info) => {
    const errors = capturePageErrors(page);
    await skipIntro(page);
    await page.goto('/pass/register');
    await expectAreaCodeShown(page, '+1', 'US');
    await page.getByLabel('Country calling code').selectOption('+44');
    await expectAreaCodeShown(page, '+44', 'GB');
    await page.screenshot({ path: info.outputPath('register-en-US.png') });
    expect(errors).toEqual([]);
  });
});

test.describe('on a de-DE browser', () => {
  test.use({ locale: 'de-DE' });

  test('sign-up starts at +49', async ({ page }) => {
    await skipIntro(page);
    await page.goto('/pass/register');
    await expectAreaCodeShown(page, '+49', 'DE');
  });
});
