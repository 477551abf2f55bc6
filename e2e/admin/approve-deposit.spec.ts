// The back office decides, the customer sees it: a customer claims a USDT deposit, an operator signs in to
// /admin, opens the deposit queue and clicks Approve, and the customer's real balance in the customer app
// goes from 0 to the amount claimed.
import { expect, test } from '@playwright/test';
import { envelope, signInBackOffice, signInBrowser, signUp } from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { capturePageErrors } from '../web/support.ts';

test.skip(({ isMobile }) => isMobile, 'the back office is a desktop tool');

test('an operator approves a deposit in the back office and the customer sees the balance change', async ({
  page,
  browser,
  request,
}) => {
  const errors = capturePageErrors(page);
  const customer = await signUp(request, 'appr_');
  // Opens the channels first, as the operator does before any deposit.
  const claim = await claimDeposit(request, customer, '150');

  // The customer's real balance before the decision.
  await signInBrowser(page, request, customer);
  await page.goto('/profile/balance');
  await page.getByRole('button', { name: 'Real', exact: true }).first().click();
  await expect(page.getByText('Switched to the real book')).toBeVisible();
  await expect(page.getByTestId('tile-balance')).toContainText('0.00');

  // The operator, in a browser of their own.
  const office = await browser.newPage();
  const officeErrors = capturePageErrors(office);
  await signInBackOffice(office);
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
