// Products the server does not run yet say so instead of pretending (and those it runs do not), and no outside link is shown when its
// parameter is empty (as a fresh install seeds them).
import { expect, test, type Page } from '@playwright/test';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

/** The products the server runs, as it says itself (derived from its registered routes, not typed in). */
async function features(page: Page): Promise<Record<string, boolean>> {
  const res = await page.request.get('/api/swx/customer/index/getParamByKey/features');
  return JSON.parse(((await res.json()) as { result: { value: string } }).result.value) as Record<
    string,
    boolean
  >;
}

const screensOf: Record<string, string[]> = {
  smart: ['/trading'],
  loans: ['/loan'],
  nft: ['/nfts', '/nfts/mine', '/nfts/1'],
};
const cardOf: Record<string, string> = { smart: '/trading', loans: '/loan', nft: '/nfts' };
const shortcutOf: Record<string, string> = { smart: 'smart', loans: 'loans', nft: 'nfts' };

test('the screens of products the server does not run say "not available yet", the others do not', async ({
  page,
}) => {
  const errors = capturePageErrors(page);
  const flags = await features(page);
  // Every product runs since issue 11 (charity NFTs were the last): no screen may say "not available yet".
  expect(flags).toEqual({ orders: true, smart: true, loans: true, nft: true });
  for (const [product, routes] of Object.entries(screensOf)) {
    for (const route of routes) {
      await page.goto(route);
      const notAvailable = page.getByTestId('not-available');
      if (flags[product]) await expect(notAvailable, route).toHaveCount(0);
      else await expect(notAvailable, route).toContainText('Not available yet');
    }
  }
  expect(errors).toEqual([]);
});

test('home advertises as open the markets and exactly the products the server runs', async ({
  page,
}, info) => {
  const errors = capturePageErrors(page);
  const flags = await features(page);
  await page.goto('/');
  if (isMobileProject(info)) {
    // The mobile home has its own composition: the products as a shortcut grid under the market list.
    const grid = page.getByTestId('home-shortcuts');
    await expect(grid.getByTestId('shortcut-contracts')).toHaveAttribute('data-open', 'true');
    for (const [product, id] of Object.entries(shortcutOf)) {
      await expect(grid.getByTestId(`shortcut-${id}`), id).toHaveAttribute(
        'data-open',
        String(Boolean(flags[product])),
      );
    }
  } else {
    const cards = page.getByTestId('feature-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.and(page.locator('[href="/market"]'))).toHaveAttribute('data-open', 'true');
    for (const [product, href] of Object.entries(cardOf)) {
      const card = cards.and(page.locator(`[href="${href}"]`));
      await expect(card, href).toHaveAttribute('data-open', String(Boolean(flags[product])));
      if (!flags[product]) await expect(card, href).toContainText('Not available yet');
    }
  }
  expect(errors).toEqual([]);
});

test('with support_chat_url empty, support is the built-in inbox: no outside link in the bar or the help centre', async ({
  page,
}) => {
  const errors = capturePageErrors(page);
  const param = await page.request.get('/api/swx/customer/index/getParamByKey/support_chat_url');
  expect(((await param.json()) as { result: { value: string } }).result.value).toBe('');
  await page.goto('/help');
  await expect(page.locator('main a[href="/help/faq"]').first()).toBeVisible();
  // No outside chat: the help centre's contact card opens the built-in inbox.
  await expect(page.locator('main a[href^="http"]')).toHaveCount(0);
  await expect(page.locator('main a[href="/help/support"]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Online support' }).first()).toHaveAttribute(
    'href',
    '/help/support',
  );
  expect(errors).toEqual([]);
});
