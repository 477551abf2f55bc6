// Sign-up with the mailed code, logout, login and the demo-book header, against the real server.
import { expect, test, type Page } from '@playwright/test';
import {
  capturePageErrors,
  clientIp,
  isMobileProject,
  mailedCode,
  skipIntro,
  uniqueName,
} from './support.ts';

const password = 'correct horse battery';

async function storage(page: Page) {
  return page.evaluate(() => ({
    isLogin: localStorage.getItem('isLogin'),
    userInfo: localStorage.getItem('userInfo'),
    virtualStatus: localStorage.getItem('virtualStatus'),
  }));
}

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect.poll(async () => (await storage(page)).isLogin).toBeNull();
  expect((await storage(page)).userInfo).toBeNull();
}

test('a visitor signs up with the mailed code, logs out and logs in again', async ({ page }, info) => {
  await skipIntro(page);
  await page.setExtraHTTPHeaders(clientIp());
  const errors = capturePageErrors(page);
  const userName = uniqueName(info.project.name === 'mobile' ? 'm_' : 'd_');
  const email = `${userName}@example.com`;

  await page.goto('/pass/register?invite=');
  // Client-side checks come first, with the spec's messages.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please enter a username')).toBeVisible();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  await expect(page.getByText('Please enter the verification code')).toBeVisible();

  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await mailedCode(email));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password + 'x');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('The passwords entered do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);

  // The first call after sign-up fetches user info for the demo book: virtually NO.
  const userInfo = page.waitForRequest((r) => r.url().endsWith('/api/swx/customer/user/getUserInfo'));
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const request = await userInfo;
  expect(request.headers()['virtually']).toBe('NO');
  expect(request.headers()['authorization']).toBeTruthy();
  const stored = await storage(page);
  expect(stored.isLogin).toBe('true');
  expect(JSON.parse(stored.userInfo ?? '{}')).toMatchObject({ userName, email });

  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId('tile-equity')).toContainText('100,000.00');

  await logOut(page);

  await page.goto('/pass/login');
  await page.getByLabel('Username or email').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect((await storage(page)).isLogin).toBe('true');
  if (!isMobileProject(info)) await expect(page.locator('.user-chip')).toHaveText(userName);

  await logOut(page);
  expect(errors).toEqual([]);
});

test.describe('the API client and the session, whatever the layout', () => {
  // Request headers, what is stored and the Google state check are the app's client, not a layout's.
  test.skip(({ isMobile }) => isMobile, 'no layout or touch in it');

  test('public calls carry virtually: NO while the demo book is selected', async ({ page }) => {
    await skipIntro(page);
    const list = page.waitForRequest((r) => r.url().includes('/api/swx/customer/index/listContents/'));
    await page.goto('/');
    const request = await list;
    expect(request.headers()['virtually']).toBe('NO');
    expect(request.headers()['accept-language']).toBe('en');
    expect((await storage(page)).virtualStatus).toBeNull();
  });

  test('a forged token on an account page sends the user to log in and back, with storage cleared', async ({
    page,
  }) => {
    await skipIntro(page);
    await page.goto('/');
    await page.evaluate(() => {
      const forged = {
        token: 'forged-token',
        id: '1',
        userName: 'forged',
        email: 'forged@example.com',
        areaCode: null,
        phone: null,
        status: 1,
        kycStatus: 0,
        inviteCode: 'FORGED',
        createdAt: 0,
      };
      localStorage.setItem('userInfo', JSON.stringify(forged));
      localStorage.setItem('isLogin', 'true');
    });
    await page.goto('/profile/balance');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/pass/login' && url.searchParams.get('redirect') === '/profile/balance',
    );
    expect(await storage(page)).toMatchObject({ isLogin: null, userInfo: null });
  });

  test('a Google return whose state this tab did not send is refused without calling the server', async ({
    page,
  }) => {
    await skipIntro(page);
    let exchanged = false;
    page.on('request', (r) => {
      if (r.url().includes('/loginByGoogle')) exchanged = true;
    });
    await page.goto('/api/loginCallback/google?code=forged-code&state=not-ours');
    await expect(page.getByText('This sign-in did not start from this browser tab.')).toBeVisible();
    expect(exchanged).toBe(false);
  });
});
