// Real-book contract journeys, on the server whose crypto prices are live (a replay declared live): the main
// run's walk is simulated, and the real book refuses it (10160, price-status.spec.ts). Moved here from
// trade.spec.ts: a real-book attempt without funds reaches the server and shows 10011's message.
import './data-dir.ts';
import { expect, test } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors } from '../web/support.ts';

/** Crypto trades around the clock, and the recording prices it live. */
const code = 'BTCUSDT';

test('a real-book contract without funds shows the insufficient-balance message', async ({
  page,
  request,
}) => {
  const errors = capturePageErrors(page);
  await signInBrowser(page, request, await signUp(request, 'tradereal'));
  await page.addInitScript(() => window.localStorage.setItem('virtualStatus', '2'));
  await page.goto(`/cruuency?code=${code}`);
  const panel = page.getByTestId('trade-panel');
  await expect(panel).toBeVisible();
  // Live prices: the form is offered in the real book, and the price carries no label.
  await expect(panel.getByTestId('trade-real-paused')).toHaveCount(0);
  await expect(page.locator('.detail-price').getByTestId('simulated-label')).toHaveCount(0);
  await panel.locator('[data-direction="up"]').click();
  await panel.getByTestId('trade-review').click();
  const confirm = page.getByTestId('trade-confirm');
  await expect(confirm.getByTestId('confirm-book')).toHaveText('Real book – real money');
  const submit = confirm.getByTestId('confirm-submit');
  await expect(submit).toBeEnabled();
  // From the keyboard: the phone's bottom sheet re-renders its figures under the pointer as prices move.
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('alert')).toContainText('Insufficient balance');
  expect(errors).toEqual([]);
});
