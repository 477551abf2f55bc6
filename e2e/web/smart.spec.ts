// Smart plans in the browser against the real server (issue 10 "Proof"): a customer whose real book is funded
// by a deposit that finance approves buys a plan through the confirm step, finds it in My plans, turns
// auto-renew on and exits early through the dialog, paying the penalty it showed; a demo-book attempt shows
// 10102's message with the switch to the real book; visitors see the products and the calculator in Arabic.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { backOfficeHeaders, envelope, signInBrowser, signUp, type Customer } from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

const shots = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string, mobile: boolean, fullPage = true): Promise<void> {
  if (shots)
    await page.screenshot({ path: `${shots}/${name}-${mobile ? 'mobile' : 'desktop'}.png`, fullPage });
}

/** Real cash as a customer gets it: a deposit claim with proof, approved by finance in the back office API. */
async function fundRealBook(request: APIRequestContext, customer: Customer, amount: string): Promise<void> {
  const claim = await claimDeposit(request, customer, amount);
  const headers = await backOfficeHeaders(request);
  await envelope(
    await request.post(`/admin/api/reviews/deposits/${claim.id}/approve`, { headers, data: {} }),
  );
}

/** Submit from the keyboard: the phone's bottom sheet keeps its buttons sticky over the scrolling figures. */
async function press(page: Page, scope: string, button: string): Promise<void> {
  const submit = page.getByTestId(scope).getByTestId(button);
  await expect(submit).toBeEnabled();
  await submit.focus();
  await page.keyboard.press('Enter');
}

/**
 * The dialog around `scope` is styled as the app's others (issue 23: the browser's own border and padding,
 * buttons at the start): no user-agent padding, a 1 px border, and the last button ends at the dialog's end
 * edge (right in English) inside its padding.
 */
async function expectStyledDialog(page: Page, scope: string, button: string): Promise<void> {
  const dialog = page.locator('dialog').filter({ has: page.getByTestId(scope) });
  await expect(dialog).toBeVisible();
  const style = await dialog.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { padding: computed.paddingTop, border: computed.borderTopWidth };
  });
  expect(style).toEqual({ padding: '0px', border: '1px' });
  const box = await dialog.boundingBox();
  const last = await page.getByTestId(scope).getByTestId(button).boundingBox();
  if (!box || !last) throw new Error('dialog or button not laid out');
  const endGap = box.x + box.width - (last.x + last.width);
  expect(endGap).toBeGreaterThan(0);
  expect(endGap).toBeLessThan(40);
}

/** The first product (Steady: 100 … 50,000 USDT, 30 days at 0.015 % a day, 5 % early-exit penalty). */
async function fillSteady(page: Page, amount: string) {
  const card = page.getByTestId('smart-product').first();
  await expect(card).toBeVisible();
  await card
    .getByTestId('smart-days')
    .getByRole('button', { name: /30 days/ })
    .click();
  await card.getByTestId('smart-amount').fill(amount);
  return card;
}

test('a funded customer buys a plan, sees it in My plans, turns auto-renew on and exits early through the dialog', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  const mobile = isMobileProject(info);
  const customer = await signUp(request, 'smart');
  await fundRealBook(request, customer, '500');
  await signInBrowser(page, request, customer);
  await page.addInitScript(() => window.localStorage.setItem('virtualStatus', '2'));
  await page.goto('/trading');
  await expect(page.getByTestId('smart-disclosure')).toContainText('not an investment in trading results');

  const card = await fillSteady(page, '50');
  await expect(card.getByText('The minimum for this plan is 100 USDT.')).toBeVisible();
  await expect(card.getByTestId('smart-review')).toBeDisabled();
  await card.getByTestId('smart-amount').fill('200');
  // 200 × 0.015 % = 0.03 a day, 0.90 over 30 days; 5 % of 200 is the penalty before any interest.
  await expect(card.getByTestId('calc-rate')).toHaveText('0.015%');
  await expect(card.getByTestId('calc-daily')).toHaveText('0.03 USDT');
  await expect(card.getByTestId('calc-total')).toHaveText('0.90 USDT');
  await expect(card.getByTestId('calc-maturity-amount')).toHaveText('200.90 USDT');
  await expect(card.getByTestId('calc-penalty')).toContainText('10.00 USDT');
  await shot(page, 'smart-products', mobile);

  await card.getByTestId('smart-review').click();
  const confirm = page.getByTestId('smart-confirm');
  await expect(confirm.getByTestId('smart-confirm-book')).toHaveText('Real book – real money');
  await expect(confirm.getByTestId('confirm-total')).toHaveText('0.90 USDT');
  await expect(confirm.getByTestId('confirm-penalty')).toContainText('10.00 USDT');
  await expect(confirm.getByTestId('smart-confirm-counterparty')).toContainText('paid by Tradewind');
  // The note is a whole sentence: it starts with its title, not "a fixed-term plan…".
  await expect(confirm.getByTestId('smart-confirm-counterparty')).toHaveText(
    /^What a smart plan is: a fixed-term/,
  );
  await expectStyledDialog(page, 'smart-confirm', 'smart-confirm-submit');
  await shot(page, 'smart-confirm', mobile, false);
  await press(page, 'smart-confirm', 'smart-confirm-submit');
  await expect(page.getByText(/Plan started: /)).toBeVisible();

  const plan = page.getByTestId('smart-plans').getByTestId('smart-plan');
  await expect(plan).toHaveCount(1);
  await expect(plan.getByTestId('plan-status')).toHaveText('Earning');
  await expect(plan.getByTestId('plan-progress')).toHaveText('Day 0 of 30 paid');
  await expect(plan.getByTestId('plan-next')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  // From the keyboard: on phones the bottom tab bar may cover the row's end until it scrolls.
  await plan.getByRole('switch').focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('This plan will renew at maturity.')).toBeVisible();
  await expect(plan.getByRole('switch')).toBeChecked();
  await shot(page, 'smart-my-plans', mobile);

  await plan.getByTestId('plan-exit').focus();
  await page.keyboard.press('Enter');
  const exit = page.getByTestId('smart-exit');
  await expect(exit.getByTestId('exit-penalty')).toHaveText('10.00 USDT');
  await expect(exit.getByTestId('exit-returned')).toHaveText('190.00 USDT');
  await expectStyledDialog(page, 'smart-exit', 'exit-submit');
  await shot(page, 'smart-exit', mobile, false);
  await press(page, 'smart-exit', 'exit-submit');
  await expect(page.getByText('Plan exited: 190.00 USDT is back in your balance.')).toBeVisible();
  await expect(plan.getByTestId('plan-status')).toHaveText('Exited early');
  await expect(plan.getByTestId('plan-penalty')).toHaveText('10.00 USDT');

  // The orders page's smart tab lists the same plan.
  await page.goto('/profile/orders');
  await page.locator('[data-tab="smart"]').click();
  await expect(page.getByTestId('smart-plan').getByTestId('plan-status')).toHaveText('Exited early');
  expect(errors).toEqual([]);
});

test('a plan bought on the demo book shows the demo-accounts message with the switch', async ({
  page,
  request,
}) => {
  const errors = capturePageErrors(page);
  await signInBrowser(page, request, await signUp(request, 'smartdemo'));
  await page.goto('/trading');
  await expect(page.getByTestId('smart-demo-note')).toBeVisible();
  const card = await fillSteady(page, '100');
  await card.getByTestId('smart-review').click();
  const confirm = page.getByTestId('smart-confirm');
  await expect(confirm.getByTestId('smart-confirm-book')).toHaveAttribute('data-book', 'demo');
  await press(page, 'smart-confirm', 'smart-confirm-submit');
  await expect(confirm.getByRole('alert')).toHaveText('The demo book cannot use smart trading');
  await expect(confirm.getByTestId('smart-demo-refused')).toContainText('Switch to it and confirm again');
  await expect(confirm.getByTestId('smart-demo-refused').getByRole('button', { name: 'Real' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('visitors see the products and the calculator in Arabic, right to left, and are asked to log in', async ({
  page,
}, info) => {
  const errors = capturePageErrors(page);
  await skipIntro(page);
  await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto('/trading');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('smart-disclosure')).toContainText('ليست استثمارًا في نتائج التداول');
  const card = page.getByTestId('smart-product').first();
  await card.getByTestId('smart-amount').fill('1000');
  await expect(card.getByTestId('calc-penalty')).toContainText('USDT');
  await expect(card.getByTestId('smart-login')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'smart-ar', isMobileProject(info));
  expect(errors).toEqual([]);
});
