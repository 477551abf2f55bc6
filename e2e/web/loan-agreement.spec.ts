// The loan agreement read before signing (issue 23): on a phone (360 px, Android Chrome, which shows no PDF
// in a frame) the agreement's own bytes are drawn as pages the width of the screen, with the page count, in
// English and in Arabic; the desktop keeps a readable view (the browser's viewer in the page, or the pages).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { verifyIdentity } from '../support/kyc.ts';
import { capturePageErrors, isMobileProject } from './support.ts';

/** Share of a drawn page's pixels that are ink (darker than light grey): 0 for a blank canvas. */
function inkShare(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    if (!(element instanceof HTMLCanvasElement)) throw new Error('not a canvas');
    const context = element.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 600) ink += 1;
    }
    return ink / (data.length / 4);
  });
}

async function openAgreement(page: Page): Promise<Locator> {
  const agreement = page.waitForResponse((r) => r.url().includes('/user/loanAgreement?'));
  await page.getByTestId('loan-read').click();
  expect((await agreement).headers()['content-type']).toContain('application/pdf');
  return page.getByTestId('loan-sign');
}

/** Every page drawn, none blank, each as wide as the screen allows; the count shown matches the pages. */
async function expectReadablePages(page: Page, sign: Locator, countText: RegExp): Promise<number> {
  const pages = sign.getByTestId('agreement-page');
  await expect(sign.getByTestId('agreement-page-count')).toHaveText(countText);
  const count = Number(/\d+/.exec((await sign.getByTestId('agreement-page-count').textContent()) ?? '')?.[0]);
  expect(count).toBeGreaterThan(0);
  await expect(pages).toHaveCount(count);
  const viewport = page.viewportSize()?.width ?? 0;
  const column = (await sign.locator('.loan-agreement-page-list').boundingBox())?.width ?? 0;
  // The pages take the card's whole column: on a phone, three quarters of the screen at least.
  if (viewport <= 400) expect(column).toBeGreaterThan(viewport * 0.75);
  await expectDrawn(pages, count, column);
  // Larger text: each page drawn again twice as wide, the list scrolling sideways.
  await sign.getByTestId('agreement-zoom').click();
  await expect(sign.getByTestId('agreement-zoom')).toHaveAttribute('aria-pressed', 'true');
  await expectDrawn(pages, count, column * 2);
  await sign.getByTestId('agreement-zoom').click();
  await expectDrawn(pages, count, column);
  return count;
}

/** Each page drawn (again) at `width` CSS px, portrait, with ink on it: not blank, not failed. */
async function expectDrawn(pages: Locator, count: number, width: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const canvas = pages.nth(index);
    await expect(canvas).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
    await expect
      .poll(async () => Math.round((await canvas.boundingBox())?.width ?? 0))
      .toBe(Math.round(width));
    const box = await canvas.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(box?.width ?? 0);
    // The first page is text from top to bottom, a few per cent ink; the last may hold only the signature
    // lines. A blank or failed page has none.
    expect(await inkShare(canvas)).toBeGreaterThan(index === 0 ? 0.01 : 0.0001);
  }
}

test('the loan agreement is drawn as pages to read on a phone, in English and Arabic', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = capturePageErrors(page);
  const customer = await signUp(request, 'loanpdf_');
  await verifyIdentity(request, customer);
  await signInBrowser(page, request, customer);
  await page.goto('/loan');
  await page.getByTestId('switch-to-real').getByRole('button', { name: 'Real', exact: true }).click();
  const quick = page.getByRole('radio', { name: /Quick loan/ });
  // The same product in Arabic, whose name is translated: by its id.
  const quickId = (await quick.getAttribute('data-testid')) ?? '';
  await quick.click();
  await page.getByTestId('loan-amount').fill('100');

  let sign = await openAgreement(page);
  await page.screenshot({ path: testInfo.outputPath('agreement-en-top.png') });
  await expect(sign.getByTestId('agreement-download')).toBeVisible();
  const inline = await page.evaluate(() => navigator.pdfViewerEnabled);
  const phone = isMobileProject(testInfo);
  if (phone || !inline) {
    const pages = await expectReadablePages(page, sign, /^Pages in the agreement: \d+$/);
    await expect(sign.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
    // The same bytes as the download and the hash: the view is not a second document.
    await expect(sign.locator('iframe')).toHaveCount(0);
  } else {
    // A desktop browser with a PDF viewer keeps it in the page, at a readable size.
    const frame = sign.locator('iframe.loan-agreement-view');
    await expect(frame).toBeVisible();
    expect((await frame.boundingBox())?.height ?? 0).toBeGreaterThan(400);
  }
  await page.screenshot({ path: testInfo.outputPath('agreement-en.png') });

  // Arabic: the agreement issued in Arabic, drawn the same way, the count in Arabic.
  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId(quickId).click();
  await page.getByTestId('loan-amount').fill('100');
  sign = await openAgreement(page);
  if (phone || !inline) {
    await expectReadablePages(page, sign, /^عدد صفحات العقد: \u2068?\d+\u2069?$/);
    // A canvas drawing text in a right-to-left page ends each glyph where pdf.js meant it to start: the
    // Arabic page came out as scattered letters. The pages are drawn left to right whatever the page's dir.
    const directions = await sign
      .getByTestId('agreement-page')
      .evaluateAll((canvases) => canvases.map((c) => getComputedStyle(c).direction));
    expect(new Set(directions)).toEqual(new Set(['ltr']));
    await sign
      .getByTestId('agreement-page')
      .first()
      .screenshot({ path: testInfo.outputPath('page-ar.png') });
  } else await expect(sign.locator('iframe.loan-agreement-view')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('agreement-ar.png') });
  expect(errors).toEqual([]);
});
