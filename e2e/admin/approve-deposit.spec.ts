// The back office decides, the customer sees it: a customer claims a USDT deposit, an operator signs in to
// /admin, opens the deposit queue and clicks Approve, and the customer's real balance in the customer app
// goes from 0 to the amount claimed.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { capturePageErrors, mailedCode, skipIntro, uniqueName } from '../web/support.ts';

test.skip(({ isMobile }) => isMobile, 'the back office is a desktop tool');

const password = 'correct horse battery';
/** A valid 1×1 PNG: the server decodes and re-encodes every upload. */
const proof = {
  name: 'proof.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};
/** A TRC20 address that passes the network's base58check (the USDT contract on TRON). */
const tronAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

type Customer = { userName: string; token: string };

async function envelope<T>(response: { json(): Promise<unknown>; status(): number }): Promise<T> {
  const body = (await response.json()) as { code: string; message: string; result: T };
  expect(body.code, `${response.status()} ${body.message}`).toBe('200');
  return body.result;
}

async function adminPassword(): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return (await readFile(path.join(dataDir, 'admin-password.txt'), 'utf8')).trim();
}

async function signUp(request: APIRequestContext): Promise<Customer> {
  const userName = uniqueName('appr_');
  const email = `${userName}@example.com`;
  await envelope(
    await request.post('/api/swx/customer/login/sendCode', { data: { email, purpose: 'register' } }),
  );
  const code = await mailedCode(email);
  const { token } = await envelope<{ token: string }>(
    await request.post('/api/swx/customer/login/register', { data: { userName, email, password, code } }),
  );
  return { userName, token };
}

/** The operator's set-up before deposits open: the USDT (TRC20) channel gets a real address and is shown. */
async function openUsdtChannel(request: APIRequestContext): Promise<string> {
  const { token } = await envelope<{ token: string }>(
    await request.post('/admin/api/login', { data: { userName: 'admin', password: await adminPassword() } }),
  );
  const headers = { Authorization: token };
  const channels = await envelope<{
    list: { id: string; asset: string; network: string; enabled: boolean }[];
  }>(await request.get('/admin/api/deposit-channels', { headers }));
  const channel = channels.list.find((c) => c.asset === 'USDT' && c.network === 'TRC20');
  if (!channel) throw new Error('no USDT (TRC20) channel');
  if (!channel.enabled) {
    await envelope(
      await request.post(`/admin/api/deposit-channels/${channel.id}`, {
        headers,
        data: { address: tronAddress, enabled: true, reason: 'receiving wallet ready' },
      }),
    );
  }
  return channel.id;
}

async function claimDeposit(request: APIRequestContext, customer: Customer, channelId: string) {
  return envelope<{ id: string }>(
    await request.post('/api/swx/customer/user/recharge', {
      headers: {
        Authorization: customer.token,
        virtually: 'YES',
        'Idempotency-Key': randomBytes(16).toString('hex'),
      },
      multipart: {
        channelId,
        amount: '150',
        quotedRate: '1',
        txHash: randomBytes(32).toString('hex'),
        proof,
      },
    }),
  );
}

/** The customer app starts signed in as `customer`. */
async function signInCustomer(page: Page, request: APIRequestContext, customer: Customer): Promise<void> {
  const info = await envelope<Record<string, unknown>>(
    await request.post('/api/swx/customer/user/getUserInfo', { headers: { Authorization: customer.token } }),
  );
  await skipIntro(page);
  await page.addInitScript(
    ({ user }) => {
      if (localStorage.getItem('isLogin')) return;
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('isLogin', 'true');
    },
    { user: { ...info, token: customer.token } },
  );
}

test('an operator approves a deposit in the back office and the customer sees the balance change', async ({
  page,
  browser,
  request,
}) => {
  const errors = capturePageErrors(page);
  const channelId = await openUsdtChannel(request);
  const customer = await signUp(request);
  const claim = await claimDeposit(request, customer, channelId);

  // The customer's real balance before the decision.
  await signInCustomer(page, request, customer);
  await page.goto('/profile/balance');
  await page.getByRole('button', { name: 'Real', exact: true }).first().click();
  await expect(page.getByText('Switched to the real account')).toBeVisible();
  await expect(page.getByTestId('tile-balance')).toContainText('0.00');

  // The operator, in a browser of their own.
  const office = await browser.newPage();
  const officeErrors = capturePageErrors(office);
  await office.goto('/admin');
  await office.getByLabel('User name', { exact: true }).fill('admin');
  await office.getByLabel('Password', { exact: true }).fill(await adminPassword());
  await office.getByRole('button', { name: 'Sign in' }).click();
  await expect(office.getByRole('heading', { name: 'Review queues' })).toBeVisible();
  const row = office.getByRole('row').filter({ hasText: customer.userName });
  await expect(row).toContainText('150 USDT');
  await expect(row.getByRole('cell', { name: claim.id, exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = office.getByRole('dialog', { name: `Approve item ${claim.id}` });
  await dialog.getByLabel('Note (optional)').fill('seen on chain');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(office.getByRole('status').filter({ hasText: 'Operation successful' })).toBeVisible();
  await expect(row).toHaveCount(0);

  // The customer's app shows the credit.
  await page.reload();
  await expect(page.getByTestId('tile-balance')).toContainText('150.00');
  const { balance } = await envelope<{ balance: string }>(
    await request.post('/api/swx/customer/user/getUserInfo', {
      headers: { Authorization: customer.token, virtually: 'YES' },
    }),
  );
  expect(balance).toBe('150');
  expect(errors).toEqual([]);
  expect(officeErrors).toEqual([]);
});
