// Forms that say the right thing in the right place: server findings at their fields until changed, focus on
// the first invalid field, the KYC note and area code, and the withdrawal's password, address and rows.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { password, signInBrowser, signUp, type Customer } from '../support/accounts.ts';
import { claimDeposit, png } from '../support/deposits.ts';
import { saveUsableMethod } from '../support/payout-methods.ts';
import { approvePending, verifyIdentity } from '../support/kyc.ts';
import { capturePageErrors, clientIp, isMobileProject, signWithMouse, skipIntro } from './support.ts';

/** A base58check TRC20 address (the server checks the checksum). */
const tronAddress = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

async function shot(page: Page, name: string, project: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-${project}.png`), fullPage: false });
}

test('sign-up: taken username and email stay at their fields, and the first invalid field gets focus', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  await skipIntro(page);
  await page.setExtraHTTPHeaders(clientIp());
  const existing = await signUp(request, 'taken_');
  await page.goto('/pass/register');

  // An empty submit: the first field is focused and in view.
  await page.getByRole('button', { name: 'Sign up' }).click();
  const userName = page.getByLabel('Username');
  await expect(userName).toBeFocused();
  await expect(userName).toBeInViewport();

  // Found taken on blur, the message survives a submit, which focuses the field instead of sending.
  await userName.fill(existing.userName);
  await userName.blur();
  await expect(userName).toHaveAccessibleDescription(/already (taken|exists)/);
  await page.getByLabel('Email address').fill(`${existing.userName}@example.com`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(userName).toHaveAccessibleDescription(/already (taken|exists)/);
  await expect(userName).toBeFocused();

  // A registered email is said at the email field, not in a banner or a toast.
  const email = page.getByLabel('Email address');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(email).toHaveAccessibleDescription(/Email already exists/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(page.locator('.note-error')).toHaveCount(0);
  await shot(page, 'signup-taken', info.project.name);

  // Changing a field clears that field's finding only.
  await userName.fill(`${existing.userName}x`);
  await expect(userName).not.toHaveAccessibleDescription(/already/);
  await expect(email).toHaveAccessibleDescription(/Email already exists/);
  await email.fill(`${existing.userName}x@example.com`);
  await expect(email).not.toHaveAccessibleDescription(/already exists/);
  expect(errors).toEqual([]);
});

test('KYC: the "complete all" note goes once all is filled; the area code follows the country until picked', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  const customer = await signUp(request, 'kycf_');
  await signInBrowser(page, request, customer);
  await page.goto('/profile/verification');

  await page.getByRole('button', { name: 'Submit for verification' }).click();
  const note = page.getByText('Please complete all the information');
  await expect(note).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toBeInViewport();

  const areaCode = page.getByLabel('Country calling code');
  await page.getByLabel('Country or region').selectOption('FR');
  await expect(areaCode).toHaveValue('+33');
  await page.getByLabel('Country or region').selectOption('JP');
  await expect(areaCode).toHaveValue('+81');

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Sex').selectOption('female');
  await page.getByLabel('Date of birth').fill('1990-12-10');
  await page.getByLabel('Residential address').fill('12 St James Square, London');
  await page.getByLabel('Phone number').fill('7700900123');
  await page.getByLabel('Front of the document').setInputFiles(png('front.png'));
  await page.getByLabel('Back of the document').setInputFiles(png('back.png'));
  await expect(note).toBeVisible();
  await page.getByLabel('You holding the document').setInputFiles(png('selfie.png'));
  // Everything is filled: nothing is missing any more, so the note is gone before any new submit.
  await expect(note).toBeHidden();

  // The customer's own pick wins over the country from then on.
  await areaCode.selectOption('+44');
  await page.getByLabel('Country or region').selectOption('DE');
  await expect(areaCode).toHaveValue('+44');
  await shot(page, 'kyc-filled', info.project.name);
  expect(errors).toEqual([]);
});

async function withdrawer(request: APIRequestContext): Promise<Customer> {
  const customer = await signUp(request, 'wdf_');
  await verifyIdentity(request, customer);
  await claimDeposit(request, customer, '150');
  await approvePending(request, 'deposits', customer.userName);
  await saveUsableMethod(request, customer, { type: 'usdt', network: 'TRC20', address: tronAddress });
  return customer;
}

for (const lang of ['en', 'ar'] as const) {
  test(`withdrawal (${lang}): wrong password said as such, the whole address in groups, a pending row to come`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const customer = await withdrawer(request);
    await signInBrowser(page, request, customer);
    await page.addInitScript((lang) => {
      localStorage.setItem('virtualStatus', '2');
      localStorage.setItem('lang', lang);
    }, lang);
    await page.goto('/profile/withdraw');
    const amount = page.locator('input[name="amount"]');
    await amount.fill('50');
    // Card payout terms are for a bank card only (withdrawal-card.spec).
    await expect(page.getByTestId('card-payout-terms')).toHaveCount(0);
    await expect(page.getByTestId('quote-net')).toContainText('49');
    await page.locator('form', { has: amount }).locator('button[type="submit"]').click();
    const confirm = page.getByRole('dialog');
    const address = confirm.getByTestId('confirm-address');
    await expect(address).toBeVisible();
    // Every character, in groups of four, left to right even in Arabic.
    expect((await address.textContent()) ?? '').toBe(tronAddress);
    await expect(address.locator('span')).toHaveCount(Math.ceil(tronAddress.length / 4));
    await expect(address.locator('span').first()).toHaveText(tronAddress.slice(0, 4));
    await expect(address).toHaveAttribute('dir', 'ltr');
    const style = await address.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(style).toMatch(/mono/i);

    const passwordField = confirm.locator('input[name="password"]');
    await passwordField.fill('not my password');
    await confirm.locator('button[type="submit"]').click();
    const wrong = lang === 'en' ? 'Incorrect password' : 'كلمة المرور غير صحيحة';
    await expect(passwordField).toHaveAccessibleDescription(wrong);
    await expect(passwordField).toBeFocused();
    await expect(confirm).not.toContainText(lang === 'en' ? 'username' : 'اسم المستخدم');
    await shot(page, `withdraw-confirm-${lang}`, info.project.name);

    await passwordField.fill(password);
    await confirm.locator('button[type="submit"]').click();
    await expect(confirm).toBeHidden();
    const row = page.getByTestId('withdrawal-row').first();
    await expect(row.getByTestId('withdrawal-net')).toContainText(
      lang === 'en' ? 'You will receive:' : 'ستستلم:',
    );
    await expect(row.getByTestId('withdrawal-net')).toContainText('49');

    const { payoutTxHash } = await approvePending(request, 'withdrawals', customer.userName);
    await page.goto('/profile/records?tab=withdrawals');
    await expect(page.getByTestId('withdrawal-row').first().getByTestId('withdrawal-net')).toContainText(
      lang === 'en' ? 'Received:' : 'المستلم:',
    );
    // The payout finance recorded, with the chain's public explorer and the usual arrival (issue 23).
    const payout = page.getByTestId('withdrawal-row').first().getByTestId('withdrawal-payout');
    await expect(payout).toContainText(payoutTxHash ?? 'no hash');
    await expect(payout.getByRole('link')).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${payoutTxHash ?? ''}`,
    );
    // Arabic isolates the numbers (U+2068 … U+2069): they are matched inside them.
    await expect(payout).toContainText(
      lang === 'en' ? /Usually arrives 1–5 minutes/ : /يصل عادةً بعد \u20681\u2069–\u20685\u2069 دقيقة/,
    );
    await shot(page, `withdraw-rows-${lang}`, info.project.name);
    expect(errors).toEqual([]);
  });
}

/**
 * Alters the JSON body of `url`'s POSTs while `alter` is set. Between the confirm step and the server the
 * world can move on (the price passes a take-profit typed close to it, an operator changes a product's
 * bounds); the altered request stands for that moment, and the answer is the real server's own.
 */
async function alterRequests(page: Page, url: string) {
  const state: { alter: ((body: Record<string, unknown>) => Record<string, unknown>) | null } = {
    alter: null,
  };
  await page.route(url, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify(state.alter ? state.alter(body) : body) });
  });
  return state;
}

/** Confirm from the keyboard (the phone's bottom sheet re-renders under a pointer while the price moves). */
async function confirmContract(page: Page): Promise<void> {
  const submit = page.getByTestId('trade-confirm').getByTestId('confirm-submit');
  await expect(submit).toBeEnabled();
  await submit.focus();
  await page.keyboard.press('Enter');
}

test('contract ticket: a refused take-profit or lot count comes back to its field, focused, until changed', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  await signInBrowser(page, request, await signUp(request, 'tktf_'));
  const sending = await alterRequests(page, '**/api/swx/customer/order/buyOptions');
  await page.goto('/cruuency?code=BTCUSDT');
  const panel = page.getByTestId('trade-panel');
  await panel.locator('[data-direction="up"]').click();
  const takeProfit = panel.locator('input[name="takeProfit"]');
  await takeProfit.fill('9999999');

  // The price has passed the take-profit by the time the server opens the contract: 10105, at that field.
  sending.alter = (body) => ({ ...body, takeProfit: '1' });
  await panel.getByTestId('trade-review').click();
  await confirmContract(page);
  await expect(page.getByTestId('trade-confirm')).toBeHidden();
  // The server names the bound for the direction at the field (10105), not a generic refusal.
  const upBound = /^For Up, the take-profit must be above the open price, [\d.]+$/;
  await expect(takeProfit).toHaveAccessibleDescription(upBound);
  await expect(takeProfit).toHaveAttribute('aria-invalid', 'true');
  await expect(takeProfit).toBeFocused();
  await expect(takeProfit).toBeInViewport();
  await shot(page, 'ticket-take-profit', info.project.name);
  // Another field changing leaves it; sending again goes back to it instead of opening the confirm step.
  await panel.getByTestId('trade-leverage').getByRole('button').last().click();
  await expect(takeProfit).toHaveAccessibleDescription(upBound);
  await panel.getByTestId('trade-review').click();
  await expect(page.getByTestId('trade-confirm')).toBeHidden();
  await expect(takeProfit).toBeFocused();
  await takeProfit.fill('99999999');
  await expect(takeProfit).not.toHaveAttribute('aria-invalid');

  // The lots are no longer within the instrument's bounds: 10016, at the lots field, cleared by a step.
  sending.alter = (body) => ({ ...body, lots: '999999' });
  await panel.getByTestId('trade-review').click();
  await confirmContract(page);
  const lots = panel.getByRole('textbox', { name: 'Lots' });
  await expect(lots).toHaveAccessibleDescription('Wrong purchase amount');
  await expect(lots).toBeFocused();
  await expect(lots).toBeInViewport();
  await panel.getByRole('button', { name: 'More lots' }).click();
  await expect(lots).not.toHaveAttribute('aria-invalid');
  await expect(lots).not.toHaveAccessibleDescription('Wrong purchase amount');

  // Unaltered, the same ticket opens.
  sending.alter = null;
  await panel.getByTestId('trade-review').click();
  await confirmContract(page);
  await expect(page.getByText(/Contract opened: BTC\/USDT Up/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('loan: a refused amount goes back to the calculator at its field; a refused signature stays at the pad', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const errors = capturePageErrors(page);
  const customer = await signUp(request, 'loanf_');
  await verifyIdentity(request, customer);
  await signInBrowser(page, request, customer);
  // The real book, set in the app's own frame (the agreement's PDF viewer frame has no storage).
  await page.addInitScript(() => {
    if (window.top === window) localStorage.setItem('virtualStatus', '2');
  });
  const sending = await alterRequests(page, '**/api/swx/customer/user/loan');
  await page.goto('/loan');
  await page.getByRole('radio', { name: /Quick loan/ }).click();
  const amount = page.getByTestId('loan-amount');
  await amount.fill('100');

  const signAndConfirm = async () => {
    await page.getByTestId('loan-read').click();
    await expect(page.getByTestId('agreement-download')).toBeVisible();
    // A phone reads the agreement as drawn pages: read to the end before signing, as a person would (the
    // pages appear above the pad once pdf.js has opened the document).
    if (isMobileProject(info))
      await expect(page.getByTestId('agreement-page').last()).toHaveAttribute('data-drawn', 'true');
    await signWithMouse(page);
    await page.getByTestId('loan-accept').check();
    await page.getByTestId('loan-confirm').click();
  };

  // The product's bounds changed while the customer signed: 10013 sends them back to the amount.
  sending.alter = (body) => ({ ...body, amount: '100000000' });
  await signAndConfirm();
  await expect(page.getByTestId('loan-sign')).toHaveCount(0);
  await expect(amount).toBeEnabled();
  await expect(amount).toHaveAccessibleDescription('Wrong investment amount');
  await expect(amount).toBeFocused();
  await expect(amount).toBeInViewport();
  await shot(page, 'loan-amount-refused', info.project.name);
  // It stays through a submit, which goes back to it, until the amount changes.
  await page.getByTestId('loan-read').click();
  await expect(page.getByTestId('loan-sign')).toHaveCount(0);
  await expect(amount).toHaveAccessibleDescription('Wrong investment amount');
  await expect(amount).toBeFocused();
  await amount.fill('100.5');
  await expect(amount).not.toHaveAttribute('aria-invalid');

  // The signature that arrives is not a picture: 10108, at the pad, until it is drawn again.
  sending.alter = (body) => ({ ...body, signature: 'data:image/png;base64,AAAA' });
  await signAndConfirm();
  const pad = page.getByTestId('signature-pad');
  await expect(pad).toHaveAccessibleDescription('Loan agreement not signed');
  await expect(pad).toBeFocused();
  await expect(pad).toBeInViewport();
  await shot(page, 'loan-signature-refused', info.project.name);
  await page.getByTestId('loan-sign').getByRole('button', { name: 'Clear' }).click();
  await signWithMouse(page);
  await expect(pad).not.toHaveAttribute('aria-invalid');

  // Unaltered, the application goes through.
  sending.alter = null;
  await page.getByTestId('loan-confirm').click();
  await expect(page.getByTestId('loan-item').first().getByTestId('loan-status')).toHaveText('Under review');
  expect(errors).toEqual([]);
});

test('change password: a wrong current password is said at that field, not as "username or password"', async ({
  page,
  request,
}) => {
  const errors = capturePageErrors(page);
  await signInBrowser(page, request, await signUp(request, 'pwf_'));
  await page.goto('/profile/password');
  const current = page.getByLabel('Current password');
  await current.fill('not my password');
  await page.getByLabel('New password').fill('a brand new secret');
  await page.getByLabel('Confirm password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAccessibleDescription('Incorrect password');
  await expect(current).toBeFocused();
  // Not login's "Incorrect username or password" (the new password's hint may name the username).
  await expect(page.getByText(/username or password/i)).toHaveCount(0);
  // Another field changing leaves it; the current password changing clears it.
  await page.getByLabel('New password').fill('another brand new secret');
  await expect(current).toHaveAccessibleDescription('Incorrect password');
  await current.fill(password);
  await expect(current).not.toHaveAttribute('aria-invalid');
  expect(errors).toEqual([]);
});
