// What keeps the pages fast, checked in the browser against the production build: the build's brotli copies
// are what the browser gets, cacheable for a year; API answers are compressed; the market page takes live
// prices only for the rows on screen.
import { expect, test, type Page } from '@playwright/test';
import { capturePageErrors, skipIntro } from './support.ts';

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

test('the home page arrives as brotli: scripts cacheable for a year, the page revalidated, API JSON compressed', async ({
  page,
}) => {
  const errors = capturePageErrors(page);
  const list = page.waitForResponse((r) => r.url().includes('/listMarketByType'));
  const document = await page.goto('/');
  expect(document?.headers()['content-encoding']).toBe('br');
  expect(document?.headers()['cache-control']).toBe('no-cache');

  // The page names the home screen's chunk, so it loads beside the entry script, not after it.
  await expect(page.locator('link[rel="modulepreload"][href^="/assets/Home-"]')).toHaveCount(1);
  const entry = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
  const script = await page.request.get(entry ?? '', { headers: { 'accept-encoding': 'br' } });
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const answer = await list;
  expect(answer.headers()['content-encoding']).toBe('br');
  expect(((await answer.json()) as { code: string }).code).toBe('200');
  expect(errors).toEqual([]);
});

/** The codes of the last subscription message the page sent on its live-price socket. */
function lastSubscription(sent: readonly string[]): string[] | undefined {
  const messages = sent.filter((text) => text.includes('"op":"sub"'));
  const last = messages.at(-1);
  return last === undefined ? undefined : (JSON.parse(last) as { codes: string[] }).codes;
}

async function watchSubscriptions(page: Page): Promise<string[]> {
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))));
  return sent;
}

test('the market page takes live prices for the rows on screen, and for others once scrolled to', async ({
  page,
}) => {
  const errors = capturePageErrors(page);
  const sent = await watchSubscriptions(page);
  await page.goto('/market?type=2');
  const rows = page.getByTestId('market-row');
  await expect(rows).toHaveCount(50);
  const firstCode = await rows.first().getAttribute('data-code');
  const lastRow = rows.last();
  const lastCode = await lastRow.getAttribute('data-code');

  await expect.poll(() => lastSubscription(sent)?.includes(firstCode ?? '')).toBe(true);
  const onScreen = lastSubscription(sent) ?? [];
  expect(onScreen.length).toBeLessThan(50);
  expect(onScreen).not.toContain(lastCode);

  await lastRow.scrollIntoViewIfNeeded();
  await expect.poll(() => lastSubscription(sent)?.includes(lastCode ?? '')).toBe(true);
  expect(errors).toEqual([]);
});
