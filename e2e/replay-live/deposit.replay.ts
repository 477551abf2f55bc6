// A BTC deposit on a live price (issue 21, DESIGN.md §1.10): on this run a live recording prices BTC, so the
// back office can open the BTC channel; the customer sees its indicative rate with no simulated label, and
// the claim locks a named live tick. (On the main run's walk-only server no BTC channel opens: wallet.spec.)
import { expect, test } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { openDepositChannels, png, txHash } from '../support/deposits.ts';
import { capturePageErrors } from '../web/support.ts';

// This run's server keeps its mailed codes and admin password in its own data dir (see data-dir.ts).
if (process.env.E2E_REPLAY_DATA_DIR) process.env.E2E_DATA_DIR = process.env.E2E_REPLAY_DATA_DIR;

test('a BTC claim on a live price locks a named live tick, with no simulated label', async ({
  page,
  request,
}) => {
  const errors = capturePageErrors(page);
  await openDepositChannels(request);
  const customer = await signUp(request, 'live_dep_');
  await signInBrowser(page, request, customer);
  await page.addInitScript(() => {
    if (!localStorage.getItem('virtualStatus')) localStorage.setItem('virtualStatus', '2');
  });
  await page.goto('/profile/recharge');
  await page.getByRole('radio', { name: /BTC/ }).click();
  const indicative = page.getByTestId('indicative-rate');
  await expect(indicative).toContainText('1 BTC =');
  await expect(page.getByTestId('rate-paused')).toHaveCount(0);
  await expect(page.getByTestId('simulated-label')).toHaveCount(0);
  await page.getByLabel('Amount to credit').fill('1500');
  await expect(page.getByTestId('coin-estimate')).toContainText(/0\.0\d+ BTC/);
  await page.getByLabel('Transaction hash').fill(txHash());
  await page.getByLabel('Screenshot of the transfer').setInputFiles(png('proof.png'));
  await page.getByRole('button', { name: 'Submit deposit for review' }).click();
  await expect(page.getByText('Recharge added and submitted for review')).toBeVisible();
  const result = page.getByTestId('claim-result');
  await expect(result.getByTestId('claim-tick')).toContainText(/BTCUSDT at .+ · price record #\d+/);
  await expect(result.getByTestId('simulated-label')).toHaveCount(0);
  await expect(page.getByTestId('deposit-row').first().getByTestId('deposit-rate')).toContainText(
    /1 BTC = .+ USDT/,
  );
  expect(errors).toEqual([]);
});
