// Accounts for the browser tests, made through the APIs as a person would: customers signed up with their
// mailed code, the first-start operator of the back office, and the response envelope both APIs answer in.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { clientIp, mailedCode, skipIntro, uniqueName } from '../web/support.ts';

export const password = 'correct horse battery';

export type Customer = { userName: string; token: string };

/** The result of a `{ code, message, result }` answer; fails the test, with the message, unless code 200. */
export async function envelope<T>(response: { json(): Promise<unknown>; status(): number }): Promise<T> {
  const body = (await response.json()) as { code: string; message: string; result: T };
  expect(body.code, `${response.status()} ${body.message}`).toBe('200');
  return body.result;
}

/** A new customer, signed up through the API with the mailed code. */
export async function signUp(request: APIRequestContext, prefix: string): Promise<Customer> {
  const userName = uniqueName(prefix);
  const email = `${userName}@example.com`;
  const headers = clientIp();
  await envelope(
    await request.post('/api/swx/customer/login/sendCode', {
      data: { email, purpose: 'register' },
      headers,
    }),
  );
  const code = await mailedCode(email);
  const { token } = await envelope<{ token: string }>(
    await request.post('/api/swx/customer/login/register', {
      data: { userName, email, password, code },
      headers,
    }),
  );
  return { userName, token };
}

/** What the customer app keeps in localStorage as `userInfo` once `customer` is signed in. */
export async function customerSession(
  request: APIRequestContext,
  customer: Customer,
): Promise<Record<string, unknown>> {
  const info = await envelope<Record<string, unknown>>(
    await request.post('/api/swx/customer/user/getUserInfo', { headers: { Authorization: customer.token } }),
  );
  return { ...info, token: customer.token };
}

/** The browser starts signed in as `customer` (demo book selected, as after any sign-up). */
export async function signInBrowser(
  page: Page,
  request: APIRequestContext,
  customer: Customer,
): Promise<void> {
  const user = await customerSession(request, customer);
  await skipIntro(page);
  await page.addInitScript(
    ({ user }) => {
      if (localStorage.getItem('isLogin')) return;
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('isLogin', 'true');
    },
    { user },
  );
}

/** bootstrapAdmin writes the password of `admin` (superadmin) to DATA_DIR/admin-password.txt on first start. */
export async function adminPassword(): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return (await readFile(path.join(dataDir, 'admin-password.txt'), 'utf8')).trim();
}

/** The first-start admin signed in to the back office API: its request headers. */
export async function backOfficeHeaders(request: APIRequestContext): Promise<{ Authorization: string }> {
  const { token } = await envelope<{ token: string }>(
    await request.post('/admin/api/login', { data: { userName: 'admin', password: await adminPassword() } }),
  );
  return { Authorization: token };
}

/** The first-start admin signs in to the back office at /admin in `page`, through its login form. */
export async function signInBackOffice(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('User name', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(await adminPassword());
  await page.getByRole('button', { name: 'Sign in' }).click();
}
