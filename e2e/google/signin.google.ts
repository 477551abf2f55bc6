// Google sign-in end to end in the browser, against a real OpenID Provider (oidc-provider) on loopback:
// click "Continue with Google", sign in at the provider's login page, consent, land signed in; again → the
// same account; a forged code, a replayed return URL and a state from elsewhere are refused on the page.
import { expect, test, type Page } from '@playwright/test';
import { capturePageErrors, skipIntro, uniqueName } from '../web/support.ts';
import { nextTotpCode, signUp, turnOnCustomerTotp } from '../support/accounts.ts';

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

/** From the login screen to the provider: the button starts a sign-in the server keeps; its URL is answered. */
async function toProvider(page: Page): Promise<URL> {
  await page.goto('/pass/login');
  // The page leaves for the provider at once, so the answer is read on its way through.
  let authorizationUrl = '';
  await page.route('**/googleStart', async (route) => {
    const response = await route.fetch();
    authorizationUrl = ((await response.json()) as { result: { authorizationUrl: string } }).result
      .authorizationUrl;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect.poll(() => authorizationUrl).not.toBe('');
  await page.unroute('**/googleStart');
  return new URL(authorizationUrl);
}

/** At the provider: the development login page (any login name), then the consent page. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signedInEmail(page: Page): Promise<string> {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
  const info = await page.evaluate(() => localStorage.getItem('userInfo'));
  return (JSON.parse(info ?? '{}') as { email?: string }).email ?? '';
}

test('a customer signs in with Google, and again into the same account', async ({ page }, info) => {
  const errors = capturePageErrors(page);
  const email = `${uniqueName(info.project.name === 'mobile' ? 'gm_' : 'gd_')}@example.com`;
  await toProvider(page);
  await signInAtProvider(page, email);
  expect(await signedInEmail(page)).toBe(email);
  const firstId = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').id);
  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBeNull();
  // The provider remembers this browser's sign-in and consent (as Google does): it answers at once.
  await toProvider(page);
  expect(await signedInEmail(page)).toBe(email);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').id)).toBe(firstId);
  expect(errors).toEqual([]);
});

test('a forged code is refused with 10035 and its message, a replayed return URL and a foreign state too', async ({
  page,
}) => {
  // A sign-in this tab started: its state is stored here and known to the server, but the code is forged.
  const authorization = await toProvider(page);
  const state = authorization.searchParams.get('state') ?? '';
  // Let the tab arrive at the provider's login page first: a goto while the provider is still redirecting
  // to its interaction page is cut off by that redirect (seen once in CI).
  await expect(page.locator('input[name="login"]')).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().endsWith('/loginByGoogle'));
  await page.goto(`/api/loginCallback/google?code=forged-code&state=${encodeURIComponent(state)}`);
  const answer = await refused;
  expect(await answer.json()).toMatchObject({ code: '10035' });
  await expect(page.getByText('Google login failed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();

  // The same return URL again (a replay): the tab has used its state, and nothing is sent.
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/loginByGoogle')) sent = true;
  });
  await page.reload();
  await expect(page.getByText('This sign-in did not start from this browser tab')).toBeVisible();
  // A state this tab never sent (login CSRF): refused before anything is sent.
  await page.goto('/api/loginCallback/google?code=some-code&state=someone-elses-state');
  await expect(page.getByText('This sign-in did not start from this browser tab')).toBeVisible();
  expect(sent).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBeNull();
});

test('a customer with two-factor on signs in with Google on a new device and enters the code', async ({
  page,
  request,
}, info) => {
  // The Google run's server keeps its mail in its own data dir (playwright.google.config.ts).
  process.env.E2E_DATA_DIR = process.env.E2E_GOOGLE_DATA_DIR;
  const errors = capturePageErrors(page);
  const customer = await signUp(request, info.project.name === 'mobile' ? 'gtm_' : 'gtd_');
  const account = await turnOnCustomerTotp(request, customer);

  const email = `${customer.userName}@example.com`;
  await toProvider(page);
  await signInAtProvider(page, email);
  // Google alone signs nobody in on this new browser: the code is asked, and no session is kept meanwhile.
  const step = page.getByTestId('login-second-factor');
  await expect(step).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBeNull();
  await step
    .locator('input')
    .first()
    .fill(await nextTotpCode(account, request));
  await step.locator('button[type="submit"]').click();
  expect(await signedInEmail(page)).toBe(email);
  expect(errors).toEqual([]);
});
