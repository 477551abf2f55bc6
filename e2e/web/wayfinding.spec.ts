// Not losing the way: a deep link survives the mobile onboarding, an ended session on an account page goes to
// login and back (same-origin paths only), and on a public page it signs out quietly and stays.
import { expect, test, type Page } from '@playwright/test';
import { password, signUp } from '../support/accounts.ts';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

const deepLink = '/cruuency?code=ETHUSDT';

/**
 * A stored session whose token the server does not know: what an expired login looks like to the app. Put
 * in place on each page load, or with `once` only on the first (a later login in the same tab must stick).
 */
async function forgedSession(page: Page, once = false): Promise<void> {
  await page.addInitScript((once) => {
    if (once && sessionStorage.getItem('forged')) return;
    sessionStorage.setItem('forged', '1');
    localStorage.setItem('isLogin', 'true');
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ id: 1, userName: 'ghost', email: 'ghost@example.com', token: 'expired-token' }),
    );
  }, once);
}

const isLoggedIn = (page: Page) => page.evaluate(() => localStorage.getItem('isLogin'));

async function logInOnPage(page: Page, userName: string): Promise<void> {
  await page.getByLabel('Username or email').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('onboarding on a deep link', () => {
  test.skip(({ isMobile }) => !isMobile, 'the onboarding is shown on phones only');

  for (const button of ['Skip', 'Continue'] as const) {
    test(`${button} goes on to the shared link`, async ({ page }) => {
      const errors = capturePageErrors(page);
      await page.goto(deepLink);
      const intro = page.getByRole('dialog', { name: "Trade the world's markets in one place" });
      await expect(intro).toBeVisible();
      await intro.getByRole('button', { name: button }).click();
      await expect(intro).toBeHidden();
      await expect(page).toHaveURL((url) => url.pathname + url.search === deepLink);
      await expect(page.getByText(/ETH/).first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('introSeen'))).toBe('true');
      expect(errors).toEqual([]);
    });
  }

  test('on the home page Continue still leads a visitor to sign-up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pass/register');
  });
});

test.describe('an ended session', () => {
  test.beforeEach(async ({ page }) => {
    await skipIntro(page);
  });

  test('on an account page goes to login and, after it, back to the page', async ({ page, request }) => {
    const errors = capturePageErrors(page);
    const customer = await signUp(request, 'way_');
    await forgedSession(page, true);
    await page.goto('/profile/balance?tab=records');
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/pass/login' && url.searchParams.get('redirect') === '/profile/balance?tab=records',
    );
    expect(await isLoggedIn(page)).toBeNull();
    await logInOnPage(page, customer.userName);
    await expect(page).toHaveURL((url) => url.pathname + url.search === '/profile/balance?tab=records');
    expect(await isLoggedIn(page)).toBe('true');
    expect(errors).toEqual([]);
  });

  test('on a public page signs out quietly and stays', async ({ page }, info) => {
    const errors = capturePageErrors(page);
    await forgedSession(page);
    for (const path of ['/market', deepLink, '/help']) {
      await page.goto(path);
      // The init script stored the login; the server refuses its token and the app clears it.
      expect(await page.evaluate(() => sessionStorage.getItem('forged'))).toBe('1');
      await expect.poll(() => isLoggedIn(page)).toBeNull();
      await expect(page).toHaveURL((url) => url.pathname + url.search === path);
      // Signed out: the visitor's way in is offered, and nothing shouts about it.
      const login = isMobileProject(info)
        ? page.locator('.m-tools a[href^="/pass/login"]')
        : page.getByRole('link', { name: 'Log in' }).first();
      await expect(login).toBeVisible();
      await expect(page.locator('.toast')).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('the login redirect', () => {
  // The login form and its redirect check are the same at any width.
  test.skip(({ isMobile }) => isMobile, 'no layout or touch in it');
  test.beforeEach(async ({ page }) => {
    await skipIntro(page);
  });

  for (const target of ['//evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)']) {
    test(`never leaves the site for ${JSON.stringify(target)}`, async ({ page, request }) => {
      const customer = await signUp(request, 'rdr_');
      await page.goto(`/pass/login?${new URLSearchParams({ redirect: target }).toString()}`);
      await logInOnPage(page, customer.userName);
      await expect(page).toHaveURL(
        (url) => url.origin === new URL(page.url()).origin && url.pathname === '/',
      );
      expect(new URL(page.url()).host).not.toContain('evil');
    });
  }
});

test.describe("the top bar's Log in", () => {
  test.beforeEach(async ({ page }) => {
    await skipIntro(page);
  });

  test('carries the page as redirect and, after login, comes back to it', async ({ page, request }, info) => {
    const errors = capturePageErrors(page);
    const customer = await signUp(request, 'tbl_');
    const mobile = isMobileProject(info);
    const bar = page.locator(mobile ? '.m-topbar' : '.topbar');
    const login = bar.getByRole('link', { name: 'Log in' });
    const loginTo = (path: string) => `/pass/login?${new URLSearchParams({ redirect: path }).toString()}`;
    await page.goto(deepLink);
    await expect(login).toHaveAttribute('href', loginTo(deepLink));
    // The link follows the page as the customer moves on in the app (no reload).
    await page
      .locator(mobile ? '.tabbar' : '.topbar .tabs')
      .getByRole('link', { name: 'Market' })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === '/market');
    const here = new URL(page.url());
    await expect(login).toHaveAttribute('href', loginTo(here.pathname + here.search));
    await login.click();
    await expect(page).toHaveURL((url) => url.pathname === '/pass/login');
    await logInOnPage(page, customer.userName);
    await expect(page).toHaveURL((url) => url.pathname + url.search === here.pathname + here.search);
    expect(await isLoggedIn(page)).toBe('true');
    await expect(bar.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('on the desktop bar, Sign up carries the page too', async ({ page }, info) => {
    test.skip(isMobileProject(info), 'the mobile bar has Log in only');
    await page.goto(deepLink);
    await expect(page.locator('.topbar').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/pass/register?${new URLSearchParams({ redirect: deepLink })}`,
    );
  });
});
