// Every route renders without a page error, in both layouts; unknown paths go home.
import { expect, test } from '@playwright/test';
import { capturePageErrors, skipIntro } from './support.ts';

const routes = [
  '/',
  '/market',
  '/cruuency?code=BTCUSDT&type=2&id=1',
  '/trading',
  '/loan',
  '/nfts',
  '/nfts/mine',
  '/nfts/1',
  '/profile',
  '/profile/balance',
  '/profile/recharge',
  '/profile/withdraw',
  '/profile/invite',
  '/profile/notification',
  '/profile/records',
  '/profile/orders',
  '/profile/password',
  '/profile/security',
  '/security/revoke?token=x',
  '/help',
  '/help/faq',
  '/help/notice',
  '/pass/register',
  '/pass/login',
  '/pass/reset',
  '/detail?id=1&title=About',
  '/introduction',
  '/about',
  '/legal',
  '/api/loginCallback/google',
];

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

test('every route renders its screen without a page error', async ({ page }) => {
  // Thirty-odd full page loads in one test: on a 2-core box shared by two workers that is more than the
  // default minute, without any one page being slow.
  test.setTimeout(180_000);
  const errors = capturePageErrors(page);
  for (const route of routes) {
    await page.goto(route);
    const pathname = new URL(route, 'http://x').pathname;
    await expect(page, `${route} keeps its path`).toHaveURL((url) => url.pathname === pathname);
    await expect(page.locator('h1').first(), `${route} shows a heading`).toBeAttached();
    await expect(page.locator('#main'), `${route} shows content`).not.toBeEmpty();
    await expect(page.locator('.spinner')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Trade global markets');
});

test('the content page renders sanitized server HTML', async ({ page }) => {
  await page.goto('/detail?id=1&title=About');
  await expect(page.locator('.prose')).not.toBeEmpty();
  await expect(page.locator('.prose script')).toHaveCount(0);
});

test('navigation scrolls back to the top', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('a[href="/help/faq"]').first()).toBeAttached();
  // The home page grows as its market list arrives; keep scrolling to the bottom until it has scrolled.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.body.scrollHeight);
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(0);
  await page.locator('a[href="/help/faq"]').first().click();
  await expect(page).toHaveURL(/\/help\/faq$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
